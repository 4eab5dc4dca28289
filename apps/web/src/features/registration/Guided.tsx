import { Button, Card, Empty, Spin, Steps, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '../../lib/contract';
import { LangPart } from '../../lib/lang-parts';
import { membersQuery, teamsQuery, type TeamItem } from './api';
import { useWriteLock } from './lock';
import { PayStatusTag } from './PayStatusTag';
import { progress, teamState, type Progress, type TeamState } from './progress';
import s from './registration.module.css';

export const TEAM_STATE_KEY: Record<TeamState, string> = {
  needsPlayers: 'registration:guide.state.needsPlayers',
  codesPending: 'registration:guide.state.codesPending',
  toSubmit: 'registration:guide.state.toSubmit',
  underReview: 'registration:guide.state.underReview',
  reviewFailed: 'registration:guide.state.reviewFailed',
  complete: 'registration:guide.state.complete',
};
const NEXT_KEY: Record<Progress['next'], string> = {
  createTeam: 'registration:guide.next.createTeam',
  addPlayers: 'registration:guide.next.addPlayers',
  assignTeams: 'registration:guide.next.assignTeams',
  redeem: 'registration:guide.next.redeem',
  submit: 'registration:guide.next.submit',
  wait: 'registration:guide.next.wait',
  summary: 'registration:guide.next.summary',
};
const NEXT_TEXT_KEY: Record<Progress['next'], string> = {
  createTeam: 'registration:guide.nextText.createTeam',
  addPlayers: 'registration:guide.nextText.addPlayers',
  assignTeams: 'registration:guide.nextText.assignTeams',
  redeem: 'registration:guide.nextText.redeem',
  submit: 'registration:guide.nextText.submit',
  wait: 'registration:guide.nextText.wait',
  summary: 'registration:guide.nextText.summary',
};

export const TEAM_STATE_COLOR: Record<TeamState, string> = {
  needsPlayers: 'default',
  codesPending: 'warning',
  toSubmit: 'warning',
  underReview: 'processing',
  reviewFailed: 'error',
  complete: 'success',
};

/** Teams (with members) and players without a team: what the guided path and the summary read. */
export function useRoster(activityId: number) {
  const teams = useQuery(teamsQuery({ activityId, size: 999 }));
  const loose = useQuery(membersQuery({ activityId, hasTeam: 0, size: 999 }));
  return { teams, loose, pending: teams.isPending || loose.isPending };
}

/** Where the primary button leads for each next step (the panels read these query parameters). */
function nextHref(p: Progress, id: number): string {
  switch (p.next) {
    case 'createTeam':
      return `/createTeam?id=${id}&new=1`;
    case 'addPlayers':
      return `/createTeamer?id=${id}&new=1`;
    case 'assignTeams':
      return `/createTeamer?id=${id}&dialog=assign`;
    case 'redeem':
      return `/createTeamer?id=${id}&dialog=redeem`;
    case 'submit':
      return `/createTeamer?id=${id}&dialog=submit`;
    case 'wait':
      return `/createTeamer?id=${id}`;
    case 'summary':
      return `/activityEnter?id=${id}&view=summary`;
  }
}

/**
 * /activityEnter: the guided path (team → players → codes or review → done) with counts, the next action
 * as the primary button, each team's status, and the way to the printable summary.
 */
export function Guided({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lock = useWriteLock();
  const id = activity.id;
  const review = activity.reviewRequired;
  const { teams, loose, pending } = useRoster(id);
  if (pending) return <Spin className={s.spin} />;
  const teamList = teams.data?.content ?? [];
  const p = progress(teamList, loose.data?.content ?? [], review);
  const counts = t('registration:guide.headline', {
    teams: t('registration:guide.teamCount', { count: p.teams }),
    registered: p.registered,
    players: t('registration:guide.playerCount', { count: p.players }),
  });

  const stepItems = [
    {
      title: t('registration:guide.step.teams'),
      content: p.teams ? t('registration:guide.teamCount', { count: p.teams }) : t('registration:guide.none.teams'),
    },
    {
      title: t('registration:guide.step.players'),
      content: [t('registration:guide.playerCount', { count: p.players }), p.withoutTeam ? t('registration:guide.withoutTeam', { count: p.withoutTeam }) : '']
        .filter(Boolean)
        .join(' · '),
    },
    {
      title: t(review ? 'registration:guide.step.review' : 'registration:guide.step.codes'),
      content: t('registration:guide.registeredOf', { registered: p.registered, total: p.players }),
    },
    {
      title: t('registration:guide.step.done'),
      content: p.done ? t('registration:guide.complete') : t('registration:guide.teamsComplete', { done: p.completeTeams, count: p.teams }),
    },
  ].map((item, i) => ({ ...item, status: (i < p.current || p.done ? 'finish' : i === p.current ? 'process' : 'wait') as 'finish' | 'process' | 'wait' }));

  // a closed activity has nothing left to do but read: the next action is the summary
  const nextKey = lock.locked && p.next !== 'summary' ? 'summary' : p.next;
  const href = nextHref({ ...p, next: nextKey }, id);

  return (
    <div className={s.guide}>
      <Card className={s.guideHead}>
        <p className={s.headline} role="status">
          {counts}
        </p>
        <div role="group" aria-label={t('registration:guide.stepsLabel')}>
          <Steps className={s.steps} current={p.done ? 3 : p.current} items={stepItems} responsive />
        </div>
        <div className={s.nextRow}>
          {p.done ? (
            <Tag color="success" className={s.doneTag}>
              {t('registration:guide.complete')}
            </Tag>
          ) : (
            <span className={s.nextText}>{lock.locked ? lock.reason : t(NEXT_TEXT_KEY[p.next])}</span>
          )}
          <Button type="primary" size="large" onClick={() => navigate(href)}>
            {t(NEXT_KEY[nextKey])}
          </Button>
          {!p.done && nextKey !== 'summary' ? <Link to={`/activityEnter?id=${id}&view=summary`}>{t('registration:guide.next.summary')}</Link> : null}
        </div>
      </Card>
      <div className={s.overview}>
        <Card title={t('registration:guide.teamsTitle')}>
          {teamList.length ? (
            <ul className={s.teamStatusList}>
              {teamList.map((x) => (
                <TeamStatusRow key={x.id} team={x} activityId={id} review={review} />
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('registration:team.empty')} />
          )}
          {p.withoutTeam ? (
            <p className={s.muted}>
              <Link to={`/createTeamer?id=${id}`}>{t('registration:guide.withoutTeam', { count: p.withoutTeam })}</Link>
            </p>
          ) : null}
        </Card>
        <div className={s.side}>
          <Card title={t('registration:overview.links')}>
            <ul className={s.linkList}>
              <li>
                <Link to={`/createTeam?id=${id}&tab=teachers`}>{t('registration:tabs.teachers')}</Link>{' '}
                <span className={s.muted}>{t('registration:overview.step1')}</span>
              </li>
              <li>
                <Link to={`/createTandP?id=${id}`}>{t('registration:overview.createTandP')}</Link>
              </li>
              <li>
                <Link to={`/createAllTeam?id=${id}`}>{t('registration:overview.createAllTeam')}</Link>
              </li>
              <li>
                <Link to={`/activityEnter?id=${id}&view=summary`}>{t('registration:guide.next.summary')}</Link>
              </li>
              <li>
                <Link to="/enter">{t('registration:overview.enter')}</Link>
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

function TeamStatusRow({ team, activityId, review }: { team: TeamItem; activityId: number; review: boolean }) {
  const { t } = useTranslation();
  const state = teamState(team, review);
  return (
    <li className={s.teamStatus}>
      <div className={s.teamStatusHead}>
        <Link to={`/createTeam?id=${activityId}&team=${team.id}`} className={s.teamStatusName}>
          <LangPart text={team.name} />
        </Link>
        <span className={s.muted}>
          {team.program.name} · {t('registration:guide.members', { count: team.teamMembers.length, max: team.program.maximum })}
        </span>
        <Tag color={TEAM_STATE_COLOR[state]}>{t(TEAM_STATE_KEY[state])}</Tag>
      </div>
      {team.teamMembers.length ? (
        <ul className={s.memberChips} aria-label={t('registration:team.membersTitle')}>
          {team.teamMembers.map((m) => (
            <li key={m.id}>
              <Link to={`/createTeamer?id=${activityId}&player=${m.id}`}>
                <LangPart text={m.name} />
              </Link>{' '}
              <PayStatusTag status={m.payStatus} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
