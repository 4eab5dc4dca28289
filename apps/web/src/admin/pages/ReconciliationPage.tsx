import { Alert, App, Button, Grid, Table, Typography, type TableProps } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@rp/shared/rules/money';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../resources/cells';
import { owedRefundsQuery, pendingOrdersQuery, reconcileMutation, type AdminRefund, type PendingOrder } from './money-api';
import { BankRefundTransfer } from './money/BankRefund';
import { CHANNEL_KEYS, labelOf, PAYMENT_STATUS_KEYS, REFUND_KIND_KEYS } from './money/labels';
import { ScrollableTable } from './ScrollableTable';
import { usePagedTable } from './usePaging';
import s from '../admin.module.css';
import m from './money/money.module.css';

/**
 * Reconciliation (issue 10): orders waiting for money, with when their gateway was last asked; the job
 * runs on its own, and staff can run it now and see what it found. Below, the money owed (issue 34):
 * bank-paid refunds approved and not yet transferred back, with what to transfer to whom.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = usePagedTable(pendingOrdersQuery);
  const run = useMutation(reconcileMutation);
  const title = t('admin:menu.reconciliation');

  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: () => void message.success(t('admin:money.reconcileDone')),
      onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
    });

  const time = (v: string | null) => <span className={m.money}>{formatDateTime(v)}</span>;
  const columns: TableProps<PendingOrder>['columns'] = [
    {
      title: t('admin:money.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string, o) => (
        <Link to={`/admin/r/orders/${o.id}`} className={s.mono}>
          {v}
        </Link>
      ),
    },
    { title: t('admin:money.channel'), dataIndex: 'channel', render: (v: string) => labelOf(t, CHANNEL_KEYS, v) },
    { title: t('admin:money.outTradeNo'), dataIndex: 'outTradeNo', render: (v: string) => <span className={s.mono}>{v}</span> },
    { title: t('admin:money.attemptStatus'), dataIndex: 'paymentStatus', render: (v: string) => labelOf(t, PAYMENT_STATUS_KEYS, v) },
    { title: t('admin:money.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => <span className={m.money}>{formatYuan(v)}</span> },
    { title: t('admin:money.createdAt'), dataIndex: 'createdAt', render: time },
    { title: t('admin:money.expiresAt'), dataIndex: 'expiresAt', render: time },
    { title: t('admin:money.lastQueriedAt'), dataIndex: 'lastQueriedAt', render: (v: string | null) => (v ? time(v) : t('admin:money.neverQueried')) },
  ];

  const [owedPage, setOwedPage] = useState({ page: 1, size: 20 });
  const owed = useQuery(owedRefundsQuery(owedPage.page - 1, owedPage.size));
  const owedTitle = t('admin:money.owedTitle');
  // on a phone what to transfer to whom comes first
  const narrow = !Grid.useBreakpoint().md;
  const transferColumn = {
    key: 'bank',
    title: t('admin:money.bankRefund.column'),
    width: 300,
    render: (_: unknown, x: AdminRefund) => <BankRefundTransfer refund={x} />,
  };
  const owedColumns: TableProps<AdminRefund>['columns'] = [
    ...(narrow ? [transferColumn] : []),
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
    { title: t('admin:money.refundKindColumn'), dataIndex: 'kind', render: (v: string) => labelOf(t, REFUND_KIND_KEYS, v) },
    {
      title: t('admin:money.amountFen'),
      dataIndex: 'amountFen',
      align: 'right',
      render: (v: number | null) => <span className={m.money}>{formatYuan(v ?? 0)}</span>,
    },
    { title: t('admin:money.decidedAt'), dataIndex: 'decidedAt', render: time },
    ...(narrow ? [] : [transferColumn]),
  ];

  const r = run.data;
  return (
    <section>
      <div className={s.titleRow}>
        <Typography.Title level={1} className={s.pageTitle}>
          {title}
        </Typography.Title>
        <Button type="primary" icon={<SyncOutlined />} loading={run.isPending} onClick={onRun}>
          {t('admin:money.reconcileRun')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">{t('admin:money.reconcileIntro')}</Typography.Paragraph>
      {r ? (
        <Alert
          type={r.paid > 0 ? 'success' : 'info'}
          showIcon
          className={m.runResult}
          role="status"
          title={t('admin:money.reconcileResult', { checked: r.checked, paid: r.paid, expired: r.expired, refunds: r.refundsChecked })}
          description={r.lastRunAt ? t('admin:money.reconcileLastRun', { at: formatDateTime(r.lastRunAt) }) : undefined}
        />
      ) : null}
      <ScrollableTable label={title}>
        <Table<PendingOrder> {...table} size="small" columns={columns} scroll={{ x: 'max-content' }} />
      </ScrollableTable>
      <Typography.Title level={2} className={m.sectionTitle}>
        {owedTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:money.owedIntro')}</Typography.Paragraph>
      <ScrollableTable label={owedTitle}>
        <Table<AdminRefund>
          rowKey="id"
          size="small"
          loading={owed.isFetching}
          dataSource={owed.data?.content ?? []}
          columns={owedColumns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin:money.owedNone') }}
          pagination={{
            current: owedPage.page,
            pageSize: owedPage.size,
            total: owed.data?.totalElements ?? 0,
            showTotal: (total) => t('admin:table.total', { total }),
            onChange: (page, size) => setOwedPage({ page, size }),
          }}
        />
      </ScrollableTable>
    </section>
  );
}
