import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { PAY_GROUPS, PAY_STATUS } from '@rp/shared/rules/registration';
import { formatPrice } from '../../lib/format';
import { teamFeesQuery, type TeamFees as Fees } from './api';
import { PayStatusTag } from './PayStatusTag';
import s from './registration.module.css';

/** Why a player's fee is owed and whether it can be paid now: a text key of registration:fees. */
function owedKey(m: Fees['owed'][number]) {
  if (m.payable) return 'registration:fees.owes';
  if (m.payStatus === PAY_STATUS.REGISTERING) return 'registration:fees.inOrder';
  // where review comes first, a player not passed (0, 7, 8) is paid for once a review passes her (issue 34)
  if (PAY_GROUPS.AWAITING_REVIEW.some((x) => x === m.payStatus)) return 'registration:fees.afterReview';
  return 'registration:fees.owes';
}

/**
 * A team's fee labels (spec 3: total fee, paid amount — money received minus refunds —, amount to be paid),
 * what each player still owes, and the way to pay what can be paid now.
 */
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
        {t('registration:fees.paid')} <strong data-testid="team-paid">{formatPrice(f.paidFen)}</strong>{' '}
        <small className={s.muted}>({t('registration:fees.paidNote')})</small>
      </span>
      <span>
        {t('registration:fees.due')} <strong data-testid="team-due">{formatPrice(f.dueFen)}</strong>
      </span>
      {f.dueFen > 0 && f.payableMemberIds.length > 0 ? <Link to={`/activityOrder?id=${activityId}&teamId=${teamId}`}>{t('registration:fees.pay')}</Link> : null}
      {f.owed.length ? (
        <ul className={s.owed} aria-label={t('registration:fees.owedLabel')}>
          {f.owed.map((m) => (
            <li key={m.memberId}>
              <span>{t(owedKey(m), { name: m.name, amount: formatPrice(m.dueFen) })}</span> <PayStatusTag status={m.payStatus} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
