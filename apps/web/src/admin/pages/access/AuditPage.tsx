import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Typography, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditItem } from '@rp/shared';
import { RESOURCES } from '../../resources/registry';
import { ScrollableTable } from '../ScrollableTable';
import { auditQuery } from './access-api';
import { AUDIT_ACTION_KEYS } from './permission-keys';
import s from '../../admin.module.css';

type Json = Record<string, unknown>;
const parse = (text: string | null): Json | null => {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : { value: v };
  } catch {
    return { value: text };
  }
};
const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields an entry changed: before → after (all fields of a create or delete). */
export function changedFields(entry: Pick<AuditItem, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const before = parse(entry.before) ?? {};
  const after = parse(entry.after) ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.filter((n) => show(before[n]) !== show(after[n])).map((n) => ({ field: n, before: show(before[n]), after: show(after[n]) }));
}

const FILTERS = ['userId', 'resource', 'recordId', 'action', 'from', 'to'] as const;
const EXTRA_RESOURCES = ['roles', 'users', 'teamMembers', 'withdrawals', 'orders', 'refunds', 'invoices'];

/** /admin/audit — who changed what and when, before → after; filter by person, data type, record, action, dates. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || 20));
  const query: Record<string, string | number> = { page: page - 1, size };
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) query[k] = v;
  }
  const list = useQuery(auditQuery(query));
  const [open, setOpen] = useState<AuditItem | null>(null);
  const resourceLabel = (name: string) => {
    const def = RESOURCES.find((r) => r.name === name);
    return def ? t(def.labelKey) : name;
  };
  const resourceOptions = [...new Set([...RESOURCES.map((r) => r.name), ...EXTRA_RESOURCES])].map((n) => ({ value: n, label: resourceLabel(n) }));

  const onSearch = (v: { userId?: number | null; resource?: string; recordId?: string; action?: string; dates?: [Dayjs, Dayjs] | null }) => {
    const next: Record<string, string> = {};
    if (v.userId) next.userId = String(v.userId);
    if (v.resource) next.resource = v.resource;
    if (v.recordId?.trim()) next.recordId = v.recordId.trim();
    if (v.action) next.action = v.action;
    if (v.dates?.[0]) next.from = v.dates[0].format('YYYY-MM-DD');
    if (v.dates?.[1]) next.to = v.dates[1].format('YYYY-MM-DD');
    setParams(next);
  };

  const columns: TableProps<AuditItem>['columns'] = [
    { key: 'at', title: t('admin:audit.at'), dataIndex: 'at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'user', title: t('admin:audit.user'), render: (_, r) => r.userName ?? (r.userId ? `#${r.userId}` : t('admin:audit.system')) },
    { key: 'resource', title: t('admin:audit.resource'), render: (_, r) => resourceLabel(r.resource) },
    { key: 'record', title: t('admin:audit.record'), dataIndex: 'recordId', width: 90, render: (v: string | null) => v ?? '—' },
    { key: 'action', title: t('admin:audit.action'), width: 90, render: (_, r) => (AUDIT_ACTION_KEYS[r.action] ? t(AUDIT_ACTION_KEYS[r.action]!) : r.action) },
    {
      key: 'changes',
      title: t('admin:audit.changes'),
      render: (_, r) => {
        const changed = changedFields(r);
        return (
          <span className={s.diff}>
            {changed
              .slice(0, 3)
              .map((c) => `${c.field}: ${c.before || '∅'} → ${c.after || '∅'}`)
              .join('; ')
              .slice(0, 160) || '—'}
          </span>
        );
      },
    },
    {
      key: 'details',
      title: t('admin:audit.details'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r)} aria-label={t('admin:audit.detailsTitle', { id: r.id })}>
          {t('admin:audit.details')}
        </Button>
      ),
    },
  ];

  const from = params.get('from');
  const to = params.get('to');
  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:audit.title')}
      </Typography.Title>
      <Form
        layout="inline"
        className={s.filters}
        onFinish={onSearch}
        initialValues={{
          userId: params.get('userId') ? Number(params.get('userId')) : null,
          resource: params.get('resource') ?? undefined,
          recordId: params.get('recordId') ?? '',
          action: params.get('action') ?? undefined,
          dates: from && to ? [dayjs(from), dayjs(to)] : null,
        }}
      >
        <Form.Item name="userId" label={t('admin:audit.filterUser')}>
          <InputNumber min={1} max={2147483647} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="resource" label={t('admin:audit.filterResource')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 180 }} options={resourceOptions} />
        </Form.Item>
        <Form.Item name="recordId" label={t('admin:audit.filterRecord')}>
          <Input allowClear maxLength={40} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action" label={t('admin:audit.filterAction')}>
          <Select allowClear style={{ minWidth: 120 }} options={Object.entries(AUDIT_ACTION_KEYS).map(([value, key]) => ({ value, label: t(key) }))} />
        </Form.Item>
        <Form.Item name="dates" label={t('admin:audit.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin:audit.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button icon={<ReloadOutlined />} onClick={() => setParams({})}>
            {t('admin:audit.reset')}
          </Button>
        </Form.Item>
      </Form>
      <ScrollableTable label={t('admin:audit.title')}>
        <Table<AuditItem>
          rowKey="id"
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          columns={columns}
          scroll={{ x: 1000 }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => t('admin:table.total', { total }),
            onChange: (p, sz) =>
              setParams({ ...Object.fromEntries(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))), page: String(p), size: String(sz) }),
          }}
        />
      </ScrollableTable>
      {open ? (
        <Modal open title={t('admin:audit.detailsTitle', { id: open.id })} onCancel={() => setOpen(null)} footer={null} width={760}>
          <ScrollableTable label={t('admin:audit.detailsTitle', { id: open.id })}>
            <Table
              rowKey="field"
              size="small"
              pagination={false}
              dataSource={changedFields(open)}
              locale={{ emptyText: t('admin:audit.noChanges') }}
              columns={[
                { key: 'field', title: t('admin:audit.field'), dataIndex: 'field', width: 140 },
                { key: 'before', title: t('admin:audit.before'), dataIndex: 'before', render: (v: string) => <span className={s.diff}>{v}</span> },
                { key: 'after', title: t('admin:audit.after'), dataIndex: 'after', render: (v: string) => <span className={s.diff}>{v}</span> },
              ]}
            />
          </ScrollableTable>
        </Modal>
      ) : null}
    </>
  );
}
