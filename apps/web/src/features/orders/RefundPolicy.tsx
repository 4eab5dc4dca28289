import { useTranslation } from 'react-i18next';
import type { Checkout } from './api';
import { percent, tierRows } from './model';
import s from './orders.module.css';

/** Spec 9's refund tiers, shown before anyone pays, with the tier that applies today marked. */
export function RefundPolicy({ checkout }: { checkout: Pick<Checkout, 'refundEnabled' | 'refundTier'> }) {
  const { t } = useTranslation();
  const rows = tierRows(checkout.refundTier.daysBefore);
  return (
    <section className={s.box} aria-labelledby="refund-policy-title">
      <h3 id="refund-policy-title" className={s.boxTitle}>
        {t('orders:policy.title')}
      </h3>
      {checkout.refundEnabled ? null : (
        <p role="note" className={s.muted}>
          {t('orders:policy.disabled')}
        </p>
      )}
      <table className={s.tiers}>
        <thead>
          <tr>
            <th scope="col">{t('orders:policy.when')}</th>
            <th scope="col">{t('orders:policy.back')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.perMille} className={r.current ? s.current : undefined} aria-current={r.current ? 'true' : undefined}>
              <td>
                {r.maxDays === null
                  ? t('orders:policy.atLeast', { days: r.minDays })
                  : r.minDays === null
                    ? t('orders:policy.atMost', { days: r.maxDays })
                    : t('orders:policy.between', { from: r.minDays, to: r.maxDays })}
                {r.current ? <span className={s.muted}> · {t('orders:policy.today')}</span> : null}
              </td>
              <td>{r.perMille === 0 ? t('orders:policy.none') : percent(r.perMille)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={s.muted}>{t('orders:policy.note', { days: Math.max(0, checkout.refundTier.daysBefore) })}</p>
    </section>
  );
}
