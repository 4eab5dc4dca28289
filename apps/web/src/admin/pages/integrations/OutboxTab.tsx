import { useState } from 'react';
import { App, Grid, Typography, type TableProps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { actionsColumn, FilterBar, PagedTable, StateWhen, time, useLocalPaging } from './cells';
import { outboxQuery, retryOutboxMutation, type OutboxRow, type OutboxStatus } from './integrations-api';
import { errorInWords, EVENT_KEYS, labelOf, OUTBOX_STATUS_KEYS, STATUS_COLOR, SUBJECT_KEYS, SUBSCRIBER_KEYS } from './labels';
import s from '../../admin.module.css';

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
    actionsColumn(t('admin:integrations.actions'), wide, (r) =>
      r.status === 'failed'
        ? {
            label: t('admin:integrations.outbox.retry'),
            name: t('admin:integrations.outbox.retryOf', { event: labelOf(t, EVENT_KEYS, r.eventName), id: r.id }),
            busy: retry.isPending && retry.variables === r.id,
            onClick: () => retry.mutate(r.id, { onSuccess: () => void message.success(t('admin:integrations.outbox.retried')) }),
          }
        : null,
    ),
  ];

  return (
    <div className={s.stack}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('admin:integrations.outbox.intro')}
      </Typography.Paragraph>
      <FilterBar<'' | OutboxStatus>
        label={t('admin:integrations.outbox.status')}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={FILTERS.map((f) => ({ value: f, label: f ? labelOf(t, OUTBOX_STATUS_KEYS, f) : t('admin:integrations.outbox.all') }))}
        refreshLabel={t('admin:integrations.refresh')}
        refreshing={list.isFetching}
        onRefresh={() => void list.refetch()}
      />
      {/* on a phone the event, its state and "retry now" lead */}
      <PagedTable<OutboxRow>
        label={t('admin:integrations.tabs.outbox')}
        list={list}
        failedText={t('admin:integrations.loadFailed')}
        columns={columns}
        lead={['event', 'status', 'actions']}
        wide={wide}
        scrollX={1000}
        emptyText={t('admin:integrations.outbox.empty')}
        pagination={pagination}
      />
    </div>
  );
}
