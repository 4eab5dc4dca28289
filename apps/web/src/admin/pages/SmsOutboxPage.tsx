import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Switch, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { formatDateTime } from '../resources/cells';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import type { NoticeJobItem, NoticeSetting, SmsOutboxItem } from '../../lib/contract';
import { adminKeys, noticeJobsQuery, noticeSettingsQuery, saveNoticeSetting, smsOutboxQuery } from '../api';
import { ScrollableTable } from './ScrollableTable';
import { NOTICE_CHANNEL_KEYS as CHANNEL_KEYS, NOTICE_EVENT_KEYS as EVENT_KEYS } from './notice-labels';
import { usePagedTable } from './usePaging';
import s from '../admin.module.css';

const PURPOSE_KEYS: Record<string, string> = {
  register: 'admin:sms.purposes.register',
  login: 'admin:sms.purposes.login',
  password: 'admin:sms.purposes.password',
  wechat: 'admin:sms.purposes.wechat',
};
const PROVIDER_KEYS: Record<string, string> = {
  outbox: 'admin:sms.providers.outbox',
  aliyun: 'admin:sms.providers.aliyun',
  tencent: 'admin:sms.providers.tencent',
  recording: 'admin:sms.providers.recording',
};
const STATUS_KEYS: Record<string, string> = { sent: 'admin:sms.statuses.sent', failed: 'admin:sms.statuses.failed', pending: 'admin:sms.statuses.pending' };
const WECHAT_MODE_KEYS: Record<string, string> = {
  wechat: 'admin:sms.notices.wechatModes.wechat',
  simulated: 'admin:sms.notices.wechatModes.simulated',
  off: 'admin:sms.notices.wechatModes.off',
};

const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : '—');
const STATUS_COLOR: Record<string, string> = { sent: 'success', failed: 'error', pending: 'warning' };

/** What each message was for: a code's purpose, or the event of a notice. */
function useLabels() {
  const { t } = useTranslation();
  const of = (keys: Record<string, string>, v: string) => (keys[v] ? t(keys[v]) : v);
  return {
    event: (e: string) => of(EVENT_KEYS, e),
    provider: (p: string) => of(PROVIDER_KEYS, p),
    status: (v: string) => of(STATUS_KEYS, v),
    channel: (c: string) => of(CHANNEL_KEYS, c),
    wechatMode: (m: string) => of(WECHAT_MODE_KEYS, m),
    purpose: (purpose: string) => {
      const [head, event] = purpose.split(':');
      if (head === 'notice' && event) return t('admin:sms.purposes.notice', { event: of(EVENT_KEYS, event) });
      return of(PURPOSE_KEYS, purpose);
    },
  };
}

