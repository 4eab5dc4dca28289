import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Space, Tag, Typography, type TableProps, type TablePaginationConfig } from 'antd';
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
