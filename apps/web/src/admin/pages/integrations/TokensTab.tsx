import { useState } from 'react';
import { Alert, App, Button, Checkbox, DatePicker, Drawer, Form, Grid, Input, Select, Skeleton, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { antdFieldErrors, splitServerError } from '../../../lib/form-errors';
import { currentLang } from '../../../lib/i18n';
import { ScrollableTable } from '../ScrollableTable';
import { phoneFirst, TagList, time } from './cells';
import {
  activityOptionsQuery,
  createTokenMutation,
  revokeTokenMutation,
  scopesQuery,
  tokensQuery,
  type ActivityOption,
  type ApiToken,
  type TokenScope,
} from './integrations-api';
import { labelOf, labelOfScope, SCOPE_KEYS, STATUS_COLOR, TOKEN_STATE_KEYS } from './labels';
import { defaultExpiry, expiryAllowed, tokenBody, type TokenForm } from './model';
import { ShownOnceDialog } from './ShownOnceDialog';
import s from '../../admin.module.css';
import w from './integrations.module.css';

const nameOf = (a: ActivityOption) => (currentLang() === 'en' ? a.nameEn || a.nameZh : a.nameZh || a.nameEn);
/** Scope labels as a sentence's list (“Read registrations” and “Read orders”). */
const listOf = (labels: string[]) => new Intl.ListFormat(currentLang() === 'en' ? 'en' : 'zh', { type: 'conjunction' }).format(labels.map((l) => `“${l}”`));

/** API tokens for partner systems: scopes, activities, an expiry; the token shown once; revocable. */
export function TokensTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const wide = !!Grid.useBreakpoint().md;
  const list = useQuery(tokensQuery);
  const scopes = useQuery(scopesQuery);
  const activities = useQuery(activityOptionsQuery);
  const revoke = useMutation(revokeTokenMutation);
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const activityName = new Map((activities.data ?? []).map((a) => [a.id, nameOf(a)]));
  const scopeLabel = (n: string) => labelOfScope(t, n);

  const onRevoke = (tk: ApiToken) =>
    modal.confirm({
      title: t('admin:integrations.tokens.revokeTitle', { name: tk.name }),
      content: t('admin:integrations.tokens.revokeText'),
      okText: t('admin:integrations.tokens.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('admin:integrations.cancel'),
      onOk: () => revoke.mutateAsync(tk.id).then(() => void message.success(t('admin:integrations.tokens.revoked', { name: tk.name }))),
    });

  const columns: TableProps<ApiToken>['columns'] = [
    {
      key: 'name',
      title: t('admin:integrations.tokens.name'),
      width: wide ? 200 : 140,
      render: (_, tk) => (
        <div className={w.cellStack}>
          <span>{tk.name}</span>
          <Typography.Text type="secondary" className={s.mono}>
            {tk.prefix.startsWith('rpk_') ? tk.prefix : `rpk_${tk.prefix}`}…
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'maker',
      title: t('admin:integrations.tokens.maker'),
      width: 160,
      render: (_, tk) => tk.createdByName ?? <Typography.Text type="secondary">{t('admin:integrations.tokens.makerDeleted')}</Typography.Text>,
    },
    {
      key: 'scopes',
      title: t('admin:integrations.tokens.scopes'),
      width: 220,
      render: (_, tk) => <TagList items={tk.scopes} color="blue" label={(n) => scopeLabel(String(n))} />,
    },
    {
      key: 'activities',
      title: t('admin:integrations.tokens.activities'),
      width: 200,
      render: (_, tk) =>
        tk.activityIds === null ? (
          t('admin:integrations.tokens.allActivities')
        ) : (
          <TagList items={tk.activityIds} color="warning" label={(id) => activityName.get(Number(id)) ?? t('admin:integrations.tokens.activityNo', { id })} />
        ),
    },
    { key: 'expires', title: t('admin:integrations.tokens.expires'), width: 150, render: (_, tk) => time(tk.expiresAt) },
    {
      key: 'used',
      title: t('admin:integrations.tokens.lastUsed'),
      width: 150,
      render: (_, tk) => (tk.lastUsedAt ? time(tk.lastUsedAt) : <Typography.Text type="secondary">{t('admin:integrations.tokens.neverUsed')}</Typography.Text>),
    },
    {
      key: 'state',
      title: t('admin:integrations.tokens.state'),
      width: 90,
      render: (_, tk) => <Tag color={STATUS_COLOR[tk.state]}>{labelOf(t, TOKEN_STATE_KEYS, tk.state)}</Tag>,
    },
    {
      key: 'actions',
      title: t('admin:integrations.actions'),
      width: 110,
      render: (_, tk) =>
        tk.state === 'active' ? (
          <Button
            size="small"
            danger
            icon={<StopOutlined />}
            onClick={() => onRevoke(tk)}
            aria-label={t('admin:integrations.tokens.revokeTitle', { name: tk.name })}
          >
            {t('admin:integrations.tokens.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={s.stack}>
      <div className={w.toolbar}>
        <Typography.Paragraph type="secondary" className={w.intro}>
          {t('admin:integrations.tokens.intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin:integrations.tokens.add')}
        </Button>
      </div>
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, t('admin:integrations.loadFailed'))} /> : null}
      <ScrollableTable label={t('admin:integrations.tabs.tokens')}>
        <Table<ApiToken>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          // on a phone the name, its state and "revoke" lead, side by side on the screen
          columns={phoneFirst(columns, ['name', 'state', 'actions'], wide)}
          className={w.table}
          pagination={false}
          scroll={{ x: 1120 }}
          locale={{ emptyText: t('admin:integrations.tokens.empty') }}
        />
      </ScrollableTable>
      {creating ? <TokenDrawer scopes={scopes} activities={activities.data ?? []} onClose={() => setCreating(false)} onToken={setToken} /> : null}
      <ShownOnceDialog
        title={t('admin:integrations.tokens.tokenTitle')}
        intro={t('admin:integrations.tokens.tokenIntro')}
        value={token}
        onClose={() => setToken(null)}
      />
    </div>
  );
}

const FIELDS = new Set(['name', 'scopes', 'activityIds', 'expiresAt']);

function TokenDrawer({
  scopes,
  activities,
  onClose,
  onToken,
}: {
  scopes: { data?: TokenScope[]; error: unknown; isError: boolean };
  activities: ActivityOption[];
  onClose: () => void;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<TokenForm>();
  const create = useMutation(createTokenMutation);
  const [banner, setBanner] = useState<string | null>(null);
  const chosen = Form.useWatch('scopes', form) ?? [];
  // which scopes read by activity is the server's answer (GET …/scopes), never a guess of the screen
  const known = scopes.data ?? [];
  const scopeLabel = (n: string) => labelOfScope(t, n);
  const byActivity = known.filter((sc) => sc.activityLimited).map((sc) => sc.name);
  const limited = byActivity.filter((n) => chosen.includes(n));
  const limitable = limited.length > 0;

  const onFinish = (v: TokenForm) => {
    setBanner(null);
    create.mutate(tokenBody({ ...v, activityIds: limitable ? v.activityIds : [] }), {
      onSuccess: (res) => {
        void message.success(t('admin:integrations.tokens.created', { name: res.name }));
        onToken(res.token);
        onClose();
      },
      onError: (e) => {
        const { fields, banner: b } = splitServerError(e, (n) => FIELDS.has(n), { expiresAt: 'expires' });
        form.setFields(antdFieldErrors(fields) as never);
        setBanner(b);
      },
    });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      title={t('admin:integrations.tokens.add')}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('admin:integrations.cancel')}</Button>
          <Button type="primary" loading={create.isPending} disabled={!scopes.data} onClick={() => form.submit()}>
            {t('admin:integrations.tokens.create')}
          </Button>
        </Space>
      }
    >
      <Form<TokenForm> form={form} layout="vertical" onFinish={onFinish} initialValues={{ name: '', scopes: [], activityIds: [], expires: defaultExpiry() }}>
        {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 16 }} /> : null}
        {scopes.isError ? (
          <Alert type="error" showIcon title={errorMessage(scopes.error, t('admin:integrations.loadFailed'))} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="name"
          label={t('admin:integrations.tokens.name')}
          extra={t('admin:integrations.tokens.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('admin:form.required') }]}
        >
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('admin:integrations.tokens.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('admin:integrations.tokens.scopesRequired') }]}
        >
          {scopes.data ? (
            <Checkbox.Group
              className={w.scopeList}
              options={known.map((sc) => {
                const keys = SCOPE_KEYS[sc.name];
                return {
                  value: sc.name,
                  label: keys ? (
                    <span>
                      {t(keys.label)}
                      <Typography.Text type="secondary" className={w.scopeHelp}>
                        {t(keys.help)}
                      </Typography.Text>
                    </span>
                  ) : (
                    sc.name
                  ),
                };
              })}
            />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          )}
        </Form.Item>
        <Form.Item
          name="activityIds"
          label={t('admin:integrations.tokens.activities')}
          extra={
            !scopes.data
              ? undefined
              : limitable
                ? t('admin:integrations.tokens.activitiesHelp', { scopes: listOf(limited.map(scopeLabel)) })
                : byActivity.length
                  ? t('admin:integrations.tokens.activitiesUnused', { scopes: listOf(byActivity.map(scopeLabel)) })
                  : t('admin:integrations.tokens.activitiesNone')
          }
        >
          <Select
            mode="multiple"
            allowClear
            disabled={!limitable}
            placeholder={t('admin:integrations.tokens.allActivities')}
            showSearch={{ optionFilterProp: 'label' }}
            options={activities.map((a) => ({ value: a.id, label: nameOf(a) }))}
            aria-label={t('admin:integrations.tokens.activities')}
          />
        </Form.Item>
        <Form.Item
          name="expires"
          label={t('admin:integrations.tokens.expires')}
          extra={t('admin:integrations.tokens.expiresHelp')}
          rules={[{ required: true, message: t('admin:form.required') }]}
        >
          <DatePicker format="YYYY-MM-DD" allowClear={false} disabledDate={(d) => !expiryAllowed(d)} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
