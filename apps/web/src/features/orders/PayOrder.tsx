import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Radio, Result, Skeleton, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { PayChannel } from '@rp/shared/rules/money';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { cancelOrder, fetchCheckout, findOrder, listBankAccounts, notifyFind, startPay, type OrderView, type PaymentActionWire } from './api';
import { CHANNEL_HINT_KEYS, CHANNEL_KEYS, mmss, payState, paymentScene, secondsLeft } from './model';
import s from './orders.module.css';

const POLL_MS = 2000;
/** Where to start over: the ticket page for tickets, the buy block otherwise. */
const againHref = (o: OrderView) => (o.type === 3 ? `/audience?id=${o.activityId}` : `/activityOrder?id=${o.activityId}&buy=1`);

/** One order: what it holds, how to pay it, and the result once the gateway has told us (spec 7.7 lookups). */
export function PayOrder({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const order = useQuery({ queryKey: ['order', orderNo], queryFn: () => findOrder(orderNo) });
  const state = order.data ? payState(order.data) : null;
  const channel = order.data?.payment?.channel ?? order.data?.lastAttempt?.channel ?? null;
  // while a payment is open, ask the channel's notification lookup; refresh the order when something changed
  const poll = useQuery({
    queryKey: ['order-notify', orderNo, channel],
    queryFn: () => notifyFind(orderNo, channel),
    enabled: state === 'waiting',
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (poll.data && order.data && (poll.data.paid || poll.data.status !== order.data.status)) void qc.invalidateQueries({ queryKey: ['order', orderNo] });
  }, [poll.data, order.data, orderNo, qc]);

  if (order.isPending) return <Skeleton active />;
  if (order.isError) return <Alert type="error" showIcon title={errorMessage(order.error, t('orders:loadFailed'))} />;
  const o = order.data;

  return (
    <div className={s.panel} aria-live="polite">
      {state === 'paid' ? <Paid order={o} /> : null}
      {state === 'expired' ? (
        <Result
          status="warning"
          title={t('orders:result.expired')}
          subTitle={t('orders:result.expiredBody')}
          extra={<Link to={againHref(o)}>{t('orders:result.again')}</Link>}
        />
      ) : null}
      {state === 'cancelled' ? (
        <Result status="info" title={t('orders:result.cancelled')} extra={<Link to={againHref(o)}>{t('orders:result.again')}</Link>} />
      ) : null}
      {state === 'abnormal' ? <Result status="error" title={t('orders:result.abnormal')} subTitle={t('orders:result.abnormalBody')} /> : null}
      <OrderSummary order={o} />
      {state === 'failed' ? <Alert type="error" showIcon title={t('orders:result.failed')} description={t('orders:result.failedBody')} /> : null}
      {state === 'waiting' && o.payment ? <Waiting order={o} action={o.payment.action} /> : null}
      {state === 'choose' || state === 'failed' || state === 'waiting' ? <ChooseChannel order={o} switching={state === 'waiting'} /> : null}
    </div>
  );
}

function OrderSummary({ order: o }: { order: OrderView }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const unpaid = o.status === 'unpaid';
  useEffect(() => {
    if (!unpaid) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [unpaid]);
  const left = secondsLeft(o.expiresAt, now);
  return (
    <section className={s.box} aria-labelledby="order-title">
      <div className={s.orderHead}>
        <h3 id="order-title" className={s.boxTitle}>
          {o.activityName}
        </h3>
        <span className={s.orderNo}>
          {t('orders:orderNo')}: {o.orderNo}
        </span>
      </div>
      <ul className={s.items}>
        {o.items.map((i) => (
          <li key={i.id}>
            <span>{i.label}</span>
            <span className={s.price}>{formatPrice(i.priceFen)}</span>
          </li>
        ))}
      </ul>
      <div className={s.row} style={{ marginTop: 12 }}>
        <span>{t('orders:amount')}</span>
        <span className={s.total} data-testid="order-amount">
          {formatPrice(o.amountFen)}
        </span>
      </div>
      {unpaid ? (
        <p className={s.muted} role="timer">
          {left > 0 ? t('orders:expiresIn', { time: mmss(left) }) : t('orders:expiring')}
        </p>
      ) : null}
    </section>
  );
}

function ChooseChannel({ order: o, switching }: { order: OrderView; switching: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const checkout = useQuery({ queryKey: ['checkout', o.activityId], queryFn: () => fetchCheckout(o.activityId) });
  // switching away from an open attempt offers the other channels only
  const channels = (checkout.data?.channels ?? []).filter((c) => !switching || c !== o.payment?.channel);
  const [channel, setChannel] = useState<PayChannel | null>(null);
  const chosen = channel ?? (switching ? null : (channels[0] ?? null));
  const pay = useMutation({
    mutationFn: (c: PayChannel) => startPay({ orderNo: o.orderNo, channel: c, scene: paymentScene(window.innerWidth) }),
    onSuccess: ({ order, action }) => {
      setChannel(null);
      qc.setQueryData(['order', o.orderNo], order);
      if (action.kind === 'redirect') window.location.assign(action.url);
    },
  });
  const cancel = useMutation({ mutationFn: () => cancelOrder(o.orderNo), onSuccess: (order) => qc.setQueryData(['order', o.orderNo], order) });

  if (checkout.isPending) return <Skeleton active />;
  return (
    <section className={s.box} aria-labelledby="channel-title">
      <h3 id="channel-title" className={s.boxTitle}>
        {switching ? t('orders:pay.switch') : t('orders:pay.choose')}
      </h3>
      {channels.length === 0 ? <Alert type="warning" showIcon title={t('orders:pay.noChannels')} /> : null}
      <Radio.Group className={s.channels} value={chosen} onChange={(e) => setChannel(e.target.value as PayChannel)} aria-labelledby="channel-title">
        {channels.map((c) => (
          <Radio key={c} value={c} className={s.channel}>
            {t(CHANNEL_KEYS[c])}
            <span className={s.channelHint}>{t(CHANNEL_HINT_KEYS[c])}</span>
          </Radio>
        ))}
      </Radio.Group>
      {pay.isError ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(pay.error, t('orders:pay.failed'))} /> : null}
      {cancel.isError ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(cancel.error, t('orders:cancelFailed'))} /> : null}
      <div className={s.actions} style={{ marginTop: 16 }}>
        <Button type="primary" size="large" disabled={!chosen} loading={pay.isPending} onClick={() => chosen && pay.mutate(chosen)}>
          {t('orders:pay.submit', { amount: formatPrice(o.amountFen) })}
        </Button>
        <Button size="large" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          {t('orders:cancel')}
        </Button>
      </div>
    </section>
  );
}

function Waiting({ order: o, action }: { order: OrderView; action: PaymentActionWire }) {
  const { t } = useTranslation();
  return (
    <section className={s.box} aria-labelledby="waiting-title">
      <h3 id="waiting-title" className={s.boxTitle}>
        {t(o.payment?.channel === 'bank' ? 'orders:pay.bankTitle' : 'orders:pay.waiting')}
      </h3>
      {action.kind === 'qr' ? <QrPay codeUrl={action.codeUrl} /> : null}
      {action.kind === 'redirect' ? (
        <div className={s.actions}>
          <Button type="primary" size="large" href={action.url}>
            {t('orders:pay.continue')}
          </Button>
        </div>
      ) : null}
      {action.kind === 'bank' ? <BankTransfer order={o} reference={action.reference} /> : null}
      <p className={s.muted} style={{ marginTop: 12 }}>
        <Spin size="small" /> {t('orders:pay.checking')}
      </p>
    </section>
  );
}

function QrPay({ codeUrl }: { codeUrl: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(codeUrl, { margin: 1, width: 440 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [codeUrl]);
  return (
    <div className={s.qr}>
      {src ? <img src={src} alt={t('orders:pay.qrAlt')} /> : <Spin />}
      <p>{t('orders:pay.scan')}</p>
    </div>
  );
}

function BankTransfer({ order: o, reference }: { order: OrderView; reference: string }) {
  const { t } = useTranslation();
  const accounts = useQuery({ queryKey: ['bank-accounts', o.activityId], queryFn: () => listBankAccounts(o.activityId) });
  return (
    <div className={s.panel}>
      <Alert type="info" showIcon title={t('orders:bank.lead', { amount: formatPrice(o.amountFen), reference })} />
      <dl className={s.facts}>
        <dt>{t('orders:bank.reference')}</dt>
        <dd>
          <strong data-testid="bank-reference">{reference}</strong>
        </dd>
        <dt>{t('orders:bank.amount')}</dt>
        <dd>{formatPrice(o.amountFen)}</dd>
      </dl>
      {accounts.isPending ? <Skeleton active /> : null}
      {(accounts.data ?? []).map((a) => (
        <dl key={a.id} className={`${s.facts} ${s.box}`}>
          <dt>{t('orders:bank.accountName')}</dt>
          <dd>{a.accountName}</dd>
          <dt>{t('orders:bank.bankName')}</dt>
          <dd>{a.bankName}</dd>
          <dt>{t('orders:bank.accountNo')}</dt>
          <dd>{a.accountNo}</dd>
          {a.remark ? (
            <>
              <dt>{t('orders:bank.remark')}</dt>
              <dd>{a.remark}</dd>
            </>
          ) : null}
        </dl>
      ))}
      <p className={s.muted}>{t('orders:bank.note')}</p>
    </div>
  );
}

function Paid({ order: o }: { order: OrderView }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t('orders:result.paid')}
      subTitle={
        o.type === 1
          ? t('orders:result.paidCodes', { count: o.items.length })
          : o.type === 3
            ? t('orders:result.paidTickets', { count: o.items.length })
            : t('orders:result.paidPlayers', { count: o.items.length })
      }
      extra={
        <div className={s.actions} style={{ justifyContent: 'center', gap: 24 }}>
          {o.type === 3 ? (
            <Link to="/userCenter?t=4">{t('orders:result.toTickets')}</Link>
          ) : (
            <Link to={`/activityEnter?id=${o.activityId}`}>{t('orders:result.toRegistration')}</Link>
          )}
          <Link to="/userCenter?t=3">{t('orders:result.toOrders')}</Link>
        </div>
      }
    />
  );
}
