import { Button, Card, Result, Spin, Steps, Statistic, Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { fetchActivity, listMembers, listTeams } from './api';
import type { ActivityItem } from '../../lib/contract';
import { PlayersPanel } from './PlayersPanel';
import { TeamsPanel } from './TeamsPanel';
import { TeachersPanel } from './TeachersPanel';
import { CreateTandP } from './CreateTandP';
import { CreateAllTeams } from './CreateAllTeams';
import { EnterSummary } from './EnterSummary';
import s from './registration.module.css';

export type View = 'activityEnter' | 'createTeamer' | 'createTeam' | 'createTandP' | 'createAllTeam' | 'enter';
type Tab = 'overview' | 'teams' | 'players' | 'teachers';

function tabHref(tab: Tab, activityId: number): string {
  const path = tab === 'teams' || tab === 'teachers' ? '/createTeam' : tab === 'players' ? '/createTeamer' : '/activityEnter';
  return `${path}?id=${activityId}${tab === 'teachers' ? '&tab=teachers' : ''}`;
}

function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** The registration screens: a login prompt for visitors, 'activity not found', then the chosen view. */
export default function RegistrationPage({ view }: { view: View }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = parseId(params.get('id'));

  if (!user) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return (
      <Result
        status="info"
        title={t('registration:loginPrompt.title')}
        subTitle={t('registration:loginPrompt.body')}
        extra={[
          <Button key="login" type="primary" onClick={() => navigate(`/login?redirect=${redirect}`)}>
            {t('registration:loginPrompt.login')}
          </Button>,
          <Button key="reg" onClick={() => navigate('/regist')}>
            {t('registration:loginPrompt.register')}
          </Button>,
        ]}
      />
    );
  }
  if (view === 'enter') return <EnterSummary />;
  if (id === null) return <NotFound />;
  return <ActivityScreens view={view} activityId={id} />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="warning" title={t('registration:notFound')} />;
}

function ActivityScreens({ view, activityId }: { view: View; activityId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const activity = useQuery({ queryKey: ['reg', 'activity', activityId], queryFn: () => fetchActivity(activityId) });
  if (activity.isPending) return <Spin className={s.spin} />;
  if (!activity.data) return <NotFound />;
  const a = activity.data;

  if (view === 'createTandP') return <CreateTandP activity={a} />;
  if (view === 'createAllTeam') return <CreateAllTeams activity={a} />;

  const tab: Tab = params.get('tab') === 'teachers' ? 'teachers' : view === 'createTeam' ? 'teams' : view === 'createTeamer' ? 'players' : 'overview';
  const go = (next: Tab) => navigate(tabHref(next, activityId));

  return (
    <section aria-labelledby="reg-title" className={s.page}>
      <h1 id="reg-title" className={s.title}>
        {a.name}
      </h1>
      {!a.signUpOpen ? <Alert type="warning" showIcon title={t('registration:closed')} className={s.alert} /> : null}
      <nav aria-label={t('registration:tabs.label')} className={s.tabs}>
        <ul className={s.tabList}>
          {(
            [
              ['overview', 'registration:tabs.overview'],
              ['teams', 'registration:tabs.teams'],
              ['players', 'registration:tabs.players'],
              ['teachers', 'registration:tabs.teachers'],
            ] as const
          ).map(([key, label]) => (
            <li key={key}>
              <Link to={tabHref(key, activityId)} aria-current={tab === key ? 'page' : undefined} className={s.tabLink}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'overview' ? <Overview activity={a} onGo={go} /> : null}
      {tab === 'teams' ? <TeamsPanel activity={a} /> : null}
      {tab === 'players' ? <PlayersPanel activity={a} /> : null}
      {tab === 'teachers' ? <TeachersPanel activity={a} /> : null}
    </section>
  );
}

function Overview({ activity, onGo }: { activity: ActivityItem; onGo: (tab: Tab) => void }) {
  const { t } = useTranslation();
  const id = activity.id;
  const teams = useQuery({ queryKey: ['reg', 'teams', id, 'count'], queryFn: () => listTeams({ activityId: id, size: 1 }) });
  const players = useQuery({ queryKey: ['reg', 'members', id, 'count'], queryFn: () => listMembers({ activityId: id, size: 1 }) });
  const done = useQuery({ queryKey: ['reg', 'members', id, 'count3'], queryFn: () => listMembers({ activityId: id, size: 1, payStatus: activity.reviewRequired ? 9 : 3 }) });
  const steps = [
    { title: t('registration:overview.step1'), content: t('registration:overview.step1d') },
    { title: t('registration:overview.step2'), content: t('registration:overview.step2d') },
    { title: t('registration:overview.step3'), content: t('registration:overview.step3d') },
    activity.reviewRequired
      ? { title: t('registration:overview.stepReview'), content: t('registration:overview.stepReviewd') }
      : { title: t('registration:overview.step4'), content: t('registration:overview.step4d') },
  ];
  return (
    <div className={s.overview}>
      <Card title={t('registration:overview.steps')}>
        <Steps orientation="vertical" current={-1} items={steps} />
      </Card>
      <div className={s.side}>
        <Card title={t('registration:overview.counts')}>
          <div className={s.stats}>
            <Statistic title={t('registration:overview.teams')} value={teams.data?.totalElements ?? 0} loading={teams.isPending} />
            <Statistic title={t('registration:overview.players')} value={players.data?.totalElements ?? 0} loading={players.isPending} />
            <Statistic title={t('registration:overview.registered')} value={done.data?.totalElements ?? 0} loading={done.isPending} />
          </div>
        </Card>
        <Card title={t('registration:overview.links')}>
          <div className={s.links}>
            <Button onClick={() => onGo('teams')}>{t('registration:tabs.teams')}</Button>
            <Button onClick={() => onGo('players')}>{t('registration:tabs.players')}</Button>
            <Button onClick={() => onGo('teachers')}>{t('registration:tabs.teachers')}</Button>
            <Link to={`/createTandP?id=${id}`}>{t('registration:overview.createTandP')}</Link>
            <Link to={`/createAllTeam?id=${id}`}>{t('registration:overview.createAllTeam')}</Link>
            <Link to="/enter">{t('registration:overview.enter')}</Link>
          </div>
        </Card>
      </div>
    </div>
  );
}
