import { useState } from 'react';
import { App, Button, Card, Descriptions, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, BankOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@rp/shared/rules/money';
import { errorMessage, isApiError } from '../../lib/api-client';
import { parseId } from '../../lib/format';
import { formatDateTime } from '../resources/cells';
import { cancelOrderMutation, confirmTransferMutation, orderDetailQuery, type OrderView, type RefundView } from './money-api';
import { TransferDialog } from './money/dialogs';
import { InvoiceFields } from './money/InvoiceFields';
import {
  CHANNEL_KEYS,
  CLOSE_REASON_KEYS,
  ITEM_KIND_KEYS,
  ITEM_STATUS_KEYS,
  labelOf,
  ORDER_DISPLAY_COLORS,
  ORDER_DISPLAY_KEYS,
  ORDER_TYPE_KEYS,
  PAYMENT_STATUS_KEYS,
  RATIO_KEYS,
  REFUND_KIND_KEYS,
  REFUND_STATUS_COLORS,
  REFUND_STATUS_KEYS,
} from './money/labels';
import { perMilleText } from './money/model';
import s from '../admin.module.css';
import m from './money/money.module.css';

/** /admin/r/orders/:id — a malformed id is a 404 (the admin error boundary shows it). */
export function loader({ params }: LoaderFunctionArgs): { id: number } {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404, statusText: 'Not Found' });
  return { id };
}

/** An order as staff see it: lines, payment attempts, refunds, invoice; confirm a bank transfer or cancel. */
export default function OrderDetailPage() {
  const { id } = useLoaderData() as { id: number };
  return <OrderDetail key={id} id={id} />;
}

function BackToOrders() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/admin/r/orders')}>
      {t('admin:resource.backToList', { name: t('admin:resources.orders') })}
    </Button>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(orderDetailQuery(id));
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) {
    const notFound = isApiError(query.error, 'ORDER_NOT_FOUND', 'NOT_FOUND');
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('errors:notFound.title') : t('admin:resource.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.message : undefined}
        extra={<BackToOrders />}
      />
    );
  }
  return <OrderBody order={query.data} />;
}

