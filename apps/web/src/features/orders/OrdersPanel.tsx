import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Select, Skeleton, Tag } from 'antd';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { ORDER_DISPLAY, refundPercent, type OrderDisplay, type PayChannel } from '@rp/shared/rules/money';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { formatDateTime, formatPrice } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useLang } from '../../lib/use-lang';
import { cancelOrder, cancelRefund, downloadInvoice, findOrder, listOrders, type OrderView } from './api';
import { InvoiceDialog } from './InvoiceDialog';
import { RefundDialog } from './RefundDialog';
import {
  canApplyInvoice,
  CHANNEL_KEYS,
  INVOICE_STATUS_KEYS,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_KEYS,
  percent,
  REFUND_STATUS_KEYS,
  refundableItems,
} from './model';
import s from './orders.module.css';

const PAGE_SIZE = 10;

/** User center → My orders (?t=3): list, detail, pay again, cancel, refund request, invoice request and download. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<OrderDisplay | undefined>(undefined);
  const list = useQuery({ queryKey: ['orders', page, status], queryFn: () => listOrders({ page, size: PAGE_SIZE, status }) });

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className={s.boxTitle}>
        {t('orders:list.title')}
      </h2>
      <Select
        className={s.filter}
        aria-label={t('orders:list.filter')}
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? undefined : (v as OrderDisplay));
          setPage(0);
        }}
        options={[{ value: 'all', label: t('orders:list.all') }, ...ORDER_DISPLAY.map((d) => ({ value: d, label: t(ORDER_STATUS_KEYS[d]) }))]}
      />
      {list.isPending ? <Skeleton active /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, t('orders:loadFailed'))} /> : null}
      {list.data && list.data.content.length === 0 ? (
        <Empty description={t('orders:list.empty')}>
          <Link to="/activity">{t('orders:list.browse')}</Link>
        </Empty>
      ) : null}
      <div className={s.list}>
        {list.data?.content.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </div>
      {list.data && list.data.totalElements > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16 }}
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={list.data.totalElements}
          onChange={(p) => setPage(p - 1)}
          showSizeChanger={false}
        />
      ) : null}
    </section>
  );
}

/**
 * One order's card (refund request with the tier preview, invoice, refunds) for the screens that show a
 * single order once it is no longer awaiting payment: the ticket order page offers its refunds here.
 */
export function OrderManage({ orderNo }: { orderNo: string }) {
  const order = useQuery({ queryKey: ['order', orderNo], queryFn: () => findOrder(orderNo) });
  if (!order.data || order.data.status === 'unpaid' || order.data.status === 'inProgress') return null;
  return <OrderCard order={order.data} />;
}

function OrderCard({ order: o }: { order: OrderView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'refund' | 'invoice' | null>(null);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['orders'] }), qc.invalidateQueries({ queryKey: ['order', o.orderNo] })]);
  const cancel = useMutation({ mutationFn: () => cancelOrder(o.orderNo), onSuccess: () => refresh() });
  const refundable = o.refundEnabled ? refundableItems(o) : [];
  const download = useMutation({
    mutationFn: () => downloadInvoice(o.invoice!.downloadUrl!),
    onSuccess: (blob) => saveBlob(blob, `invoice-${o.invoice!.invoiceNo ?? o.orderNo}.pdf`),
  });

  return (
    <article className={s.box} aria-labelledby={`order-${o.id}`}>
      <div className={s.orderHead}>
        <div>
          <h3 id={`order-${o.id}`} className={s.boxTitle} style={{ marginBottom: 4 }}>
            {o.activityName}
          </h3>
          <span className={s.orderNo}>
            {t('orders:orderNo')}: {o.orderNo} · {formatDateTime(o.createdAt, lang)}
          </span>
        </div>
        <Tag color={ORDER_STATUS_COLORS[o.status]}>{t(ORDER_STATUS_KEYS[o.status])}</Tag>
      </div>
      <dl className={s.facts} style={{ marginTop: 12 }}>
        <dt>{t('orders:kind.label')}</dt>
        <dd>
          {o.type === 1
            ? t('orders:kind.codes', { count: o.items.length })
            : o.type === 3
              ? t('orders:kind.tickets', { count: o.items.length })
              : t('orders:kind.fees', { count: o.items.length })}
        </dd>
        <dt>{t('orders:amount')}</dt>
        <dd className={s.price}>{formatPrice(o.amountFen)}</dd>
        {o.refundedFen > 0 ? (
          <>
            <dt>{t('orders:refunded')}</dt>
            <dd className={s.price}>{formatPrice(o.refundedFen)}</dd>
          </>
        ) : null}
      </dl>
      {cancel.isError ? <Alert type="error" showIcon title={errorMessage(cancel.error, t('orders:cancelFailed'))} /> : null}
      {download.isError ? <Alert type="error" showIcon title={errorMessage(download.error, t('orders:invoice.downloadFailed'))} /> : null}
      <div className={s.actions} style={{ marginTop: 12 }}>
        {o.status === 'unpaid' || o.status === 'inProgress' ? (
          <>
            <Button
              type="primary"
              onClick={() => void navigate(o.type === 3 ? `/audienceOrder?orderNo=${o.orderNo}` : `/activityOrder?id=${o.activityId}&orderNo=${o.orderNo}`)}
            >
              {t('orders:payNow')}
            </Button>
            <Button loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('orders:cancel')}
            </Button>
          </>
        ) : null}
        {refundable.length > 0 ? <Button onClick={() => setDialog('refund')}>{t('orders:refund.request')}</Button> : null}
        {canApplyInvoice(o) ? <Button onClick={() => setDialog('invoice')}>{t('orders:invoice.request')}</Button> : null}
        {o.invoice?.downloadUrl ? (
          <Button loading={download.isPending} onClick={() => download.mutate()}>
            {t('orders:invoice.download')}
          </Button>
        ) : null}
        <Button type="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('orders:hideDetail') : t('orders:showDetail')}
        </Button>
      </div>
      {open ? <OrderDetail order={o} onChanged={refresh} /> : null}
      {dialog === 'refund' ? <RefundDialog order={o} onClose={() => setDialog(null)} onDone={refresh} /> : null}
      {dialog === 'invoice' ? <InvoiceDialog order={o} onClose={() => setDialog(null)} onDone={refresh} /> : null}
    </article>
  );
}

