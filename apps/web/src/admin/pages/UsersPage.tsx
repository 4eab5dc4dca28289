import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography, type TableProps } from 'antd';
import { HistoryOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../resources/cells';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminUserUpdate, LoginItem } from '@rp/shared';
import type { AdminUserItem } from '../../lib/contract';
import { currentLang } from '../../lib/i18n';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { hasPermission, useSession } from '../../lib/session';
import { ScrollableTable } from './ScrollableTable';
import { loginsQuery, namedOptionsQuery, rolesQuery, staffQuery, updateStaffMutation, type NamedOption } from './access/access-api';
import s from '../admin.module.css';
import { ROLE_KEYS } from '../role-keys';

const formatTime = (value: string | null) => formatDateTime(value);
const nameOf = (o: { nameZh: string; nameEn: string }) => (currentLang() === 'en' ? o.nameEn || o.nameZh : o.nameZh || o.nameEn);

/** /admin/users — accounts: search, roles, department and post, status; sign-in history (issue 14). */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canManage = hasPermission(user, 'roles.manage');
  const canAudit = hasPermission(user, 'audit.read');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || 20));
  const filter = { q: params.get('q') ?? '', role: params.get('role') ?? '', departmentId: params.get('departmentId') ?? '' };
  const query: Record<string, string | number> = { page: page - 1, size };
  for (const [k, v] of Object.entries(filter)) if (v) query[k] = v;
  const list = useQuery(staffQuery(query));
  const roles = useQuery({ ...rolesQuery, enabled: canManage });
  const departments = useQuery(namedOptionsQuery('departments', canManage));
  const posts = useQuery(namedOptionsQuery('posts', canManage));
  const [editing, setEditing] = useState<AdminUserItem | null>(null);
  const [history, setHistory] = useState<AdminUserItem | null>(null);
  const deptName = new Map((departments.data ?? []).map((d) => [d.id, nameOf(d)]));
  const postName = new Map((posts.data ?? []).map((d) => [d.id, nameOf(d)]));
  const roleLabel = (code: string) => {
    if (ROLE_KEYS[code]) return t(ROLE_KEYS[code]!);
    const r = roles.data?.find((x) => x.code === code);
    return r ? nameOf(r) : code;
  };
  const go = (next: Record<string, string>) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));

  const columns: TableProps<AdminUserItem>['columns'] = [
    { title: t('admin:users.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('admin:users.columns.username'), dataIndex: 'username' },
    { title: t('admin:users.columns.nickName'), dataIndex: 'nickName' },
    { title: t('admin:users.columns.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    {
      title: t('admin:users.columns.roles'),
      dataIndex: 'roles',
      render: (list: string[]) =>
        list.map((r) => (
          <Tag key={r} color={r === 'admin' ? 'geekblue' : r === 'editor' ? 'blue' : ROLE_KEYS[r] ? undefined : 'warning'}>
            {roleLabel(r)}
          </Tag>
        )),
    },
    {
      title: t('admin:users.columns.status'),
      dataIndex: 'status',
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('admin:users.status.active')}</Tag> : <Tag color="error">{t('admin:users.status.disabled')}</Tag>,
    },
    { title: t('admin:users.columns.department'), dataIndex: 'departmentId', render: (v: number | null) => (v ? (deptName.get(v) ?? `#${v}`) : '—') },
    { title: t('admin:users.columns.post'), dataIndex: 'postId', render: (v: number | null) => (v ? (postName.get(v) ?? `#${v}`) : '—') },
    { title: t('admin:users.columns.lastLoginAt'), dataIndex: 'lastLoginAt', render: formatTime },
    ...(canManage || canAudit
      ? [
          {
            key: 'actions',
            title: t('admin:users.columns.actions'),
            fixed: 'right' as const,
            width: 200,
            render: (_: unknown, row: AdminUserItem) => (
              <Space size={4}>
                {canManage ? (
                  <Button
                    size="small"
                    icon={<SettingOutlined />}
                    onClick={() => setEditing(row)}
                    aria-label={t('admin:users.editTitle', { name: row.nickName })}
                  >
                    {t('admin:users.edit')}
                  </Button>
                ) : null}
                {canAudit ? (
                  <Button
                    size="small"
                    icon={<HistoryOutlined />}
                    onClick={() => setHistory(row)}
                    aria-label={t('admin:users.loginsTitle', { name: row.nickName })}
                  >
                    {t('admin:users.logins')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.users')}
      </Typography.Title>
      <Form
        layout="inline"
        className={s.filters}
        initialValues={filter}
        onFinish={(v: typeof filter) => go({ q: (v.q ?? '').trim(), role: v.role ?? '', departmentId: v.departmentId ? String(v.departmentId) : '' })}
      >
        <Form.Item name="q">
          <Input
            allowClear
            maxLength={50}
            placeholder={t('admin:users.search')}
            aria-label={t('admin:users.search')}
            style={{ width: 240, maxWidth: '100%' }}
          />
        </Form.Item>
        {canManage ? (
          <>
            <Form.Item name="role" label={t('admin:users.columns.roles')}>
              <Select
                allowClear
                style={{ minWidth: 160 }}
                placeholder={t('admin:users.anyRole')}
                options={(roles.data ?? []).map((r) => ({ value: r.code, label: roleLabel(r.code) }))}
              />
            </Form.Item>
            <Form.Item name="departmentId" label={t('admin:users.columns.department')}>
              <Select
                allowClear
                style={{ minWidth: 160 }}
                placeholder={t('admin:users.anyDepartment')}
                options={(departments.data ?? []).map((d) => ({ value: String(d.id), label: nameOf(d) }))}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('admin:users.filter')}
          </Button>
        </Form.Item>
      </Form>
      <ScrollableTable label={t('admin:menu.users')}>
        <Table<AdminUserItem>
          rowKey="id"
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          columns={columns}
          scroll={{ x: 1100 }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('admin:table.total', { total }),
            onChange: (p, sz) => go({ ...filter, page: String(p), size: String(sz) }),
          }}
        />
      </ScrollableTable>
      {editing ? (
        <StaffDialog
          account={editing}
          roleOptions={(roles.data ?? []).map((r) => ({ value: r.code, label: roleLabel(r.code) }))}
          departments={departments.data ?? []}
          posts={posts.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {history ? <LoginsDialog account={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}

interface StaffForm {
  roles: string[];
  departmentId: number | null;
  postId: number | null;
  active: boolean;
}

function StaffDialog({
  account,
  roleOptions,
  departments,
  posts,
  onClose,
}: {
  account: AdminUserItem;
  roleOptions: { value: string; label: string }[];
  departments: NamedOption[];
  posts: NamedOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StaffForm>();
  const save = useMutation(updateStaffMutation);
  const [banner, setBanner] = useState<string | null>(null);
  const onFinish = (v: StaffForm) => {
    setBanner(null);
    const body: AdminUserUpdate = { roles: v.roles, departmentId: v.departmentId ?? null, postId: v.postId ?? null, status: v.active ? 1 : 0 };
    save.mutate(
      { id: account.id, body },
      {
        onSuccess: (res) => {
          void message.success(res.resultStr || t('admin:users.saved'));
          onClose();
        },
        onError: (e) => {
          const { fields, banner: b } = splitServerError(e, (n) => ['roles', 'departmentId', 'postId'].includes(n));
          form.setFields(antdFieldErrors(fields) as never);
          setBanner(b);
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('admin:users.editTitle', { name: account.nickName })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('admin:access.save')}
      cancelText={t('admin:access.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 16 }} /> : null}
      <Form<StaffForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ roles: account.roles, departmentId: account.departmentId, postId: account.postId, active: account.status === 1 }}
      >
        <Form.Item name="roles" label={t('admin:users.columns.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('admin:form.required') }]}>
          <Select mode="multiple" options={roleOptions} showSearch={{ optionFilterProp: 'label' }} aria-label={t('admin:users.columns.roles')} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('admin:users.columns.department')}>
          <Select allowClear placeholder={t('admin:users.noDepartment')} options={departments.map((d) => ({ value: d.id, label: nameOf(d) }))} />
        </Form.Item>
        <Form.Item name="postId" label={t('admin:users.columns.post')}>
          <Select allowClear placeholder={t('admin:users.noPost')} options={posts.map((d) => ({ value: d.id, label: nameOf(d) }))} />
        </Form.Item>
        <Form.Item name="active" label={t('admin:users.columns.status')} valuePropName="checked">
          <Switch checkedChildren={t('admin:users.status.active')} unCheckedChildren={t('admin:users.status.disabled')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LoginsDialog({ account, onClose }: { account: AdminUserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logins = useQuery(loginsQuery(account.id, page - 1));
  const columns: TableProps<LoginItem>['columns'] = [
    { title: t('admin:users.login.at'), dataIndex: 'at', render: formatTime, width: 150 },
    { title: t('admin:users.login.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '—', width: 130 },
    { title: t('admin:users.login.userAgent'), dataIndex: 'userAgent', render: (v: string | null) => <span className={s.diff}>{v ?? '—'}</span> },
  ];
  return (
    <Modal open title={t('admin:users.loginsTitle', { name: account.nickName })} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <ScrollableTable label={t('admin:users.loginsTitle', { name: account.nickName })}>
        <Table<LoginItem>
          rowKey="id"
          size="small"
          dataSource={logins.data?.content ?? []}
          loading={logins.isFetching}
          columns={columns}
          scroll={{ x: 600 }}
          pagination={{ current: page, pageSize: 10, total: logins.data?.totalElements ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </ScrollableTable>
    </Modal>
  );
}
