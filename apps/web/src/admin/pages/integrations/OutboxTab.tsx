import { useState } from 'react';
import { Alert, App, Button, Grid, Segmented, Table, Typography, type TableProps } from 'antd';
import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { ScrollableTable } from '../ScrollableTable';
import { phoneFirst, StateWhen, time, useLocalPaging } from './cells';
import { outboxQuery, retryOutboxMutation, type OutboxRow, type OutboxStatus } from './integrations-api';
import { errorInWords, EVENT_KEYS, labelOf, OUTBOX_STATUS_KEYS, STATUS_COLOR, SUBJECT_KEYS, SUBSCRIBER_KEYS } from './labels';
import s from '../../admin.module.css';
import w from './integrations.module.css';

const FILTERS: readonly ('' | OutboxStatus)[] = ['', 'pending', 'delivered', 'failed'];
const noWebhook = (r: OutboxRow) => r.subscriber === 'webhooks' && r.status === 'delivered' && r.webhooks === 0;

/** The outbox: each event's delivery to each subscriber after its change committed; a failed one can be retried now. */
export function OutboxTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const wide = !!Grid.useBreakpoint().md;
  const [status, setStatus] = useState<'' | OutboxStatus>('');
  const { page, size, setPage, pagination } = useLocalPaging();
  const list = useQuery(outboxQuery(status, page - 1, size));
  const retry = useMutation(retryOutboxMutation);

  const columns: TableProps<OutboxRow>['columns'] = [
    { key: 'event', title: t('admin:integrations.outbox.event'), width: wide ? 160 : 120, render: (_, r) => labelOf(t, EVENT_KEYS, r.eventName) },
    {
      key: 'about',
      title: t('admin:integrations.outbox.about'),
      width: 200,
      render: (_, r) => (r.subject ? t(SUBJECT_KEYS[r.subject.kind]!, { text: r.subject.text }) : '—'),
    },
    { key: 'subscriber', title: t('admin:integrations.outbox.subscriber'), width: 170, render: (_, r) => labelOf(t, SUBSCRIBER_KEYS, r.subscriber) },
    {
      key: 'status',
      title: t('admin:integrations.outbox.status'),
      width: wide ? 170 : 130,
      // with its moment: when it was delivered, or when it is tried next
      // handed to the webhooks when no webhook wanted the event: nothing went to a partner (issue 34)
      render: (_, r) => (
        <StateWhen
          color={noWebhook(r) ? 'default' : STATUS_COLOR[r.status]}
          label={noWebhook(r) ? t('admin:integrations.outbox.noWebhook') : labelOf(t, OUTBOX_STATUS_KEYS, r.status)}
          nextAt={r.status === 'pending' ? r.nextAt : null}
          doneAt={r.status === 'delivered' ? r.deliveredAt : null}
          next={(time) => t('admin:integrations.outbox.nextAt', { time })}
        />
      ),
    },
    { key: 'attempts', title: t('admin:integrations.outbox.attempts'), width: 100, align: 'right', dataIndex: 'attempts' },
    { key: 'error', title: t('admin:integrations.outbox.error'), render: (_, r) => (r.lastError ? errorInWords(t, r.lastError, null) : '—') },
    { key: 'created', title: t('admin:integrations.outbox.created'), width: 150, render: (_, r) => time(r.createdAt) },
    {
      key: 'actions',
      title: t('admin:integrations.actions'),
      width: wide ? 130 : 110,
      fixed: wide ? 'right' : undefined,
      render: (_, r) =>
        r.status === 'failed' ? (
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={retry.isPending && retry.variables === r.id}
            aria-label={t('admin:integrations.outbox.retryOf', { event: labelOf(t, EVENT_KEYS, r.eventName), id: r.id })}
            onClick={() => retry.mutate(r.id, { onSuccess: () => void message.success(t('admin:integrations.outbox.retried')) })}
          >
            {t('admin:integrations.outbox.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={s.stack}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('admin:integrations.outbox.intro')}
      </Typography.Paragraph>
      <div className={w.toolbar}>
        <Segmented<'' | OutboxStatus>
          aria-label={t('admin:integrations.outbox.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={FILTERS.map((f) => ({ value: f, label: f ? labelOf(t, OUTBOX_STATUS_KEYS, f) : t('admin:integrations.outbox.all') }))}
        />
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {t('admin:integrations.refresh')}
        </Button>
      </div>
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, t('admin:integrations.loadFailed'))} /> : null}
      <ScrollableTable label={t('admin:integrations.tabs.outbox')}>
        <Table<OutboxRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.content ?? []}
          // on a phone the event, its state and "retry now" lead, side by side on the screen
          columns={phoneFirst(columns, ['event', 'status', 'actions'], wide)}
          className={w.table}
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('admin:integrations.outbox.empty') }}
          pagination={pagination(list.data?.total ?? 0)}
        />
      </ScrollableTable>
    </div>
  );
}
