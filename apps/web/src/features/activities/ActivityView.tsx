import type { ReactNode } from 'react';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import type { ActivityItem, LiveItem } from '../../lib/contract';
import { formatDateRange, formatDateTime, formatPrice } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useLang } from '../../lib/use-lang';
import { RichText } from '../../ui/RichText';
import { btn } from '../../ui/buttons';
import c from '../../ui/content.module.css';
import { LEVEL_KEYS, registerHref, signUpState, SIGN_UP_STATE_KEYS, type SignUpState } from './model';
import s from './activities.module.css';

const BADGE: Record<SignUpState, string> = { open: c.badgeOpen!, soon: c.badgeSoon!, closed: c.badgeClosed!, ended: c.badgeClosed! };

export function SignUpBadge({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const state = signUpState(activity);
  return <span className={`${c.badge} ${BADGE[state]}`}>{t(SIGN_UP_STATE_KEYS[state])}</span>;
}

/** Event dates, sign-up window, venue and level. */
export function ActivityFacts({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className={s.facts}>
      <div>
        <dt>{t('content:activity.eventDates')}</dt>
        <dd>{formatDateRange(activity.beginTime, activity.finishTime, lang)}</dd>
      </div>
      <div>
        <dt>{t('content:activity.signUpDates')}</dt>
        <dd>
          {activity.signUpBegin || activity.signUpEnd ? formatDateRange(activity.signUpBegin, activity.signUpEnd, lang) : t('content:activity.signUpAnytime')}
        </dd>
      </div>
      {activity.venue ? (
        <div>
          <dt>{t('content:activity.venue')}</dt>
          <dd>{activity.venue}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('content:activity.levelLabel')}</dt>
        <dd>{LEVEL_KEYS[activity.level] ? t(LEVEL_KEYS[activity.level]!) : activity.level}</dd>
      </div>
    </dl>
  );
}

/** The register button: to the entry (through login for visitors) while sign-up is open. */
export function RegisterAction({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const state = signUpState(activity);
  if (state !== 'open') {
    return (
      <p className={s.closedNote} role="note">
        {t(SIGN_UP_STATE_KEYS[state])}
      </p>
    );
  }
  return (
    <>
      <Link to={registerHref(activity.id, user !== null)} className={`${btn.accent} ${btn.block}`}>
        {t('content:activity.register')}
      </Link>
      {user ? null : <p className={s.hint}>{t('content:activity.loginFirst')}</p>}
    </>
  );
}

/** The activity's live streams as links (spec 7.3 lLive/web/list); nothing at all when there are none. */
export function ActivityLives({ lives }: { lives: LiveItem[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!lives.length) return null;
  return (
    <section className={c.section} aria-labelledby="activity-lives">
      <h2 id="activity-lives" className={c.sectionTitle}>
        {t('content:activity.lives')}
      </h2>
      <ul className={s.programs}>
        {lives.map((l) => (
          <li key={l.id}>
            <a href={l.url} target="_blank" rel="noopener noreferrer" className={s.program}>
              {l.coverUrl ? <img src={l.coverUrl} alt="" className={s.liveCover} loading="lazy" /> : null}
              <span className={s.liveTitle}>{l.title}</span>
              {l.startTime ? <span className={s.liveTime}>{t('content:activity.liveStarts', { time: formatDateTime(l.startTime, lang) })}</span> : null}
              <span className={s.liveNote}>{t('content:activity.liveOpens')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The full activity: intro, programs, fees and the register block (for /activityOrder and /registration).
 * `slot` (composed in app/) is the money block of /activityOrder: buying codes and paying fees.
 */
export function ActivityView({ activity, lives = [], slot }: { activity: ActivityItem; lives?: LiveItem[]; slot?: ReactNode }) {
  const { t } = useTranslation();
  const programs = activity.programs ?? [];
  const plans = activity.plans ?? [];
  return (
    <div className={s.detail}>
      <div className={s.main}>
        <section className={c.section} aria-labelledby="activity-intro">
          <h2 id="activity-intro" className={c.sectionTitle}>
            {t('content:activity.intro')}
          </h2>
          {activity.intro.trim() ? <RichText html={activity.intro} /> : <p className={c.cardText}>{t('content:activity.noIntro')}</p>}
        </section>

        {activity.detail?.trim() ? (
          <section className={c.section} aria-labelledby="activity-detail">
            <h2 id="activity-detail" className={c.sectionTitle}>
              {t('content:activity.detail')}
            </h2>
            <RichText html={activity.detail} />
          </section>
        ) : null}

        <ActivityLives lives={lives} />

        <section className={c.section} aria-labelledby="activity-programs">
          <h2 id="activity-programs" className={c.sectionTitle}>
            {t('content:activity.programs')}
          </h2>
          {programs.length === 0 ? (
            <p className={c.cardText}>{t('content:activity.noPrograms')}</p>
          ) : (
            <ul className={s.programs}>
              {programs.map((p) => (
                <li key={p.id}>
                  <Link to={`/programInfo?id=${p.id}`} className={s.program}>
                    <span className={s.programName}>{p.name}</span>
                    <span className={s.programMeta}>{t('content:activity.programMeta', { count: p.maxMembers })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={c.section} aria-labelledby="activity-fees">
          <h2 id="activity-fees" className={c.sectionTitle}>
            {t('content:activity.fees')}
          </h2>
          {plans.length === 0 ? (
            <p className={c.cardText}>{t('content:activity.noPlans')}</p>
          ) : (
            <table className={s.fees}>
              <thead>
                <tr>
                  <th scope="col">{t('content:activity.plan')}</th>
                  <th scope="col" className={s.price}>
                    {t('content:activity.price')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.map((p) => (
                  <tr key={p.id}>
                    <td>{p.name}</td>
                    <td className={s.price}>{formatPrice(p.priceFen)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        {slot}
      </div>

      <aside className={s.aside} aria-labelledby="activity-facts">
        {activity.posterUrl ? <img className={s.poster} src={activity.posterUrl} alt="" /> : null}
        <h2 id="activity-facts" className={s.asideTitle}>
          {t('content:activity.factsTitle')}
        </h2>
        <SignUpBadge activity={activity} />
        <ActivityFacts activity={activity} />
        <RegisterAction activity={activity} />
      </aside>
    </div>
  );
}
