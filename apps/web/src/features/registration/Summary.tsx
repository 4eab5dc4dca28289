import { Button, Spin } from 'antd';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '../../lib/contract';
import { formatDateTime } from '../../lib/format';
import { langPart } from '../../lib/lang-parts';
import { exportPlayers, type MemberItem } from './api';
import { TEAM_STATE_KEY, useRoster } from './Guided';
import { payStatusKey } from './PayStatusTag';
import { progress, teamState } from './progress';
import s from './registration.module.css';

/**
 * /activityEnter?view=summary: the registration summary a coach prints or saves as PDF (print CSS drops the
 * site's header, footer and buttons) — teams, members with masked ID numbers, codes and status.
 */
export function Summary({ activity }: { activity: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const { teams, loose, pending } = useRoster(activity.id);
  if (pending) return <Spin className={s.spin} />;
  const teamList = teams.data?.content ?? [];
  const looseList = loose.data?.content ?? [];
  const review = activity.reviewRequired;
  const p = progress(teamList, looseList, review);
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  const members = (list: MemberItem[], caption: string) => (
    <table className={s.summaryTable}>
      <caption className={s.srOnly}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('registration:field.name')}</th>
          <th scope="col">{t('registration:field.cardType')}</th>
          <th scope="col">{t('registration:field.card')}</th>
          <th scope="col">{t('registration:field.program')}</th>
          <th scope="col">{t('registration:field.code')}</th>
          <th scope="col">{t('registration:field.payStatus')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((m) => (
          <tr key={m.id}>
            <td>{langPart(m.name, lang)}</td>
            <td>{t(m.cardType === 1 ? 'registration:idType.1' : 'registration:idType.0')}</td>
            <td className={s.mono}>{m.card}</td>
            <td>{m.program?.name ?? ''}</td>
            <td className={s.mono}>{m.code ?? '—'}</td>
            <td>{t(payStatusKey(m.payStatus))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <article className={s.summary} aria-labelledby="summary-title">
      <div className={`${s.toolbar} ${s.noPrint}`}>
        <Link to={`/activityEnter?id=${activity.id}`}>{t('registration:actions.back')}</Link>
        <span className={s.toolbarSpacer} />
        <Button type="primary" onClick={() => window.print()}>
          {t('registration:summary.print')}
        </Button>
        <Button onClick={() => void exportPlayers(activity.id).catch(() => undefined)}>{t('registration:summary.download')}</Button>
      </div>
      <h2 id="summary-title" className={s.summaryTitle}>
        {t('registration:summary.title')}
      </h2>
      <p className={s.summaryMeta}>{t('registration:summary.generated', { time: formatDateTime(new Date().toISOString(), lang) })}</p>
      <p className={s.summaryMeta}>
        <strong>{p.done ? t('registration:guide.complete') : t('registration:summary.notComplete')}</strong> ·{' '}
        {t('registration:guide.headline', {
          teams: t('registration:guide.teamCount', { count: p.teams }),
          registered: p.registered,
          players: t('registration:guide.playerCount', { count: p.players }),
        })}
      </p>
      {teamList.map((team) => (
        <section key={team.id} className={s.summaryTeam} aria-labelledby={`summary-team-${team.id}`}>
          <h3 id={`summary-team-${team.id}`}>
            {langPart(team.name, lang)} <span className={s.summaryState}>{t(TEAM_STATE_KEY[teamState(team, review)])}</span>
          </h3>
          <dl className={s.summaryFacts}>
            <div>
              <dt>{t('registration:field.teamNumber')}</dt>
              <dd>{team.number}</dd>
            </div>
            <div>
              <dt>{t('registration:field.program')}</dt>
              <dd>{team.program.name}</dd>
            </div>
            <div>
              <dt>{t('registration:field.leader')}</dt>
              <dd>{langPart(team.leader?.name, lang) ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('registration:field.members')}</dt>
              <dd>{t('registration:guide.members', { count: team.teamMembers.length, max: team.program.maximum })}</dd>
            </div>
          </dl>
          {team.teamMembers.length ? members(team.teamMembers, team.name) : <p className={s.muted}>{t('registration:guide.state.needsPlayers')}</p>}
        </section>
      ))}
      {looseList.length ? (
        <section className={s.summaryTeam} aria-labelledby="summary-loose">
          <h3 id="summary-loose">{t('registration:players.withoutTeam')}</h3>
          {members(looseList, t('registration:players.withoutTeam'))}
        </section>
      ) : null}
      {!teamList.length && !looseList.length ? <p>{t('registration:enter.empty')}</p> : null}
      <p className={s.summaryFoot}>{t('registration:summary.masked')}</p>
    </article>
  );
}
