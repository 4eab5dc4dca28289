import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Segmented, Space, Table, Tag, Typography, type TableProps, type TablePaginationConfig } from 'antd';
import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { ScrollableTable } from '../ScrollableTable';
import { formatDateTime } from '../../resources/cells';
import w from './integrations.module.css';

/** A moment as the admin shows it, or a dash. */
export const time = (v: string | null) => (v ? <time dateTime={v}>{formatDateTime(v)}</time> : '—');

/**
 * A state as a coloured tag, with its moment in small type below: when it is tried next (`nextAt`, said
 * by `next`) or when it was done (`doneAt`). The caller passes only the moment that fits the state.
 */
export function StateWhen(p: { color: string | undefined; label: string; nextAt: string | null; doneAt: string | null; next: (time: string) => string }) {
  const when = p.nextAt ? p.next(formatDateTime(p.nextAt)) : p.doneAt ? formatDateTime(p.doneAt) : null;
  return (
    <div className={w.cellStack}>
      <span>
        <Tag color={p.color}>{p.label}</Tag>
      </span>
      {when ? (
        <Typography.Text type="secondary" className={w.when}>
          {when}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * On a phone what a row is and what can be done with it come first, beside each other on the screen; the
 * other columns follow and scroll. On a wide screen the columns stay as they are.
 */
export function phoneFirst<T>(columns: NonNullable<TableProps<T>['columns']>, first: readonly string[], wide: boolean) {
  if (wide) return columns;
  const lead = first.flatMap((k) => columns.filter((c) => c.key === k));
  return [...lead, ...columns.filter((c) => !first.includes(String(c.key)))];
}

/** Names as tags in one wrapping row (events, scopes, activities). */
export function TagList(p: { items: readonly (string | number)[]; color: string; label: (item: string | number) => string }) {
  return (
    <Space size={[4, 4]} wrap>
      {p.items.map((item) => (
        <Tag key={item} color={p.color}>
          {p.label(item)}
        </Tag>
      ))}
    </Space>
  );
}

/** A list's page kept on the screen (tabs and drawers, not the address): 1-based page, size, antd's pagination. */
export function useLocalPaging(defaultSize = 20) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultSize);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total,
    showTotal: (n) => t('admin:table.total', { total: n }),
    onChange: (p, sz) => {
      setPage(p);
      setSize(sz);
    },
  });
  return { page, size, setPage, pagination };
}

/** A list's state filter beside its refresh button (the outbox, the background jobs). */
export function FilterBar<V extends string>(p: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
  refreshLabel: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className={w.toolbar}>
      <Segmented<V> aria-label={p.label} value={p.value} onChange={p.onChange} options={p.options} />
      <Button icon={<ReloadOutlined />} loading={p.refreshing} onClick={p.onRefresh}>
        {p.refreshLabel}
      </Button>
    </div>
  );
}

/** "Retry now" on a failed row: named after the row for a screen reader, spinning while its retry is sent. */
export function RetryNow(p: { label: string; name: string; busy: boolean; onClick: () => void }) {
  return (
    <Button size="small" icon={<RedoOutlined />} loading={p.busy} aria-label={p.name} onClick={p.onClick}>
      {p.label}
    </Button>
  );
}

/** A list's last column, kept in view on a wide screen: what can be done with the row (`retry`: "retry now" when it fits). */
export function actionsColumn<T extends { id: number }>(
  title: string,
  wide: boolean,
  retry: (r: T) => { label: string; name: string; busy: boolean; onClick: () => void } | null,
): NonNullable<TableProps<T>['columns']>[number] {
  return {
    key: 'actions',
    title,
    width: wide ? 130 : 110,
    fixed: wide ? 'right' : undefined,
    render: (_: unknown, r: T) => {
      const p = retry(r);
      return p ? <RetryNow {...p} /> : null;
    },
  };
}

/**
 * A page of a server-paged list (the outbox, the background jobs): why it failed to load, if it did, then the
 * table — on a phone the `lead` columns first, side by side on the screen.
 */
export function PagedTable<T extends { id: number }>(p: {
  label: string;
  list: UseQueryResult<{ total: number; content: T[] }>;
  failedText: string;
  columns: NonNullable<TableProps<T>['columns']>;
  lead: readonly string[];
  wide: boolean;
  scrollX: number;
  emptyText: string;
  pagination: (total: number) => TablePaginationConfig;
}) {
  const { list } = p;
  return (
    <>
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, p.failedText)} /> : null}
      <ScrollableTable label={p.label}>
        <Table<T>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.content ?? []}
          columns={phoneFirst(p.columns, p.lead, p.wide)}
          className={w.table}
          scroll={{ x: p.scrollX }}
          locale={{ emptyText: p.emptyText }}
          pagination={p.pagination(list.data?.total ?? 0)}
        />
      </ScrollableTable>
    </>
  );
}
