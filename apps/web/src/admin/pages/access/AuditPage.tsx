import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Typography, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditItem } from '@rp/shared';
import { RESOURCES } from '../../resources/registry';
import { formatDateTime } from '../../resources/cells';
import { ScrollableTable } from '../ScrollableTable';
import { auditQuery } from './access-api';
import { AUDIT_LABELS } from '@rp/shared/resources/labels';
import s from '../../admin.module.css';

type Change = AuditItem['changes'][number];

/** One change as a line: the field's label, before → after, in display form (the server's, issue 24). */
export const changeLine = (c: Pick<Change, 'label' | 'before' | 'after'>) => `${c.label}: ${c.before ?? '∅'} → ${c.after ?? '∅'}`;

const FILTERS = ['userId', 'resource', 'recordId', 'action', 'from', 'to'] as const;
const EXTRA_RESOURCES = ['roles', 'users', 'teamMembers', 'withdrawals', 'refunds', 'invoices'] as const;

/** /admin/audit — who changed what and when, before → after; filter by person, data type, record, action, dates. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
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
  const resourceOptions = [
    ...RESOURCES.map((r) => ({ value: r.name, label: t(r.labelKey) })),
    ...EXTRA_RESOURCES.map((n) => ({ value: n, label: AUDIT_LABELS[lang].resources[n] })),
  ];
  const actionOptions = Object.entries(AUDIT_LABELS[lang].actions).map(([value, label]) => ({ value, label }));

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
    { key: 'at', title: t('admin:audit.at'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v) },
    { key: 'user', title: t('admin:audit.user'), render: (_, r) => r.userName ?? (r.userId ? `#${r.userId}` : t('admin:audit.system')) },
    { key: 'resource', title: t('admin:audit.resource'), render: (_, r) => r.resourceLabel },
    { key: 'record', title: t('admin:audit.record'), dataIndex: 'recordId', width: 90, render: (v: string | null) => v ?? '—' },
    { key: 'action', title: t('admin:audit.action'), width: 110, render: (_, r) => r.actionLabel },
    {
      key: 'changes',
      title: t('admin:audit.changes'),
      render: (_, r) => {
        return <span className={s.diff}>{r.changes.slice(0, 3).map(changeLine).join('; ').slice(0, 160) || '—'}</span>;
      },
    },
    {
      key: 'details',
      title: t('admin:audit.details'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r)} aria-label={t('admin:audit.detailsOf', { id: r.id })}>
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
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 140 }} options={actionOptions} />
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
              dataSource={open.changes}
              locale={{ emptyText: t('admin:audit.noChanges') }}
              columns={[
                { key: 'field', title: t('admin:audit.field'), dataIndex: 'label', width: 160 },
                {
                  key: 'before',
                  title: t('admin:audit.before'),
                  dataIndex: 'before',
                  render: (v: string | null) => <span className={s.diff}>{v ?? '—'}</span>,
                },
                { key: 'after', title: t('admin:audit.after'), dataIndex: 'after', render: (v: string | null) => <span className={s.diff}>{v ?? '—'}</span> },
              ]}
            />
          </ScrollableTable>
        </Modal>
      ) : null}
    </>
  );
}
