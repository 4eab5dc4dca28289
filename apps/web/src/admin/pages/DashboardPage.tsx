import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Select, Skeleton, Space, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { PAY_STATUS, type DashboardStats } from '@rp/shared';
import { isApiError } from '../../lib/api-client';
import { dashboardQuery } from '../api';
import { hasPermission, useSession } from '../../lib/session';
import s from '../admin.module.css';
import { ROLE_KEYS } from '../role-keys';
import { canOpen } from '../menu';

/** The charts and ECharts: a chunk of their own, fetched when the dashboard has its numbers. */
const Charts = lazy(() => import('./dashboard/Charts'));

/**
 * The registration states the dashboard breaks players into (spec 4.1 payStatus), in the order staff act on
 * them: the first five always, the others when someone is in them — so the lines add up to the total (issue 34).
 */
const PLAYER_STATES = [
  { status: PAY_STATUS.NOT_REGISTERED, labelKey: 'admin:options.payStatus.0', always: true },
  { status: PAY_STATUS.REGISTERED, labelKey: 'admin:options.payStatus.3', always: true },
  { status: PAY_STATUS.IN_REVIEW, labelKey: 'admin:options.payStatus.7', always: true },
  { status: PAY_STATUS.REVIEW_FAILED, labelKey: 'admin:options.payStatus.8', always: true },
  { status: PAY_STATUS.WITHDRAWING, labelKey: 'admin:options.payStatus.4', always: true },
  { status: PAY_STATUS.CONTINUE, labelKey: 'admin:options.payStatus.1', always: false },
  { status: PAY_STATUS.REGISTERING, labelKey: 'admin:options.payStatus.2', always: false },
  { status: PAY_STATUS.REVIEW_PASSED, labelKey: 'admin:options.payStatus.9', always: false },
  { status: PAY_STATUS.WITHDRAWN, labelKey: 'admin:options.payStatus.5', always: false },
  { status: PAY_STATUS.CANCELLED, labelKey: 'admin:options.payStatus.6', always: false },
] as const;

/** /admin: the season in numbers, each count leading to the screen that lists it. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [year, setYear] = useState<number | null>(null);
  const [activityId, setActivityId] = useState<number | null>(null);
  const query = useQuery(dashboardQuery(year, activityId));
  const data = query.data;
  const name = user?.nickName || user?.username || '';
  // built-in roles by their label, the roles the administrator built by their name (never a code)
  const role =
    user?.roles
      ?.map((r) => (ROLE_KEYS[r] ? t(ROLE_KEYS[r]) : user.roleNames?.[r]?.[i18n.language === 'en' ? 'en' : 'zh']))
      .filter(Boolean)
      .join(' · ') ?? '';
  const nameOf = (a: { id: number; nameZh: string; nameEn: string }) => (i18n.language === 'en' ? a.nameEn || a.nameZh : a.nameZh || a.nameEn) || `#${a.id}`;

  return (
    <>
      <div className={s.titleRow}>
        <Typography.Title level={1} className={s.pageTitle}>
          {t('admin:dashboard.title')}
        </Typography.Title>
        {data ? (
          <Space size={[16, 8]} wrap>
            <Space size={8}>
              <label htmlFor="dashboard-season">{t('admin:dashboard.season')}</label>
              <Select<number>
                id="dashboard-season"
                value={data.year}
                onChange={(y) => {
                  setYear(y);
                  setActivityId(null);
                }}
                options={[...new Set([data.year, ...data.years])]
                  .sort((a, b) => b - a)
                  .map((y) => ({ value: y, label: t('admin:dashboard.seasonOf', { year: y }) }))}
                style={{ minWidth: 140 }}
              />
            </Space>
            <Space size={8}>
              <label htmlFor="dashboard-activity">{t('admin:dashboard.activity')}</label>
              <Select<number>
                id="dashboard-activity"
                value={data.activityId ?? 0}
                onChange={(id) => setActivityId(id || null)}
                options={[
                  // a role limited to activities sees its own, never "all activities" (issue 34)
                  { value: 0, label: t(data.scope ? 'admin:dashboard.allMyActivities' : 'admin:dashboard.allActivities') },
                  ...data.charts.activities.map((a) => ({ value: a.id, label: nameOf(a) })),
                ]}
                popupMatchSelectWidth={false}
                style={{ minWidth: 160, maxWidth: 'min(280px, 70vw)' }}
              />
            </Space>
          </Space>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary" data-testid="dashboard-signed-in">
        {/* the seeded administrator is called "Administrator": no "Administrator (Administrator)" */}
        {role && role.toLowerCase() !== name.toLowerCase() ? t('admin:dashboard.signedInAs', { name, role }) : t('admin:dashboard.signedInAsName', { name })}
      </Typography.Paragraph>
      {data?.scope ? (
        <Typography.Paragraph type="secondary" data-testid="dashboard-scope">
          {t('admin:dashboard.scope', { names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(data.scope.map(nameOf)) })}
        </Typography.Paragraph>
      ) : null}

      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(query.error) ? query.error.message : t('admin:dashboard.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('admin:dashboard.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Counts data={data} canUsers={hasPermission(user, 'users.manage')} />
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <Charts data={data} />
          </Suspense>
        </>
      )}
    </>
  );
}

