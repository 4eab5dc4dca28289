import { App, Button, DatePicker, Form, Grid, Input, InputNumber, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLoaderData, useSearchParams } from 'react-router';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { canResource } from '@rp/shared/roles';
import { hasPermission, useSession } from '../../lib/session';
import { ScrollableTable } from '../pages/ScrollableTable';
import { cancelPlayerMutation } from '../pages/money-api';
import { ReasonDialog } from '../pages/money/dialogs';
import { removeResourceMutation, resourceListQuery } from './api';
import { ExportDialog } from './ExportDialog';
import { BulkBar, bulkFields } from './BulkBar';
import { MESSAGE_RESOURCES } from '@rp/shared/rules/access';
import { FieldCell, useEnumOptions, useRefOptions } from './cells';
import {
  fieldLabelKey,
  filterSpecs,
  isEditable,
  listColumns,
  listQuery,
  PAGE_SIZES,
  rangeOf,
  readListParams,
  writeListParams,
  type FilterSpec,
  type ListParams,
  type Row,
} from './model';
import type { ResourceLoaderData } from './route';
import { findResource, type ResourceDef } from './registry';
import s from '../admin.module.css';

export { resourceLoader as loader, resourceMeta as meta } from './route';

/** withdrawn (5) and cancelled (6) registrations cannot be cancelled again */
const CANCEL_DONE = new Set([5, 6]);

/** /admin/r/:resource — the generic list of a resource definition. */
export default function ResourceListPage() {
  const { name } = useLoaderData() as ResourceLoaderData;
  const def = findResource(name)!;
  return <ResourceList key={def.name} def={def} />;
}

