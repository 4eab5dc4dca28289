import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Grid, Input, Radio, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, RESOURCE_ACTIONS, type ResourceAction } from '@rp/shared/roles';
import { SCOPE_AWARE_CAPABILITIES, scopeFieldOf } from '@rp/shared/rules/access';
import type { RoleItem } from '@rp/shared';
import { currentLang } from '../../../lib/i18n';
import { antdFieldErrors, splitServerError } from '../../../lib/form-errors';
import { RESOURCES, type ResourceDef } from '../../resources/registry';
import { ROLE_KEYS } from '../../role-keys';
import { ScrollableTable } from '../ScrollableTable';
import { deleteRoleMutation, namedOptionsQuery, rolesQuery, saveRoleMutation, type NamedOption } from './access-api';
import { ACTION_KEYS, PERMISSION_KEYS } from './permission-keys';
import s from '../../admin.module.css';

const nameOf = (o: { nameZh: string; nameEn: string }) => (currentLang() === 'en' ? o.nameEn || o.nameZh : o.nameZh || o.nameEn);

/** The actions a resource offers: rows that change only through their own flows have no create/edit/delete. */
function actionsOf(def: ResourceDef): ResourceAction[] {
  return RESOURCE_ACTIONS.filter((a) =>
    a === 'create' ? def.creatable !== false && def.editable !== false : a === 'edit' || a === 'delete' ? def.editable !== false : true,
  );
}