function OrderBody({ order: o }: { order: OrderView }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const transfer = useMutation(confirmTransferMutation);
  const cancel = useMutation(cancelOrderMutation);
  const [transferOpen, setTransferOpen] = useState(false);
  const unpaid = o.status === 'unpaid' || o.status === 'inProgress';
  const bankOpen = unpaid && o.payment?.channel === 'bank';
  const yuan = (fen: number) => <span className={m.money}>{formatYuan(fen)}</span>;
  const time = (v: string | null) => <span className={m.money}>{formatDateTime(v)}</span>;

  const onCancel = () =>
    modal.confirm({
      title: t('admin:money.cancelTitle', { orderNo: o.orderNo }),
      content: t('admin:money.cancelBody'),
      okText: t('admin:money.cancelOrder'),
      okButtonProps: { danger: true },
      cancelText: t('admin:money.keepOrder'),
      onOk: () =>
        cancel
          .mutateAsync(o.id)
          .then((res) => void message.success(res.resultStr))
          .catch((e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')))),
    });

  const refundColumns = [
    { title: t('admin:money.refundNo'), dataIndex: 'refundNo', render: (v: string) => <span className={s.mono}>{v}</span> },
    { title: t('admin:money.refundKindColumn'), dataIndex: 'kind', render: (v: string) => labelOf(t, REFUND_KIND_KEYS, v) },
    {
      title: t('admin:money.status'),
      dataIndex: 'status',
      render: (v: RefundView['status']) => <Tag color={REFUND_STATUS_COLORS[v]}>{labelOf(t, REFUND_STATUS_KEYS, v)}</Tag>,
    },
    { title: t('admin:money.items'), render: (_: unknown, r: RefundView) => r.items.map((i) => i.label).join(t('admin:money.listSeparator')) || '—' },
    { title: t('admin:money.baseFen'), dataIndex: 'baseFen', align: 'right' as const, render: yuan },
    {
      title: t('admin:money.memberTier'),
      align: 'right' as const,
      render: (_: unknown, r: RefundView) => (
        <span className={m.money}>
          {formatYuan(r.requestedFen)} ({perMilleText(r.tierPerMille)})
        </span>
      ),
    },
    { title: t('admin:money.ratioColumn'), dataIndex: 'ratio', render: (v: string | null) => labelOf(t, RATIO_KEYS, v) },
    { title: t('admin:money.amountFen'), dataIndex: 'amountFen', align: 'right' as const, render: (v: number | null) => (v === null ? '—' : yuan(v)) },
    { title: t('admin:money.reason'), render: (_: unknown, r: RefundView) => <span className={m.wrapText}>{r.rejectReason ?? (r.reason || '—')}</span> },
    { title: t('admin:money.requestedAt'), dataIndex: 'createdAt', render: time },
  ];

  return (
    <>
      <div className={s.titleRow}>
        <Typography.Title level={1} className={s.pageTitle}>
          {t('admin:money.orderTitle', { orderNo: o.orderNo })}
        </Typography.Title>
        <BackToOrders />
      </div>

      <div className={m.statusLine}>
        <Tag color={ORDER_DISPLAY_COLORS[o.status]}>{labelOf(t, ORDER_DISPLAY_KEYS, o.status)}</Tag>
        {unpaid ? (
          <div className={m.actions}>
            {bankOpen ? (
              <Button type="primary" icon={<BankOutlined />} onClick={() => setTransferOpen(true)}>
                {t('admin:money.confirmTransfer')}
              </Button>
            ) : null}
            <Button danger icon={<CloseCircleOutlined />} loading={cancel.isPending} onClick={onCancel}>
              {t('admin:money.cancelOrder')}
            </Button>
          </div>
        ) : null}
      </div>

      <Card size="small" className={s.card} title={<h2 className={m.cardTitle}>{t('admin:money.summary')}</h2>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'orderNo', label: t('admin:money.orderNo'), children: <span className={s.mono}>{o.orderNo}</span> },
            { key: 'activity', label: t('admin:money.activity'), children: o.activityName || `#${o.activityId}` },
            { key: 'type', label: t('admin:money.orderType'), children: labelOf(t, ORDER_TYPE_KEYS, o.type) },
            { key: 'amount', label: t('admin:money.amountFen'), children: yuan(o.amountFen) },
            { key: 'paid', label: t('admin:money.paidFen'), children: yuan(o.paidFen) },
            { key: 'refunded', label: t('admin:money.refundedFen'), children: yuan(o.refundedFen) },
            { key: 'balance', label: t('admin:money.balanceFen'), children: yuan(o.balanceFen) },
            { key: 'channel', label: t('admin:money.channel'), children: labelOf(t, CHANNEL_KEYS, o.channel) },
            { key: 'payer', label: t('admin:money.payerPhone'), children: o.payerPhone || '—' },
            { key: 'quantity', label: t('admin:money.quantity'), children: o.quantity },
            ...(o.teamId ? [{ key: 'team', label: t('admin:money.team'), children: o.teamName ?? `#${o.teamId}` }] : []),
            { key: 'created', label: t('admin:money.createdAt'), children: time(o.createdAt) },
            { key: 'expires', label: t('admin:money.expiresAt'), children: time(o.expiresAt) },
            { key: 'paidAt', label: t('admin:money.paidAt'), children: time(o.paidAt) },
            ...(o.closeReason ? [{ key: 'close', label: t('admin:money.closeReasonLabel'), children: labelOf(t, CLOSE_REASON_KEYS, o.closeReason) }] : []),
          ]}
        />
      </Card>

      <Card size="small" className={s.card} title={<h2 className={m.cardTitle}>{t('admin:money.attempts')}</h2>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'open',
              label: t('admin:money.openAttempt'),
              children: o.payment ? (
                <span>
                  {labelOf(t, CHANNEL_KEYS, o.payment.channel)} · <span className={s.mono}>{o.payment.outTradeNo}</span> ·{' '}
                  {labelOf(t, PAYMENT_STATUS_KEYS, o.payment.status)}
                </span>
              ) : (
                t('admin:money.none')
              ),
            },
            ...(o.payment
              ? [
                  { key: 'attemptExpires', label: t('admin:money.attemptExpires'), children: time(o.payment.expiresAt) },
                  ...(o.payment.action.kind === 'bank'
                    ? [{ key: 'reference', label: t('admin:money.transferReference'), children: <span className={s.mono}>{o.payment.action.reference}</span> }]
                    : []),
                ]
              : []),
            {
              key: 'last',
              label: t('admin:money.lastAttempt'),
              children: o.lastAttempt
                ? `${labelOf(t, CHANNEL_KEYS, o.lastAttempt.channel)} · ${labelOf(t, PAYMENT_STATUS_KEYS, o.lastAttempt.status)}`
                : t('admin:money.none'),
            },
            {
              key: 'payments',
              label: t('admin:resources.payments'),
              children: <Link to={`/admin/r/payments?orderId=${o.id}`}>{t('admin:money.allAttempts')}</Link>,
            },
          ]}
        />
      </Card>

      <Card size="small" className={s.card} title={<h2 className={m.cardTitle}>{t('admin:money.lines')}</h2>}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={o.items}
          columns={[
            { title: t('admin:money.lineLabel'), dataIndex: 'label', render: (v: string) => <span className={m.wrapText}>{v || '—'}</span> },
            { title: t('admin:money.lineKind'), dataIndex: 'kind', render: (v: string) => labelOf(t, ITEM_KIND_KEYS, v) },
            { title: t('admin:money.codeName'), dataIndex: 'codeName', render: (v: string | null) => <span className={s.mono}>{v ?? '—'}</span> },
            { title: t('admin:money.priceFen'), dataIndex: 'priceFen', align: 'right', render: yuan },
            { title: t('admin:money.status'), dataIndex: 'status', render: (v: string) => <Tag>{labelOf(t, ITEM_STATUS_KEYS, v)}</Tag> },
            { title: t('admin:money.refundedFen'), dataIndex: 'refundedFen', align: 'right', render: yuan },
          ]}
        />
      </Card>

      <Card size="small" className={s.card} title={<h2 className={m.cardTitle}>{t('admin:money.refunds')}</h2>}>
        {o.refunds.length ? (
          <Table<RefundView> rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }} dataSource={o.refunds} columns={refundColumns} />
        ) : (
          <Typography.Text type="secondary">{t('admin:money.none')}</Typography.Text>
        )}
        {o.refunds.some((r) => r.status === 'pending') ? (
          <div className={m.cardFoot}>
            <Link to="/admin/refunds">{t('admin:money.decideRefunds')}</Link>
          </div>
        ) : null}
      </Card>

      <Card size="small" className={s.card} title={<h2 className={m.cardTitle}>{t('admin:money.invoice')}</h2>}>
        {o.invoice ? (
          <>
            <InvoiceFields inv={o.invoice} />
            <div className={m.cardFoot}>
              <Link to={`/admin/invoices${o.invoice.status === 'pending' ? '' : `?status=${o.invoice.status}`}`}>{t('admin:money.toInvoices')}</Link>
            </div>
          </>
        ) : (
          <Typography.Text type="secondary">{t('admin:money.none')}</Typography.Text>
        )}
      </Card>

      <TransferDialog
        open={transferOpen}
        orderNo={o.orderNo}
        dueFen={Math.max(0, o.amountFen - o.paidFen)}
        pending={transfer.isPending}
        onCancel={() => setTransferOpen(false)}
        onSubmit={(body) =>
          transfer.mutate(
            { id: o.id, ...body },
            {
              onSuccess: (res) => {
                message.success(res.resultStr);
                setTransferOpen(false);
              },
              onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
            },
          )
        }
      />
    </>
  );
}
