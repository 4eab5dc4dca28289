import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Radio, Result, Skeleton, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { PayChannel } from '@rp/shared/rules/money';
import { errorMessage, isApiError } from '../../lib/api-client';
import { brandPay, inWechat, wechatMpAuthorizeUrl } from '../../lib/wechat';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { cancelOrder, fetchCheckout, findOrder, listBankAccounts, notifyFind, startPay, type OrderView, type PaymentActionWire } from './api';
import { CHANNEL_HINT_KEYS, CHANNEL_KEYS, deadlineStyle, mmss, payState, paymentScene, pollInterval, secondsLeft } from './model';
import s from './orders.module.css';

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
    refetchInterval: pollInterval(channel),
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
  const lang = useLang();
  const [now, setNow] = useState(() => Date.now());
  const unpaid = o.status === 'unpaid';
  // a short wait counts down; a bank transfer (days) shows its deadline as a date and time instead
  const countdown = unpaid && deadlineStyle(o, now) === 'countdown';
  useEffect(() => {
    if (!countdown) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [countdown]);
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
      {countdown ? (
        <p className={s.muted} role="timer">
          {left > 0 ? t('orders:expiresIn', { time: mmss(left) }) : t('orders:expiring')}
        </p>
      ) : unpaid ? (
        <p className={s.muted} data-testid="order-deadline">
          {t('orders:payBy', { date: formatDateTime(o.expiresAt, lang) })}
        </p>
      ) : null}
    </section>
  );
}

function ChooseChannel({ order: o, switching }: { order: OrderView; switching: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const checkout = useQuery({ queryKey: ['checkout', o.activityId], queryFn: () => fetchCheckout(o.activityId) });
  // switching away from an open attempt offers the other channels only
  const channels = (checkout.data?.channels ?? []).filter((c) => !switching || c !== o.payment?.channel);
  const [channel, setChannel] = useState<PayChannel | null>(null);
  const chosen = channel ?? (switching ? null : (channels[0] ?? null));
  // inside WeChat's browser: WeChat Pay as JSAPI pay (else its QR, to long-press), Alipay only from the system browser
  const wx = inWechat();
  const jsapi = wx && !!checkout.data?.wechatJsapi;
  const [openInBrowser, setOpenInBrowser] = useState(false);
  const [sheet, setSheet] = useState<'cancel' | 'fail' | null>(null);
  const sceneFor = (c: PayChannel) => (c === 'wechat' && jsapi ? 'jsapi' : c === 'wechat' && wx ? 'desktop' : paymentScene(window.innerWidth));
  const pay = useMutation({
    mutationFn: async (c: PayChannel) => {
      setSheet(null);
      try {
        return await startPay({ orderNo: o.orderNo, channel: c, scene: sceneFor(c) });
      } catch (e) {
        // the first WeChat payment of this account: the official account's silent authorisation, then back here
        if (!isApiError(e, 'WECHAT_OPENID_REQUIRED')) throw e;
        window.location.assign(await wechatMpAuthorizeUrl('pay', `${window.location.pathname}${window.location.search}`));
        return null;
      }
    },
    onSuccess: async (res) => {
      if (!res) return;
      const { order, action } = res;
      setChannel(null);
      qc.setQueryData(['order', o.orderNo], order);
      if (action.kind === 'redirect') window.location.assign(action.url);
      if (action.kind === 'jsapi') {
        const { kind: _k, ...sheetParams } = action;
        const result = await brandPay(sheetParams);
        // paid: the page learns it from the server (the gateway's notification) as it polls
        if (result === 'ok') void qc.invalidateQueries({ queryKey: ['order-notify', o.orderNo] });
        else setSheet(result);
      }
    },
  });
  // back from the authorisation (?wxpay=1): straight on to WeChat's pay sheet, once
  const resume = useRef(params.get('wxpay') === '1');
  useEffect(() => {
    if (!resume.current || !jsapi || !channels.includes('wechat')) return;
    resume.current = false;
    setParams(
      (p) => {
        p.delete('wxpay');
        return p;
      },
      { replace: true },
    );
    pay.mutate('wechat');
  }, [jsapi, channels, pay, setParams]);
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
            <span className={s.channelHint}>
              {t(
                c === 'wechat' && jsapi ? 'orders:channelHint.wechatJsapi' : c === 'alipay' && wx ? 'orders:channelHint.alipayInWechat' : CHANNEL_HINT_KEYS[c],
              )}
            </span>
          </Radio>
        ))}
      </Radio.Group>
      {pay.isError ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(pay.error, t('orders:pay.failed'))} /> : null}
      {sheet ? (
        <Alert
          style={{ marginTop: 12 }}
          type={sheet === 'cancel' ? 'info' : 'error'}
          showIcon
          title={t(sheet === 'cancel' ? 'orders:pay.sheetCancelled' : 'orders:pay.sheetFailed')}
        />
      ) : null}
      {openInBrowser ? <OpenInBrowser onClose={() => setOpenInBrowser(false)} /> : null}
      {cancel.isError ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(cancel.error, t('orders:cancelFailed'))} /> : null}
      <div className={s.actions} style={{ marginTop: 16 }}>
        <Button
          type="primary"
          size="large"
          disabled={!chosen}
          loading={pay.isPending}
          onClick={() => {
            if (!chosen) return;
            // Alipay cannot open inside WeChat: the order waits here, to be paid from the system browser
            if (wx && chosen === 'alipay') setOpenInBrowser(true);
            else pay.mutate(chosen);
          }}
        >
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
      {action.kind === 'bank' ? (
        <BankTransfer order={o} reference={action.reference} />
      ) : (
        <p className={s.muted} style={{ marginTop: 12 }}>
          <Spin size="small" /> {t('orders:pay.checking')}
        </p>
      )}
    </section>
  );
}