/** /admin/roles — roles built from capabilities and per-resource actions, optionally limited to activities. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const roles = useQuery(rolesQuery);
  const activities = useQuery(namedOptionsQuery('activities'));
  const remove = useMutation(deleteRoleMutation);
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const activityName = new Map((activities.data ?? []).map((a) => [a.id, nameOf(a)]));

  const label = (r: RoleItem) => (r.builtIn ? (ROLE_KEYS[r.code] ? t(ROLE_KEYS[r.code]!) : r.code) : nameOf(r));
  const onDelete = (r: RoleItem) =>
    modal.confirm({
      title: t('admin:access.deleteTitle', { name: label(r) }),
      okText: t('admin:access.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin:access.cancel'),
      onOk: () => remove.mutateAsync(r.id).then((res) => void message.success(res.resultStr || t('admin:access.deleted'))),
    });

  const columns: TableProps<RoleItem>['columns'] = [
    { key: 'code', title: t('admin:access.code'), dataIndex: 'code', width: 140 },
    { key: 'name', title: t('admin:access.name'), render: (_, r) => label(r) },
    {
      key: 'kind',
      title: t('admin:access.builtIn'),
      render: (_, r) => (r.builtIn ? <Tag color="geekblue">{t('admin:access.builtIn')}</Tag> : <Tag>{t('admin:access.custom')}</Tag>),
    },
    { key: 'permissions', title: t('admin:access.permissions'), render: (_, r) => t('admin:access.permissionCount', { count: r.permissions.length }) },
    {
      key: 'scope',
      title: t('admin:access.scope'),
      render: (_, r) =>
        r.activityIds === null ? (
          t('admin:access.scopeAll')
        ) : (
          <Space size={4} wrap>
            {r.activityIds.map((id) => (
              <Tag key={id} color="warning">
                {activityName.get(id) ?? `#${id}`}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'members', title: t('admin:access.members'), dataIndex: 'members', width: 100 },
    {
      key: 'actions',
      title: t('admin:resource.actions'),
      fixed: 'right',
      width: 180,
      render: (_, r) => (
        <Space size={4}>
          <Button
            size="small"
            icon={r.builtIn ? <EyeOutlined /> : <EditOutlined />}
            onClick={() => setEditing(r)}
            aria-label={r.builtIn ? t('admin:access.viewBuiltIn', { name: label(r) }) : t('admin:access.editRole', { name: label(r) })}
          >
            {r.builtIn ? t('admin:resource.view') : t('admin:resource.edit')}
          </Button>
          {r.builtIn ? null : (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(r)} aria-label={t('admin:access.deleteTitle', { name: label(r) })}>
              {t('admin:access.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className={s.titleRow}>
        <Typography.Title level={1} className={s.pageTitle}>
          {t('admin:access.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin:access.newRole')}
        </Button>
      </div>
      <ScrollableTable label={t('admin:access.title')}>
        <Table<RoleItem>
          rowKey={(r) => `${r.builtIn ? 'b' : 'c'}${r.builtIn ? r.code : r.id}`}
          loading={roles.isFetching}
          dataSource={roles.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 900 }}
        />
      </ScrollableTable>
      {editing ? (
        <RoleDrawer
          key={editing === 'new' ? 'new' : `${editing.code}-${editing.id}`}
          role={editing === 'new' ? null : editing}
          title={editing === 'new' ? t('admin:access.newRole') : label(editing)}
          activities={activities.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

interface RoleForm {
  code: string;
  nameZh: string;
  nameEn: string;
  remark: string;
  scope: 'all' | 'some';
  activityIds: number[];
  capabilities: string[];
}

function RoleDrawer({ role, title, activities, onClose }: { role: RoleItem | null; title: string; activities: NamedOption[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<RoleForm>();
  const save = useMutation(saveRoleMutation);
  const readOnly = role?.builtIn === true;
  const initialFine = (role?.permissions ?? []).filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  const [fine, setFine] = useState<Set<string>>(() => new Set(initialFine));
  const [banner, setBanner] = useState<string | null>(null);
  const [permissionsError, setPermissionsError] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form) ?? (role?.activityIds ? 'some' : 'all');
  const limited = scope === 'some';

  const toggle = (perm: string, on: boolean) =>
    setFine((prev) => {
      const next = new Set(prev);
      if (on) next.add(perm);
      else next.delete(perm);
      return next;
    });

  const rows = useMemo(() => RESOURCES.map((def) => ({ def, actions: actionsOf(def), scoped: scopeFieldOf(def) !== null })), []);

  const onFinish = (v: RoleForm) => {
    setBanner(null);
    setPermissionsError(null);
    const capabilities = (v.capabilities ?? []).filter((p) => !limited || SCOPE_AWARE_CAPABILITIES.includes(p));
    const finePerms = [...fine].filter((p) => !limited || rows.find((r) => p.startsWith(`${r.def.name}.`))?.scoped);
    save.mutate(
      {
        id: role?.id || null,
        body: {
          code: v.code,
          nameZh: v.nameZh,
          nameEn: v.nameEn ?? '',
          remark: v.remark ?? '',
          permissions: [...capabilities, ...finePerms],
          activityIds: limited ? (v.activityIds ?? []) : null,
        },
      },
      {
        onSuccess: (res) => {
          void message.success(res.resultStr || t('admin:access.saved'));
          onClose();
        },
        onError: (e) => {
          const known = new Set(['code', 'nameZh', 'nameEn', 'remark', 'activityIds', 'permissions']);
          const { fields, banner: b } = splitServerError(e, (n) => known.has(n));
          const { permissions: pe, ...rest } = fields;
          form.setFields(antdFieldErrors(rest) as never);
          setPermissionsError(pe ?? null);
          setBanner(b);
        },
      },
    );
  };

  const matrix: TableProps<(typeof rows)[number]>['columns'] = [
    { key: 'resource', title: t('admin:access.resource'), render: (_, r) => t(r.def.labelKey), fixed: 'left', width: 160 },
    ...RESOURCE_ACTIONS.map((a) => ({
      key: a,
      title: t(ACTION_KEYS[a]),
      width: 72,
      align: 'center' as const,
      render: (_: unknown, r: (typeof rows)[number]) => {
        if (!r.actions.includes(a)) return null;
        const perm = `${r.def.name}.${a}`;
        return (
          <Checkbox
            checked={fine.has(perm)}
            disabled={readOnly || (limited && !r.scoped)}
            onChange={(e) => toggle(perm, e.target.checked)}
            aria-label={`${t(r.def.labelKey)} · ${t(ACTION_KEYS[a])}`}
          />
        );
      },
    })),
    {
      key: 'all',
      title: t('admin:access.all'),
      width: 64,
      align: 'center' as const,
      render: (_: unknown, r: (typeof rows)[number]) => {
        const perms = r.actions.map((a) => `${r.def.name}.${a}`);
        const on = perms.every((p) => fine.has(p));
        return (
          <Checkbox
            checked={on}
            indeterminate={!on && perms.some((p) => fine.has(p))}
            disabled={readOnly || (limited && !r.scoped)}
            onChange={(e) => perms.forEach((p) => toggle(p, e.target.checked))}
            aria-label={`${t(r.def.labelKey)} · ${t('admin:access.all')}`}
          />
        );
      },
    },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      title={readOnly ? t('admin:access.viewRole', { name: title }) : role ? t('admin:access.editRole', { name: title }) : title}
      destroyOnHidden
      footer={
        readOnly ? null : (
          <Space>
            <Button onClick={onClose}>{t('admin:access.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('admin:access.save')}
            </Button>
          </Space>
        )
      }
    >
      <Form<RoleForm>
        form={form}
        layout="vertical"
        disabled={readOnly}
        onFinish={onFinish}
        initialValues={{
          code: role?.code ?? '',
          nameZh: role?.nameZh ?? '',
          nameEn: role?.nameEn ?? '',
          remark: role?.remark ?? '',
          scope: role?.activityIds ? 'some' : 'all',
          activityIds: role?.activityIds ?? [],
          capabilities: (role?.permissions ?? []).filter((p) => (PERMISSIONS as readonly string[]).includes(p)),
        }}
      >
        {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="code"
          label={t('admin:access.code')}
          extra={t('admin:access.codeHelp')}
          rules={[{ required: true, message: t('admin:form.required') }]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nameZh" label={t('admin:access.nameZh')} rules={[{ required: true, message: t('admin:form.required') }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('admin:access.nameEn')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin:access.remark')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="scope" label={t('admin:access.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('admin:access.scopeAll') },
              { value: 'some', label: t('admin:access.scopeSome') },
            ]}
          />
        </Form.Item>
        {limited ? (
          <>
            <Alert type="info" showIcon title={t('admin:access.scopeHint')} style={{ marginBottom: 16 }} />
            <Form.Item
              name="activityIds"
              label={t('admin:access.scopeActivities')}
              rules={[{ required: true, type: 'array', min: 1, message: t('admin:form.required') }]}
            >
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={activities.map((a) => ({ value: a.id, label: nameOf(a) }))}
                aria-label={t('admin:access.scopeActivities')}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="capabilities" label={t('admin:access.capabilities')}>
          <Checkbox.Group
            className={s.checkGrid}
            options={PERMISSIONS.map((p) => ({
              value: p,
              label: t(PERMISSION_KEYS[p]),
              disabled: readOnly || (limited && !SCOPE_AWARE_CAPABILITIES.includes(p)),
            }))}
          />
        </Form.Item>
        <Typography.Title level={2} className={s.sectionTitle}>
          {t('admin:access.resources')}
        </Typography.Title>
        {permissionsError ? <Alert type="error" showIcon title={permissionsError} style={{ marginBottom: 12 }} /> : null}
        <ScrollableTable label={t('admin:access.resources')}>
          <Table rowKey={(r) => r.def.name} size="small" dataSource={rows} columns={matrix} pagination={false} scroll={{ x: 640 }} />
        </ScrollableTable>
      </Form>
    </Drawer>
  );
}
