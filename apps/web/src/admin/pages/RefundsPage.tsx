import { useState } from 'react';
import { App, Button, Grid, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatYuan, REFUND_STATUSES } from '@rp/shared/rules/money';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatDateTime } from '../resources/cells';
import { decideRefundMutation, refundsQuery, type AdminRefund, type RefundDecision } from './money-api';
import { ApproveRefundDialog, ReasonDialog } from './money/dialogs';
import { BankRefundTransfer } from './money/BankRefund';
import { CHANNEL_KEYS, labelOf, RATIO_KEYS, REFUND_KIND_KEYS, REFUND_STATUS_KEYS } from './money/labels';
import { perMilleText, tierChoice } from './money/model';
import { useStatusPaging } from './money/paging';
import { ScrollableTable } from './ScrollableTable';
import s from '../admin.module.css';
import m from './money/money.module.css';

/**
 * Refunds (issue 10): members' requests wait for staff. Approve with a ratio of spec 9 (the amount
 * computed live, the member's tier shown beside it; below it with a reason the member sees, issue 24)
 * or reject with the required reason (spec 5). A bank-paid refund stays processing until staff transfer it
 * back and record the serial (issue 34: BankRefundTransfer).
 */
export default function RefundsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { status, setStatus, page0, size, pagination } = useStatusPaging(REFUND_STATUSES);
  const list = useQuery(refundsQuery(status, page0, size));
  const decision = useMutation(decideRefundMutation);
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);
  // a phone keeps the rows readable: the actions scroll with them
  const narrow = !Grid.useBreakpoint().md;

  const decide = (r: AdminRefund, d: RefundDecision) =>
    decision.mutate(
      { id: r.id, decision: d },
      {
        onSuccess: (res) => {
          message.success(res.resultStr);
          setApproving(null);
          setRejecting(null);
        },
        onError: (e) => {
          message.error(errorMessage(e, t('admin:resource.failed')));
          // decided elsewhere meanwhile: the dialog has nothing left to decide (the list refetches)
          if (isApiError(e, 'REFUND_NOT_PENDING', 'NOT_FOUND')) {
            setApproving(null);
            setRejecting(null);
            void list.refetch();
          }
        },
      },
    );

  const money = (fen: number | null) => (fen === null ? '—' : <span className={m.money}>{formatYuan(fen)}</span>);
  const decided = status !== 'pending';
  const columns: TableProps<AdminRefund>['columns'] = [
    { title: t('admin:money.refundNo'), dataIndex: 'refundNo', render: (v: string) => <span className={s.mono}>{v}</span> },
    {
      title: t('admin:money.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string) => (
        <Link to={`/admin/r/orders?orderNo=${encodeURIComponent(v)}`} className={s.mono}>
          {v}
        </Link>
      ),
    },
    // what was decided first: the amount and the choice behind it
    ...(decided
      ? [
          { title: t('admin:money.amountFen'), dataIndex: 'amountFen', align: 'right' as const, render: money },
          { title: t('admin:money.ratioColumn'), dataIndex: 'ratio', render: (v: string | null) => labelOf(t, RATIO_KEYS, v) },
          {
            title: t('admin:money.decisionReasonColumn'),
            dataIndex: 'decisionReason',
            width: 180,
            render: (v: string) => <span className={m.wrapText}>{v || '—'}</span>,
          },
        ]
      : []),
    // a bank-paid refund: what to transfer to whom, and its serial once done (issue 34)
    ...(status === 'processing' || status === 'success'
      ? [
          {
            key: 'bank',
            title: t('admin:money.bankRefund.column'),
            width: 300,
            render: (_: unknown, r: AdminRefund) => <BankRefundTransfer refund={r} />,
          },
        ]
      : []),
    ...(status === 'rejected'
      ? [
          {
            title: t('admin:money.rejectReasonColumn'),
            dataIndex: 'rejectReason',
            width: 180,
            render: (v: string | null) => <span className={m.wrapText}>{v ?? '—'}</span>,
          },
        ]
      : []),
    {
      title: t('admin:money.items'),
      width: 220,
      render: (_, r) => (
        <span className={m.wrapText}>
          {r.items.map((i) => i.label).join(t('admin:money.listSeparator')) || '—'} ({t('admin:money.personsCount', { count: r.persons })})
        </span>
      ),
    },
    { title: t('admin:money.baseFen'), dataIndex: 'baseFen', align: 'right', render: money },
    {
      title: t('admin:money.memberTier'),
      align: 'right',
      render: (_, r) => (
        <span className={m.money}>
          {formatYuan(r.requestedFen)} <Typography.Text type="secondary">({perMilleText(r.tierPerMille)})</Typography.Text>
        </span>
      ),
    },
    { title: t('admin:money.reason'), dataIndex: 'reason', width: 180, render: (v: string) => <span className={m.wrapText}>{v || '—'}</span> },
    { title: t('admin:money.refundKindColumn'), dataIndex: 'kind', render: (v: string) => <Tag>{labelOf(t, REFUND_KIND_KEYS, v)}</Tag> },
    { title: t('admin:money.channel'), dataIndex: 'channel', render: (v: string) => labelOf(t, CHANNEL_KEYS, v) },
    { title: t('admin:money.requestedAt'), dataIndex: 'createdAt', render: (v: string) => <span className={m.money}>{formatDateTime(v)}</span> },
    ...(decided
      ? [{ title: t('admin:money.decidedAt'), dataIndex: 'decidedAt', render: (v: string | null) => <span className={m.money}>{formatDateTime(v)}</span> }]
      : []),
    ...(status === 'pending'
      ? [
          {
            title: t('admin:money.actions'),
            fixed: narrow ? undefined : ('right' as const),
            render: (_: unknown, r: AdminRefund) => (
              <Space size={4}>
                <Button size="small" type="primary" aria-label={t('admin:money.approveOf', { refundNo: r.refundNo })} onClick={() => setApproving(r)}>
                  {t('admin:money.approve')}
                </Button>
                <Button size="small" danger aria-label={t('admin:money.rejectOf', { refundNo: r.refundNo })} onClick={() => setRejecting(r)}>
                  {t('admin:money.reject')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  // on a phone the actions come first, beside the refund they decide (a bank refund's transfer back too)
  const bank = columns.findIndex((c) => c.key === 'bank');
  const shown =
    narrow && status === 'pending'
      ? [columns.at(-1)!, ...columns.slice(0, -1)]
      : narrow && bank >= 0
        ? [columns[bank]!, ...columns.filter((_, i) => i !== bank)]
        : columns;
  const title = t('admin:resources.refunds');
  return (
    <section>
      <Typography.Title level={1} className={s.pageTitle}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:money.refundsIntro')}</Typography.Paragraph>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as AdminRefund['status'])}
        className={m.tabs}
        // on a phone the six statuses stand in a column: in a row they overflow, and antd's "more" button inside
        // the tab list is no tab (axe aria-required-children)
        tabPosition={narrow ? 'left' : 'top'}
        items={REFUND_STATUSES.map((st) => ({ key: st, label: t(REFUND_STATUS_KEYS[st]) }))}
      />
      <ScrollableTable label={title}>
        <Table<AdminRefund>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          columns={shown}
          pagination={pagination(list.data?.totalElements ?? 0)}
        />
      </ScrollableTable>
      <ApproveRefundDialog
        key={approving?.id ?? 'none'}
        refund={approving}
        initialRatio={approving ? tierChoice(approving.tierPerMille) : null}
        pending={decision.isPending}
        onSubmit={(body) => approving && decide(approving, body)}
        onCancel={() => setApproving(null)}
      />
      <ReasonDialog
        open={!!rejecting}
        id="refund-reject"
        title={rejecting ? t('admin:money.rejectTitle', { refundNo: rejecting.refundNo }) : ''}
        label={t('admin:money.rejectReason')}
        okText={t('admin:money.confirmReject')}
        pending={decision.isPending}
        onSubmit={(reason) => rejecting && decide(rejecting, { approve: false, reason })}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
