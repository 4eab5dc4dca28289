import { Alert, Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { notice } from './common';
import { activityQuery } from './api';
import type { ActivityItem } from '../../lib/contract';
import { LangPart } from '../../lib/lang-parts';
import { PlayersPanel } from './PlayersPanel';
import { TeamsPanel } from './TeamsPanel';
import { TeachersPanel } from './TeachersPanel';
import { CreateTandP } from './CreateTandP';
import { CreateAllTeams } from './CreateAllTeams';
import { EnterSummary } from './EnterSummary';
import { Guided } from './Guided';
import { LOCK_REASON_ID, WriteLockProvider, useComputedLock } from './lock';
import { Summary } from './Summary';
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
  const activity = useQuery(activityQuery(activityId));
  if (activity.isPending) return <Spin className={s.spin} />;
  if (!activity.data) return <NotFound />;
  return <Screens view={view} activity={activity.data} />;
}

function Screens({ view, activity: a }: { view: View; activity: ActivityItem }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // a notice belongs to the screen whose action raised it
  useEffect(() => notice.clear, [pathname, params]);
  const lock = useComputedLock(a);
  const activityId = a.id;
  // every write control below reads the lock: disabled, with this alert's text as the reason
  const closed = lock.locked ? (
    <Alert
      id={LOCK_REASON_ID}
      type="warning"
      showIcon
      title={lock.reason}
      description={t('registration:lock.viewOnly')}
      className={`${s.alert} ${s.noPrint}`}
    />
  ) : null;

  if (view === 'createTandP' || view === 'createAllTeam')
    return (
      <WriteLockProvider value={lock}>
        {closed}
        {view === 'createTandP' ? <CreateTandP activity={a} /> : <CreateAllTeams activity={a} />}
      </WriteLockProvider>
    );

  const tab: Tab = params.get('tab') === 'teachers' ? 'teachers' : view === 'createTeam' ? 'teams' : view === 'createTeamer' ? 'players' : 'overview';
  const summary = tab === 'overview' && params.get('view') === 'summary';

  return (
    <WriteLockProvider value={lock}>
      <section aria-labelledby="reg-title" className={s.page}>
        <h1 id="reg-title" className={s.title}>
          <LangPart text={a.name} />
        </h1>
        {closed}
        <nav aria-label={t('registration:tabs.label')} className={`${s.tabs} ${s.noPrint}`}>
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
                <Link to={tabHref(key, activityId)} aria-current={tab === key && !summary ? 'page' : undefined} className={s.tabLink}>
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {tab === 'overview' ? summary ? <Summary activity={a} /> : <Guided activity={a} /> : null}
        {tab === 'teams' ? <TeamsPanel activity={a} /> : null}
        {tab === 'players' ? <PlayersPanel activity={a} /> : null}
        {tab === 'teachers' ? <TeachersPanel activity={a} /> : null}
      </section>
    </WriteLockProvider>
  );
}