function ResourceList({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(def, search);
  const query = useQuery(resourceListQuery(def.name, listQuery(params)));
  const [exportQuery, setExportQuery] = useState<Record<string, string | number> | null>(null);
  const removal = useMutation(removeResourceMutation(def.name));
  // button-level permissions (issue 14): the definition's coarse permission or the resource's own action
  const perms = user?.permissions ?? [];
  const canCreate = canResource(perms, def, 'create');
  // orders, payments and the ledger change only through their own flows: read-only rows, no delete
  const canEdit = canResource(perms, def, 'edit') && isEditable(def);
  const canDelete = canResource(perms, def, 'delete') && isEditable(def);
  const canExport = canResource(perms, def, 'export');
  const canMessage = MESSAGE_RESOURCES.includes(def.name) && perms.includes('messages.send');
  // bulk actions (issue 14): rows can be ticked when something can be done to several at once
  const [selected, setSelected] = useState<number[]>([]);
  const selectable = canExport || canDelete || canMessage || (canEdit && bulkFields(def).length > 0);
  // staff cancel a player's registration (payStatus 6, spec 4.1) with a required reason; the fee goes back in full
  const canCancelPlayers = def.name === 'players' && hasPermission(user, 'registrations.manage');
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const cancelPlayer = useMutation(cancelPlayerMutation);
  const title = t(def.labelKey);

  const update = (patch: Partial<ListParams>) => setSearch(writeListParams({ ...params, ...patch }));

  // a failed export: the HTTP client has shown the server's message
  const onExport = () => setExportQuery(listQuery(params, { forExport: true }));

  const onDelete = (row: Row) => {
    modal.confirm({
      title: t('admin:resource.deleteTitle'),
      content: t('admin:resource.deleteBody', { id: String(row.id) }),
      okText: t('admin:resource.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        removal
          .mutateAsync(row.id as number)
          .then((res) => void message.success(res.resultStr || t('admin:resource.deleted')))
          .catch((e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')))),
      onCancel: () => void message.info(t('admin:resource.cancelled')),
    });
  };

  const columns: TableProps<Row>['columns'] = [
    ...listColumns(def).map((c) => ({
      key: c.field.name,
      title: t(fieldLabelKey(def, c.field)),
      dataIndex: c.field.name,
      sorter: c.sortKey ? true : undefined,
      sortOrder: c.sortKey && params.sort?.key === c.sortKey ? (params.sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      width: c.field.name === 'id' ? 80 : undefined,
      render: (_: unknown, row: Row) => <FieldCell field={c.field} row={row} />,
    })),
    {
      key: 'actions',
      title: t('admin:resource.actions'),
      fixed: 'right' as const,
      width: (canDelete ? 170 : 100) + (canCancelPlayers ? 100 : 0),
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          <Button
            size="small"
            icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
            onClick={() => void navigate(`/admin/r/${def.name}/${String(row.id)}`)}
            aria-label={canEdit ? t('admin:resource.editRow', { id: String(row.id) }) : t('admin:resource.viewRow', { id: String(row.id) })}
          >
            {canEdit ? t('admin:resource.edit') : t('admin:resource.view')}
          </Button>
          {canDelete ? (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onDelete(row)}
              aria-label={t('admin:resource.deleteRow', { id: String(row.id) })}
            >
              {t('admin:resource.delete')}
            </Button>
          ) : null}
          {canCancelPlayers && !CANCEL_DONE.has(Number(row.payStatus)) ? (
            <Button size="small" danger onClick={() => setCancelling(row)} aria-label={t('admin:money.cancelPlayerOf', { name: String(row.name) })}>
              {t('admin:money.cancelPlayer')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className={s.titleRow}>
        <Typography.Title level={1} className={s.pageTitle}>
          {title}
        </Typography.Title>
        <Space wrap>
          {canExport ? (
            <Button icon={<DownloadOutlined />} onClick={onExport}>
              {t('admin:resource.export')}
            </Button>
          ) : null}
          {canCreate && def.creatable !== false ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/admin/r/${def.name}/new`)}>
              {t('admin:resource.create')}
            </Button>
          ) : null}
        </Space>
      </div>

      <Filters def={def} params={params} onApply={(filters) => update({ filters, page: 1 })} />

      {selected.length ? (
        <BulkBar
          def={def}
          ids={selected}
          canEdit={canEdit}
          canDelete={canDelete}
          canExport={canExport}
          canMessage={canMessage}
          onExport={() => setExportQuery({ ...listQuery(params, { forExport: true }), ids: selected.join(',') })}
          onDone={() => setSelected([])}
        />
      ) : null}

      <ScrollableTable label={title}>
        <Table<Row>
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected.map(String),
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (r) => ({ 'aria-label': t('admin:bulkActions.select', { id: String(r.id) }) }),
                }
              : undefined
          }
          rowKey={(r) => String(r.id)}
          columns={columns}
          dataSource={query.data?.content ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const col = listColumns(def).find((c) => c.field.name === one?.columnKey);
            const sort = one?.order && col?.sortKey ? { key: col.sortKey, order: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : null;
            const size = pagination.pageSize ?? params.size;
            const sortChanged = (sort?.key ?? '') + (sort?.order ?? '') !== (params.sort?.key ?? '') + (params.sort?.order ?? '');
            update({ sort, size, page: sortChanged || size !== params.size ? 1 : (pagination.current ?? 1) });
          }}
          pagination={{
            current: params.page,
            pageSize: params.size,
            total: query.data?.totalElements ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_SIZES],
            showTotal: (total) => t('admin:table.total', { total }),
          }}
        />
      </ScrollableTable>
      {exportQuery ? <ExportDialog name={def.name} query={exportQuery} onClose={() => setExportQuery(null)} /> : null}
      {canCancelPlayers ? (
        <ReasonDialog
          open={cancelling !== null}
          id="cancel-player"
          title={t('admin:money.cancelPlayerTitle', { name: String(cancelling?.name ?? '') })}
          label={t('admin:money.cancelPlayerReason')}
          okText={t('admin:money.cancelPlayerConfirm')}
          pending={cancelPlayer.isPending}
          onCancel={() => setCancelling(null)}
          onSubmit={(reason) =>
            cancelPlayer.mutate(
              { id: cancelling!.id as number, reason },
              {
                onSuccess: (res) => {
                  setCancelling(null);
                  void message.success(res.resultStr);
                },
                onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
              },
            )
          }
        />
      ) : null}
    </>
  );
}

/** The filter bar: one control per filter of the definition; applied with Search, cleared with Reset. */
function Filters({ def, params, onApply }: { def: ResourceDef; params: ListParams; onApply: (filters: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  // a phone stacks each label above its control
  const narrow = !Grid.useBreakpoint().md;
  const specs = filterSpecs(def);
  if (specs.length === 0) return null;
  const initial = Object.fromEntries(specs.map((sp) => [sp.param, toControlValue(sp, params.filters)]));
  const apply = (values: Record<string, unknown>) => {
    const filters: Record<string, string> = {};
    for (const sp of specs) {
      const v = values[sp.param];
      if (sp.mode === 'range') {
        // calendar days: the server reads "to" as the whole of that day
        const [from, to] = Array.isArray(v) ? (v as (Dayjs | null)[]) : [];
        if (from) filters[`${sp.param}From`] = from.format('YYYY-MM-DD');
        if (to) filters[`${sp.param}To`] = to.format('YYYY-MM-DD');
      } else if (v !== undefined && v !== null && String(v).trim() !== '') filters[sp.param] = String(v).trim();
    }
    onApply(filters);
  };
  return (
    <Form
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      className={s.filters}
      initialValues={initial}
      onFinish={apply}
      aria-label={t('admin:resource.filters')}
      key={JSON.stringify(params.filters)}
    >
      {specs.map((sp) => (
        <Form.Item key={sp.param} name={sp.param} label={t(fieldLabelKey(def, sp.field))}>
          <FilterControlInput spec={sp} label={t(fieldLabelKey(def, sp.field))} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin:resource.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.setFieldsValue(Object.fromEntries(specs.map((sp) => [sp.param, undefined])));
              onApply({});
            }}
          >
            {t('admin:resource.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function toControlValue(spec: FilterSpec, filters: Record<string, string>): unknown {
  if (spec.mode === 'range') {
    const [from, to] = rangeOf(spec, filters);
    return from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
  }
  const raw = filters[spec.param];
  if (raw === undefined) return undefined;
  if (spec.control === 'number' || spec.control === 'ref') return Number(raw);
  if (spec.control === 'select') return spec.field.options?.find((o) => String(o.value) === raw)?.value ?? raw;
  return raw;
}

function FilterControlInput({ spec, label, ...rest }: { spec: FilterSpec; label: string; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  const enumOptions = useEnumOptions(spec.field);
  const ref = useRefOptions(spec.field, spec.control === 'ref');
  // a phone has no room for the range picker's two months side by side: two date pickers instead
  const narrow = !Grid.useBreakpoint().md;
  const style = { minWidth: 160 };
  switch (spec.control) {
    case 'select':
      return <Select {...rest} allowClear style={style} options={enumOptions} placeholder={t('admin:resource.any')} />;
    case 'ref':
      return (
        <Select
          {...rest}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          loading={ref.loading}
          options={ref.options}
          placeholder={t('admin:resource.any')}
        />
      );
    case 'number':
      return <InputNumber {...(rest as object)} style={style} precision={0} />;
    case 'dateRange':
      return narrow ? (
        <DayRangeInputs {...(rest as DayRange)} label={label} />
      ) : (
        <DatePicker.RangePicker
          {...(rest as object)}
          allowEmpty={[true, true]}
          format="YYYY-MM-DD"
          placeholder={[t('admin:resource.dateFrom'), t('admin:resource.dateTo')]}
          className={s.rangeFilter}
        />
      );
    case 'boolean':
      return (
        <Select
          {...rest}
          allowClear
          style={style}
          options={[
            { value: 'true', label: t('admin:resource.yes') },
            { value: 'false', label: t('admin:resource.no') },
          ]}
        />
      );
    default:
      // an account is found by its phone or nickname (a reference filtered by text: FieldDef.ref 'accounts')
      return (
        <Input
          {...(rest as object)}
          allowClear
          style={{ width: spec.field.kind === 'ref' ? 240 : 200, maxWidth: '100%' }}
          placeholder={spec.field.kind === 'ref' ? t('admin:accounts.placeholder') : spec.mode === 'like' ? t('admin:resource.contains') : undefined}
        />
      );
  }
}

type DayRange = { value?: [Dayjs | null, Dayjs | null] | null; onChange?: (v: [Dayjs | null, Dayjs | null] | null) => void; id?: string; label?: string };

/** The range as two one-month pickers (phones): the same form value as the range picker. */
function DayRangeInputs({ value, onChange, id, label }: DayRange) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  const set = (next: [Dayjs | null, Dayjs | null]) => onChange?.(next[0] || next[1] ? next : null);
  return (
    <div className={s.dayRange}>
      <DatePicker
        id={id}
        value={from}
        format="YYYY-MM-DD"
        placeholder={t('admin:resource.dateFrom')}
        disabledDate={(d) => !!to && d.isAfter(to, 'day')}
        onChange={(d: Dayjs | null) => set([d, to])}
      />
      <DatePicker
        value={to}
        format="YYYY-MM-DD"
        placeholder={t('admin:resource.dateTo')}
        aria-label={t('admin:resource.rangeEnd', { label })}
        disabledDate={(d) => !!from && d.isBefore(from, 'day')}
        onChange={(d: Dayjs | null) => set([from, d])}
      />
    </div>
  );
}