function Counts({ data, canUsers }: { data: DashboardStats; canUsers: boolean }) {
  const { t } = useTranslation();
  const y = data.year;
  const regs = data.registrations;
  return (
    <>
      <Group title={t('admin:dashboard.groups.content', { year: y })}>
        <StatLink to={`/admin/r/activities?year=${y}`} title={t('admin:resources.activities')} value={data.content.activities} />
        <StatLink to={`/admin/r/programs`} title={t('admin:resources.programs')} value={data.content.programs} />
        <StatLink to={`/admin/r/consoles?year=${y}`} title={t('admin:resources.consoles')} value={data.content.galleries} />
        <Card size="small" title={t('admin:resources.news')}>
          <ul className={s.statList}>
            <Row to="/admin/r/news?status=1" label={t('admin:dashboard.newsPublished')} value={data.content.newsPublished} />
            <Row to="/admin/r/news?status=0" label={t('admin:dashboard.newsDrafts')} value={data.content.newsDrafts} />
          </ul>
        </Card>
      </Group>

      {regs ? (
        <Group title={t('admin:dashboard.groups.registrations', { year: y })}>
          <StatLink to="/admin/review" title={t('admin:dashboard.pendingReviews')} value={regs.pendingReviews} attention />
          <StatLink to="/admin/withdrawals" title={t('admin:dashboard.pendingWithdrawals')} value={regs.pendingWithdrawals} attention />
          <StatLink to="/admin/r/teams" title={t('admin:resources.teams')} value={regs.teams} />
          <Card size="small" title={t('admin:dashboard.players', { total: Object.values(regs.players).reduce((a, b) => a + b, 0) })} className={s.statWide}>
            <ul className={s.statList}>
              {PLAYER_STATES.filter((p) => p.always || (regs.players[String(p.status)] ?? 0) > 0).map((p) => (
                <Row key={p.status} to={`/admin/r/players?payStatus=${p.status}`} label={t(p.labelKey)} value={regs.players[String(p.status)] ?? 0} />
              ))}
            </ul>
          </Card>
          <Card size="small" title={t('admin:resources.redeemCodes')}>
            <ul className={s.statList}>
              <Row to="/admin/r/redeemCodes?status=available" label={t('admin:options.codeStatus.available')} value={regs.codes.available} />
              <Row to="/admin/r/redeemCodes?status=used" label={t('admin:options.codeStatus.used')} value={regs.codes.used} />
            </ul>
            <Link to="/admin/codes" className={s.statMore}>
              {t('admin:menu.codes')}
            </Link>
          </Card>
        </Group>
      ) : null}

      {data.members !== null && canUsers ? (
        <Group title={t('admin:dashboard.groups.accounts')}>
          <StatLink to="/admin/users" title={t('admin:dashboard.members')} value={data.members} />
        </Group>
      ) : null}
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={s.statGroup} aria-label={title}>
      <Typography.Title level={2} className={s.groupTitle}>
        {title}
      </Typography.Title>
      <div className={s.cards}>{children}</div>
    </section>
  );
}

/** Whether the person may open an admin address: a count links only to a screen they can use (issue 24). */
function useOpenable(): (to: string) => boolean {
  const { user } = useSession();
  return (to) => canOpen(to, user?.permissions ?? [], user?.scopes ?? {});
}

function StatLink({ to, title, value, attention }: { to: string; title: string; value: number; attention?: boolean }) {
  const card = (
    <Card size="small" hoverable={useOpenable()(to)}>
      <Statistic title={title} value={value} styles={{ content: attention && value > 0 ? { color: '#b45309' } : undefined }} />
    </Card>
  );
  return useOpenable()(to) ? (
    <Link to={to} className={s.statLink}>
      {card}
    </Link>
  ) : (
    <div className={s.statLink}>{card}</div>
  );
}

function Row({ to, label, value }: { to: string; label: string; value: number }) {
  const body = (
    <>
      <span>{label}</span>
      <strong>{value}</strong>
    </>
  );
  return (
    <li>
      {useOpenable()(to) ? (
        <Link to={to} className={s.statRow}>
          {body}
        </Link>
      ) : (
        <span className={s.statRow}>{body}</span>
      )}
    </li>
  );
}
