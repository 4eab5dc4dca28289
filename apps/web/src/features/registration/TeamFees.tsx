import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format';
import { teamFeesQuery } from './api';
import s from './registration.module.css';

/** A team's fee labels (spec 3: total fee, paid amount, amount to be paid) and the way to pay what is due. */
export function TeamFees({ activityId, teamId }: { activityId: number; teamId: number }) {
  const { t } = useTranslation();
  const fees = useQuery(teamFeesQuery(activityId, teamId));
  const f = fees.data;
  if (!f) return null;
  return (
    <div className={s.fees} aria-label={t('registration:fees.label')} role="group">
      <span>
        {t('registration:fees.total')} <strong>{formatPrice(f.totalFen)}</strong>
      </span>
      <span>
        {t('registration:fees.paid')} <strong>{formatPrice(f.paidFen)}</strong>
      </span>
      <span>
        {t('registration:fees.due')} <strong data-testid="team-due">{formatPrice(f.dueFen)}</strong>
      </span>
      {f.dueFen > 0 && f.payableMemberIds.length > 0 ? <Link to={`/activityOrder?id=${activityId}&teamId=${teamId}`}>{t('registration:fees.pay')}</Link> : null}
    </div>
  );
}