/** Messages the SMS adapter sent, newest first: what the provider answered (its message id, or its refusal). */
function Outbox() {
  const { t } = useTranslation();
  const table = usePagedTable(smsOutboxQuery);
  const label = useLabels();
  const columns: TableProps<SmsOutboxItem>['columns'] = [
    { title: t('admin:sms.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('admin:sms.columns.phone'), dataIndex: 'phone', width: 140 },
    { title: t('admin:sms.columns.purpose'), dataIndex: 'purpose', width: 150, render: (purpose: string) => <Tag color="blue">{label.purpose(purpose)}</Tag> },
    { title: t('admin:sms.columns.content'), dataIndex: 'content', render: (text: string) => <span className={s.mono}>{text}</span> },
    { title: t('admin:sms.columns.provider'), dataIndex: 'provider', width: 120, render: (p: string) => label.provider(p) },
    {
      title: t('admin:sms.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <Tag color={STATUS_COLOR[v]}>{label.status(v)}</Tag>,
    },
    {
      title: t('admin:sms.columns.answer'),
      key: 'answer',
      width: 220,
      render: (_: unknown, r) => <span className={s.mono}>{r.providerMessageId ?? r.providerCode ?? '—'}</span>,
    },
    { title: t('admin:sms.columns.createdAt'), dataIndex: 'createdAt', width: 180, render: time },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('admin:sms.intro')}</Typography.Paragraph>
      <ScrollableTable label={t('admin:sms.tabs.outbox')}>
        <Table<SmsOutboxItem> {...table} columns={columns} scroll={{ x: 1100 }} />
      </ScrollableTable>
    </>
  );
}

/** The organiser's switches: which events go out by SMS and by WeChat, and whether a template carries each. */
function NoticeSwitches() {
  const { t } = useTranslation();
  const label = useLabels();
  const qc = useQueryClient();
  const settings = useQuery(noticeSettingsQuery());
  const save = useMutation({
    mutationFn: saveNoticeSetting,
    onSuccess: (data) => qc.setQueryData(adminKeys.noticeSettings(), data),
  });
  const columns: TableProps<NoticeSetting>['columns'] = [
    { title: t('admin:sms.notices.event'), dataIndex: 'event', render: (e: string) => label.event(e) },
    {
      title: t('admin:sms.notices.sms'),
      key: 'sms',
      width: 200,
      render: (_: unknown, r) => (
        <span className={s.inlineGap}>
          <Switch
            checked={r.sms}
            loading={save.isPending && save.variables?.event === r.event}
            aria-label={t('admin:sms.notices.smsFor', { event: label.event(r.event) })}
            onChange={(sms) => save.mutate({ event: r.event, sms, wechat: r.wechat })}
          />
          {r.sms && !r.smsReady ? <Tag color="warning">{t('admin:sms.notices.noTemplate')}</Tag> : null}
        </span>
      ),
    },
    {
      title: t('admin:sms.notices.wechat'),
      key: 'wechat',
      width: 200,
      render: (_: unknown, r) => (
        <span className={s.inlineGap}>
          <Switch
            checked={r.wechat}
            loading={save.isPending && save.variables?.event === r.event}
            aria-label={t('admin:sms.notices.wechatFor', { event: label.event(r.event) })}
            onChange={(wechat) => save.mutate({ event: r.event, sms: r.sms, wechat })}
          />
          {r.wechat && !r.wechatReady ? <Tag color="warning">{t('admin:sms.notices.noTemplate')}</Tag> : null}
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="notice-switches">
      <Typography.Title level={2} id="notice-switches" className={s.sectionTitle}>
        {t('admin:sms.notices.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin:sms.notices.intro', {
          provider: label.provider(settings.data?.provider ?? 'outbox'),
          wechat: label.wechatMode(settings.data?.wechat ?? 'off'),
        })}
      </Typography.Paragraph>
      {settings.isError ? <Alert type="error" showIcon title={errorMessage(settings.error, t('admin:sms.notices.loadFailed'))} /> : null}
      {save.isError ? <Alert type="error" showIcon title={errorMessage(save.error, t('admin:sms.notices.saveFailed'))} /> : null}
      <Table<NoticeSetting>
        rowKey="event"
        size="small"
        pagination={false}
        loading={settings.isPending}
        dataSource={settings.data?.items ?? []}
        columns={columns}
      />
    </section>
  );
}

/** Every notice of the outbox and its delivery: channel, tries, the provider's message id or the last error. */
function NoticeJobs() {
  const { t } = useTranslation();
  const label = useLabels();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const jobs = useQuery(noticeJobsQuery(page - 1, size));
  const columns: TableProps<NoticeJobItem>['columns'] = [
    { title: t('admin:sms.columns.id'), dataIndex: 'id', width: 70 },
    { title: t('admin:sms.notices.receiver'), dataIndex: 'receiver', width: 200 },
    { title: t('admin:sms.notices.event'), dataIndex: 'event', width: 130, render: (e: string) => label.event(e) },
    { title: t('admin:sms.notices.channel'), dataIndex: 'channel', width: 100, render: (c: string) => label.channel(c) },
    { title: t('admin:sms.notices.message'), dataIndex: 'title' },
    {
      title: t('admin:sms.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: string) => <Tag color={STATUS_COLOR[v]}>{label.status(v)}</Tag>,
    },
    { title: t('admin:sms.notices.attempts'), dataIndex: 'attempts', width: 90 },
    {
      title: t('admin:sms.columns.answer'),
      key: 'answer',
      width: 200,
      render: (_: unknown, r) => <span className={s.mono}>{r.providerMessageId ?? r.lastError ?? '—'}</span>,
    },
    { title: t('admin:sms.columns.createdAt'), dataIndex: 'createdAt', width: 180, render: time },
  ];
  return (
    <section aria-labelledby="notice-jobs">
      <Typography.Title level={2} id="notice-jobs" className={s.sectionTitle}>
        {t('admin:sms.notices.jobsTitle')}
      </Typography.Title>
      <ScrollableTable label={t('admin:sms.notices.jobsTitle')}>
        <Table<NoticeJobItem>
          rowKey="id"
          loading={jobs.isFetching}
          dataSource={jobs.data?.content ?? []}
          columns={columns}
          scroll={{ x: 1200 }}
          pagination={{
            current: page,
            pageSize: size,
            total: jobs.data?.totalElements ?? 0,
            showTotal: (total) => t('admin:table.total', { total }),
            onChange: (p, s2) => {
              setPage(p);
              setSize(s2);
            },
          }}
        />
      </ScrollableTable>
    </section>
  );
}

/** Admin → SMS outbox: the messages sent, and the notices families get by SMS and WeChat (issue 22). */
export default function SmsOutboxPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.smsOutbox')}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'outbox', label: t('admin:sms.tabs.outbox'), children: <Outbox /> },
          {
            key: 'notices',
            label: t('admin:sms.tabs.notices'),
            children: (
              <div className={s.stack}>
                <NoticeSwitches />
                <NoticeJobs />
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