/**
 * Inside WeChat, Alipay's pages are blocked: the usual overlay points at the top-right menu ("Open in
 * browser"). The order stays as it is, so paying continues on this same page in the browser.
 */
function OpenInBrowser({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={s.browserOverlay} role="dialog" aria-modal="true" aria-labelledby="open-in-browser-title">
      <svg className={s.browserArrow} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <path d="M20 110 C 40 60, 70 40, 100 22" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        <path d="M78 18 L 104 18 L 98 44" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="open-in-browser-title" className={s.browserTitle}>
        {t('orders:pay.openInBrowserTitle')}
      </h2>
      <ol className={s.browserSteps}>
        <li>{t('orders:pay.openInBrowserStep1')}</li>
        <li>{t('orders:pay.openInBrowserStep2')}</li>
      </ol>
      <p>{t('orders:pay.openInBrowserKept')}</p>
      <button ref={ref} type="button" className={s.browserClose} onClick={onClose}>
        {t('orders:pay.openInBrowserClose')}
      </button>
    </div>
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
      {/* on a phone (or inside WeChat) nobody can scan their own screen: WeChat recognises a long-pressed code */}
      <p>{t(inWechat() || window.innerWidth <= 600 ? 'orders:pay.longPress' : 'orders:pay.scan')}</p>
    </div>
  );
}

/**
 * A bank transfer takes days: the account and the reference to write, the deadline as a date and time
 * (China time), and what happens next — no spinner (issue 24).
 */
function BankTransfer({ order: o, reference }: { order: OrderView; reference: string }) {
  const { t } = useTranslation();
  const lang = useLang();
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
      <p className={s.deadline} data-testid="bank-deadline">
        {t('orders:bank.deadline', { date: formatDateTime(o.payment?.expiresAt ?? o.expiresAt, lang) })}
      </p>
      <section aria-labelledby="bank-next-title">
        <h4 id="bank-next-title" className={s.nextTitle}>
          {t('orders:bank.nextTitle')}
        </h4>
        <ol className={s.nextSteps}>
          <li>{t('orders:bank.next1', { amount: formatPrice(o.amountFen), reference })}</li>
          <li>{t('orders:bank.next2')}</li>
          <li>{t('orders:bank.next3')}</li>
        </ol>
        <p className={s.muted}>{t('orders:bank.late')}</p>
      </section>
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
