import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, InputNumber, Radio, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { ORDER_MAX_ITEMS } from '@rp/shared/rules/money';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { loginUrl } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { createCodeOrder, feePreview, fetchCheckout, payPlayers, type Checkout as CheckoutData } from './api';
import { parseIds } from './model';
import { PayOrder } from './PayOrder';
import { RefundPolicy } from './RefundPolicy';
import s from './orders.module.css';

/**
 * The money block of /activityOrder: buy codes (plan × quantity), pay the fee of a team or of chosen
 * players (?teamId= / ?memberIds=), or pay and follow an order (?orderNo=, also where gateways return).
 */
export default function Checkout({ activityId }: { activityId: number | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('orderNo');
  const teamId = parseIds(params.get('teamId'))[0];
  const memberIds = parseIds(params.get('memberIds'));

  if (!user) {
    return (
      <div className={s.box}>
        <p>{t('orders:loginFirst')}</p>
        <Link to={loginUrl()}>{t('orders:login')}</Link>
      </div>
    );
  }
  const showOrder = (no: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams();
        if (p.get('id')) next.set('id', p.get('id')!);
        next.set('orderNo', no);
        return next;
      },
      { replace: false },
    );
  if (orderNo) return <PayOrder orderNo={orderNo} />;
  if (activityId === null) return <Empty description={t('orders:noActivity')} />;
  if (teamId || memberIds.length > 0) return <PayPlayers activityId={activityId} teamId={teamId} memberIds={memberIds} onOrder={showOrder} />;
  return <BuyCodes activityId={activityId} onOrder={showOrder} />;
}

function useCheckout(activityId: number) {
  return useQuery({ queryKey: ['checkout', activityId], queryFn: () => fetchCheckout(activityId) });
}

