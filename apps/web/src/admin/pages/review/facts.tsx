import type { TFunction } from 'i18next';
import type { ReviewItem } from '@rp/shared';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { AppLang } from '../../../lib/i18n';

/** The facts of a player as the reviewer reads them, in the list, the cards and the detail. */
export function reviewFacts(m: ReviewItem, t: TFunction, lang: AppLang) {
  return {
    gender: m.gender === 'M' ? t('admin:review.genderM') : m.gender === 'F' ? t('admin:review.genderF') : '—',
    age: m.age === null ? '—' : t('admin:review.ageValue', { count: m.age }),
    ageHint: t('admin:review.ageHint', { date: formatDate(m.activity.beginTime, lang) }),
    birth: m.birthDay ?? '—',
    cardType: m.cardType === 1 ? t('admin:review.cardType1') : t('admin:review.cardType0'),
    submitted: formatDateTime(m.submittedAt, lang),
    team: m.team?.name ?? '—',
    program: m.program?.name ?? '—',
  };
}