function OrderDetail({ order: o, onChanged }: { order: OrderView; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const cancel = useMutation({
    mutationFn: cancelRefund,
    onSuccess: () => {
      notify.success(t('orders:refund.cancelled'));
      onChanged();
    },
  });
  return (
    <div className={s.panel} style={{ marginTop: 12 }}>
      <section aria-label={t('orders:detail.items')}>
        <h4>{t('orders:detail.items')}</h4>
        <ul className={s.items}>
          {o.items.map((i) => (
            <li key={i.id}>
              <span>
                {i.label}
                {i.codeName ? <span className={s.orderNo}> · {i.codeName}</span> : null}
              </span>
              <span className={s.price}>
                {formatPrice(i.priceFen)}
                {i.refundedFen > 0 ? <span className={s.note}>{t('orders:refundedAmount', { amount: formatPrice(i.refundedFen) })}</span> : null}
              </span>
            </li>
          ))}
        </ul>
        <dl className={s.facts} style={{ marginTop: 8 }}>
          {o.paidAt ? (
            <>
              <dt>{t('orders:detail.paidAt')}</dt>
              <dd>{formatDateTime(o.paidAt, lang)}</dd>
              <dt>{t('orders:detail.paid')}</dt>
              <dd className={s.price}>{formatPrice(o.paidFen)}</dd>
            </>
          ) : null}
          {o.channel && o.channel in CHANNEL_KEYS ? (
            <>
              <dt>{t('orders:detail.channel')}</dt>
              <dd>{t(CHANNEL_KEYS[o.channel as PayChannel])}</dd>
            </>
          ) : null}
          <dt>{t('orders:detail.balance')}</dt>
          <dd className={s.price}>{formatPrice(o.balanceFen)}</dd>
        </dl>
      </section>
      {o.refunds.length > 0 ? (
        <section aria-label={t('orders:detail.refunds')}>
          <h4>{t('orders:detail.refunds')}</h4>
          {cancel.isError ? <Alert type="error" showIcon title={errorMessage(cancel.error, t('orders:cancelFailed'))} /> : null}
          <ul className={s.items}>
            {o.refunds.map((r) => (
              <li key={r.id}>
                <span>
                  {r.items.map((i) => i.label).join(t('orders:separator'))}
                  <span className={s.muted}> · {formatDateTime(r.createdAt, lang)}</span>
                  {refundPercent(r) ? <span className={s.muted}> · {t('orders:refund.percent', { percent: refundPercent(r) })}</span> : null}
                  {r.rejectReason ? <span className={s.muted}> · {t('orders:refund.rejectReason', { reason: r.rejectReason })}</span> : null}
                  {r.bankTransfer && r.status === 'processing' ? <span className={s.refundWhy}>{t('orders:refund.bankTransferring')}</span> : null}
                  {r.bankTransfer?.serial ? <span className={s.muted}> · {t('orders:refund.bankSerial', { serial: r.bankTransfer.serial })}</span> : null}
                  {r.decisionReason ? (
                    <span className={s.refundWhy}>
                      {t('orders:refund.decisionReason', { percent: percent(r.tierPerMille), amount: formatPrice(r.requestedFen), reason: r.decisionReason })}
                    </span>
                  ) : null}
                </span>
                <span className={s.price}>
                  <Tag>{t(REFUND_STATUS_KEYS[r.status])}</Tag>
                  {formatPrice(r.amountFen ?? r.requestedFen)}
                  {r.status === 'pending' ? (
                    <Button size="small" type="link" loading={cancel.isPending} onClick={() => cancel.mutate(r.refundNo)}>
                      {t('orders:refund.withdraw')}
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {o.invoice ? (
        <section aria-label={t('orders:detail.invoice')}>
          <h4>{t('orders:detail.invoice')}</h4>
          <p>
            <Tag>{t(INVOICE_STATUS_KEYS[o.invoice.status])}</Tag> {o.invoice.companyName}
            {o.invoice.invoiceNo ? <span className={s.orderNo}> · {o.invoice.invoiceNo}</span> : null}
          </p>
          <p className={s.muted}>{t('orders:invoice.amount', { amount: formatPrice(o.invoice.amountFen) })}</p>
          {o.invoice.status === 'pending' ? <p className={s.muted}>{t('orders:invoice.eta')}</p> : null}
          {o.invoice.rejectReason ? <p className={s.muted}>{t('orders:invoice.rejectReason', { reason: o.invoice.rejectReason })}</p> : null}
        </section>
      ) : null}
    </div>
  );
}