function BuyCodes({ activityId, onOrder }: { activityId: number; onOrder: (orderNo: string) => void }) {
  const { t } = useTranslation();
  const checkout = useCheckout(activityId);
  const [planId, setPlanId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const create = useMutation({ mutationFn: createCodeOrder, onSuccess: (o) => onOrder(o.orderNo) });
  const plans = useMemo(() => checkout.data?.plans ?? [], [checkout.data]);
  useEffect(() => {
    if (planId === null && plans.length > 0) setPlanId(plans.find((p) => p.stock === null || p.stock > 0)?.id ?? null);
  }, [plans, planId]);

  if (checkout.isPending) return <Skeleton active />;
  if (checkout.isError) return <Alert type="error" showIcon title={errorMessage(checkout.error, t('orders:loadFailed'))} />;
  const data = checkout.data;
  if (plans.length === 0) return <Empty description={t('orders:buy.noPlans')} />;
  const plan = plans.find((p) => p.id === planId) ?? null;
  const max = Math.min(ORDER_MAX_ITEMS, plan?.stock ?? ORDER_MAX_ITEMS);
  const qty = quantity ?? 0;
  const valid = plan !== null && qty >= 1 && qty <= max && Number.isInteger(qty);

  return (
    <div className={s.panel}>
      <section className={s.box} aria-labelledby="buy-title">
        <h3 id="buy-title" className={s.boxTitle}>
          {t('orders:buy.title')}
        </h3>
        <Radio.Group className={s.plans} value={planId} onChange={(e) => setPlanId(e.target.value as number)} aria-label={t('orders:buy.plan')}>
          {plans.map((p) => (
            <Radio key={p.id} value={p.id} className={s.plan} disabled={p.stock === 0}>
              <span>{p.name}</span>
              <span className={s.price}>
                {formatPrice(p.priceFen)}
                {p.stock !== null ? (
                  <span className={s.muted}> · {p.stock === 0 ? t('orders:buy.soldOut') : t('orders:buy.stock', { count: p.stock })}</span>
                ) : null}
              </span>
            </Radio>
          ))}
        </Radio.Group>
        <div className={s.row} style={{ marginTop: 16 }}>
          <label htmlFor="buy-qty">{t('orders:buy.quantity')}</label>
          <InputNumber id="buy-qty" min={1} max={max} precision={0} value={quantity} onChange={(v) => setQuantity(v)} />
        </div>
        {quantity !== null && (quantity < 1 || quantity > max) ? (
          <p role="alert" className={s.muted}>
            {t('orders:buy.quantityRange', { max })}
          </p>
        ) : null}
        <div className={s.row} style={{ marginTop: 16 }}>
          <span>{t('orders:buy.total')}</span>
          <span className={s.total} data-testid="buy-total">
            {formatPrice((plan?.priceFen ?? 0) * qty)}
          </span>
        </div>
      </section>
      <RefundPolicy checkout={data} />
      {create.isError ? <Alert type="error" showIcon title={errorMessage(create.error, t('orders:createFailed'))} /> : null}
      <div className={s.actions}>
        <Button
          type="primary"
          size="large"
          disabled={!valid}
          loading={create.isPending}
          onClick={() => plan && create.mutate({ activityId, planId: plan.id, quantity: qty })}
        >
          {t('orders:buy.submit')}
        </Button>
      </div>
      <p className={s.muted}>{t('orders:expireNote', { minutes: data.expireMinutes })}</p>
    </div>
  );
}

function PayPlayers({
  activityId,
  teamId,
  memberIds,
  onOrder,
}: {
  activityId: number;
  teamId: number | undefined;
  memberIds: number[];
  onOrder: (orderNo: string) => void;
}) {
  const { t } = useTranslation();
  const checkout = useCheckout(activityId);
  // who is paid for and the total, before any order exists: the order (which holds the players) is made on "pay"
  const preview = useQuery({
    queryKey: ['feePreview', activityId, teamId ?? null, memberIds],
    queryFn: () => feePreview({ activityId, teamId, memberIds }),
    retry: false,
  });
  const create = useMutation({
    mutationFn: () => payPlayers({ activityId, teamId, memberIds: memberIds.length ? memberIds : undefined }),
    onSuccess: (o) => onOrder(o.orderNo),
  });
  if (checkout.isPending || preview.isPending) return <Skeleton active />;
  if (checkout.isError) return <Alert type="error" showIcon title={errorMessage(checkout.error, t('orders:loadFailed'))} />;
  const back = <Link to={`/activityEnter?id=${activityId}`}>{t('orders:fee.back')}</Link>;
  if (preview.isError)
    return (
      <div className={s.panel}>
        <Alert type="warning" showIcon title={errorMessage(preview.error, t('orders:loadFailed'))} />
        <div className={s.actions}>{back}</div>
      </div>
    );
  const { players, totalFen } = preview.data;
  return (
    <div className={s.panel}>
      <section className={s.box} aria-labelledby="fee-title">
        <h3 id="fee-title" className={s.boxTitle}>
          {t('orders:fee.title')}
        </h3>
        <p>{memberIds.length > 0 ? t('orders:fee.players', { count: memberIds.length }) : t('orders:fee.team')}</p>
        <ul className={s.items} aria-label={t('orders:fee.listLabel')} data-testid="fee-players">
          {players.map((p) => (
            <li key={p.id}>
              <span>
                {p.name}
                {p.teamName ? <span className={s.muted}> · {p.teamName}</span> : null}
              </span>
              <span className={s.price}>{formatPrice(p.priceFen)}</span>
            </li>
          ))}
        </ul>
        <div className={s.row} style={{ marginTop: 16 }}>
          <span>
            {t('orders:fee.total')} <span className={s.muted}>({t('orders:fee.count', { count: players.length })})</span>
          </span>
          <span className={s.total} data-testid="fee-total">
            {formatPrice(totalFen)}
          </span>
        </div>
        <p className={s.muted}>{t('orders:fee.lead', { minutes: checkout.data.expireMinutes })}</p>
      </section>
      <RefundPolicy checkout={checkout.data as CheckoutData} />
      {create.isError ? <Alert type="error" showIcon title={errorMessage(create.error, t('orders:createFailed'))} /> : null}
      <div className={s.actions}>
        <Button type="primary" size="large" loading={create.isPending} onClick={() => create.mutate()}>
          {t('orders:fee.submitAmount', { amount: formatPrice(totalFen) })}
        </Button>
        {back}
      </div>
    </div>
  );
}
