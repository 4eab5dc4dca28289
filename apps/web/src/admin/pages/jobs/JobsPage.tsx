import { useState } from 'react';
import { App, Grid, Typography, type TableProps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { actionsColumn, FilterBar, PagedTable, StateWhen, time, useLocalPaging } from '../integrations/cells';
import { STATUS_COLOR } from '../integrations/labels';
import { jobsQuery, retryJobMutation, type JobRow, type JobState } from './jobs-api';
import { jobErrorInWords, jobKind, jobSubject, STATE_KEYS } from './labels';
import s from '../../admin.module.css';

const FILTERS: readonly (JobState | '')[] = ['failed', 'pending', 'done', ''];
const COLOR: Record<string, string | undefined> = { ...STATUS_COLOR, done: 'success' };

/**
 * Admin → Background jobs (issue 36): the jobs of the one job queue — event and webhook deliveries, SMS and
 * WeChat notices, the sandbox's notifications, the timers — failed ones first, each with its error in words;
 * a failed one can be tried again now.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const wide = !!Grid.useBreakpoint().md;
  const [state, setState] = useState<JobState | ''>('failed');
  const { page, size, setPage, pagination } = useLocalPaging();
  const list = useQuery(jobsQuery(state, page - 1, size));
  const retry = useMutation(retryJobMutation);
  const stateLabel = (v: string) => (STATE_KEYS[v] ? t(STATE_KEYS[v]!) : v);

  const columns: TableProps<JobRow>['columns'] = [
    { key: 'kind', title: t('admin:jobs.columns.kind'), width: wide ? 190 : 140, render: (_, r) => jobKind(t, r) },
    { key: 'about', title: t('admin:jobs.columns.about'), width: 240, render: (_, r) => jobSubject(t, r) },
    {
      key: 'state',
      title: t('admin:jobs.columns.state'),
      width: wide ? 170 : 130,
      render: (_, r) => (
        <StateWhen
          color={COLOR[r.state]}
          label={stateLabel(r.state)}
          nextAt={r.state === 'pending' ? r.runAt : null}
          doneAt={r.state === 'done' ? r.doneAt : null}
          next={(when) => t('admin:jobs.nextAt', { time: when })}
        />
      ),
    },
    {
      key: 'attempts',
      title: t('admin:jobs.columns.attempts'),
      width: 100,
      align: 'right',
      // a timer is never given up: its count is the failed turns in a row
      render: (_, r) => (r.kind === 'timer' ? formatCount(r.attempts, lang) : t('admin:jobs.attemptsOf', { attempts: r.attempts, max: r.maxAttempts })),
    },
    { key: 'error', title: t('admin:jobs.columns.error'), render: (_, r) => (r.lastError ? jobErrorInWords(t, r.lastError) : '—') },
    { key: 'created', title: t('admin:jobs.columns.created'), width: 150, render: (_, r) => time(r.createdAt) },
    actionsColumn(t('admin:jobs.columns.actions'), wide, (r) =>
      r.state === 'failed'
        ? {
            label: t('admin:jobs.retry'),
            name: t('admin:jobs.retryOf', { job: jobKind(t, r), id: r.id }),
            busy: retry.isPending && retry.variables === r.id,
            onClick: () => retry.mutate(r.id, { onSuccess: () => void message.success(t('admin:jobs.retried')) }),
          }
        : null,
    ),
  ];

  return (
    <section className={s.stack}>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.jobs')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('admin:jobs.intro')}
      </Typography.Paragraph>
      <FilterBar<JobState | ''>
        label={t('admin:jobs.columns.state')}
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        options={FILTERS.map((f) => ({ value: f, label: f ? stateLabel(f) : t('admin:jobs.all') }))}
        refreshLabel={t('admin:jobs.refresh')}
        refreshing={list.isFetching}
        onRefresh={() => void list.refetch()}
      />
      {/* on a phone what the job is, its state and "retry now" lead */}
      <PagedTable<JobRow>
        label={t('admin:menu.jobs')}
        list={list}
        failedText={t('admin:jobs.loadFailed')}
        columns={columns}
        lead={['kind', 'state', 'actions']}
        wide={wide}
        scrollX={1100}
        emptyText={state === 'failed' ? t('admin:jobs.noneFailed') : t('admin:jobs.empty')}
        pagination={pagination}
      />
    </section>
  );
}
