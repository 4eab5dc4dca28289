import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Radio, Select, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { formatDateTime, formatPrice } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useLang } from '../../lib/use-lang';
import {
  applyChannel,
  channelKeys,
  channelSelf,
  myChannelApplications,
  withdrawRebate,
  type ChannelApplyBody,
  type ChannelSelf,
  type RebateWithdrawBody,
} from './api';
import s from './channels.module.css';

const PHONE = /^1[3-9]\d{9}$/;
const STATUS_KEYS = {
  pending: 'people:channel.status.pending',
  approved: 'people:channel.status.approved',
  rejected: 'people:channel.status.rejected',
} as const;
const TYPE_KEYS: Record<number, string> = { 1: 'people:channel.type.1', 2: 'people:channel.type.2', 3: 'people:channel.type.3' };
const REBATE_KEYS = { final: 'people:channel.rebate.final', pending: 'people:channel.rebate.pending', void: 'people:channel.rebate.void' } as const;
const METHOD_KEYS = { enterprise: 'people:channel.method.enterprise', wallet: 'people:channel.method.wallet', bank: 'people:channel.method.bank' } as const;
const WITHDRAW_KEYS = {
  paying: 'people:channel.withdrawal.paying',
  completed: 'people:channel.withdrawal.completed',
  abnormal: 'people:channel.withdrawal.abnormal',
} as const;

/**
 * User center → Channel partner (issue 12): apply to become a partner; once approved, the channel code, bound
 * teams and players, rebates (pending while refundable, final after), the balance and cash withdrawals.
 */
export function ChannelPanel() {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: [...channelKeys.all, 'apps'], queryFn: myChannelApplications });
  const self = useQuery({ queryKey: [...channelKeys.all, 'self'], queryFn: channelSelf });
  if (apps.isPending || self.isPending) return <Skeleton active />;
  if (apps.isError || self.isError) return <Alert type="error" showIcon title={errorMessage(apps.error ?? self.error, t('people:loadFailed'))} />;
  const open = apps.data.find((a) => a.status === 'pending');
  const rejected = apps.data.find((a) => a.status === 'rejected');
  return (
    <section className={s.panel} aria-labelledby="channel-title">
      <h2 id="channel-title" className={s.title}>
        {t('people:channel.title')}
      </h2>
      {self.data.map((c) => (
        <Partner key={c.orgId} c={c} />
      ))}
      {open ? <Alert type="info" showIcon title={t('people:channel.waiting', { name: open.name })} description={t(STATUS_KEYS.pending)} /> : null}
      {!open && self.data.length === 0 ? (
        <>
          {rejected ? (
            <Alert type="warning" showIcon title={t('people:channel.rejected', { name: rejected.name })} description={rejected.rejectReason} />
          ) : null}
          <ApplyForm />
        </>
      ) : null}
    </section>
  );
}

function ApplyForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<ChannelApplyBody>();
  const [banner, setBanner] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: applyChannel,
    onSuccess: (r) => {
      notify.success(r.resultStr);
      void qc.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e) => {
      const split = splitServerError(e);
      form.setFields(antdFieldErrors(split.fields) as never);
      setBanner(split.banner);
    },
  });
  const required = { required: true, whitespace: true, message: t('people:form.required') };
  return (
    <Card className={s.card}>
      <h3 className={s.subTitle}>{t('people:channel.applyTitle')}</h3>
      <p className={s.muted}>{t('people:channel.applyLead')}</p>
      <Form<ChannelApplyBody> form={form} layout="vertical" initialValues={{ type: 3 }} onFinish={(v) => send.mutate(v)} onValuesChange={() => setBanner(null)}>
        <Form.Item name="name" label={t('people:channel.name')} rules={[required, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={t('people:channel.tier')}>
          <Radio.Group options={[1, 2, 3].map((v) => ({ value: v, label: t(TYPE_KEYS[v]!) }))} />
        </Form.Item>
        <Form.Item name="address" label={t('people:channel.address')} rules={[required, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="licenseNo" label={t('people:channel.licenseNo')} rules={[{ max: 30 }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactName" label={t('people:channel.contactName')} rules={[required, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('people:channel.contactPhone')}
          rules={[{ required: true, pattern: PHONE, message: t('people:form.phoneInvalid') }]}
        >
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="intro" label={t('people:channel.intro')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 12 }} /> : null}
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('people:channel.apply')}
        </Button>
      </Form>
    </Card>
  );
}

function Partner({ c }: { c: ChannelSelf }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card className={s.card}>
      <h3 className={s.subTitle}>{c.name}</h3>
      <dl className={s.facts}>
        <dt>{t('people:channel.code')}</dt>
        <dd>
          <strong data-testid="channel-code">{c.code}</strong>
        </dd>
        <dt>{t('people:channel.ratio')}</dt>
        <dd>{(c.rebatePerMille / 10).toFixed(1)}%</dd>
        <dt>{t('people:channel.final')}</dt>
        <dd>{formatPrice(c.balance.finalFen)}</dd>
        <dt>{t('people:channel.pendingSum')}</dt>
        <dd>{formatPrice(c.balance.pendingFen)}</dd>
        <dt>{t('people:channel.withdrawn')}</dt>
        <dd>{formatPrice(c.balance.withdrawnFen)}</dd>
        <dt>{t('people:channel.available')}</dt>
        <dd data-testid="channel-available">
          <strong>{formatPrice(c.balance.availableFen)}</strong>{' '}
          <Tag>{c.balance.canApply ? t('people:channel.canApply') : t('people:channel.cannotApply')}</Tag>
        </dd>
      </dl>
      <h4 className={s.minor}>{t('people:channel.teams')}</h4>
      {c.teams.length === 0 ? <Empty description={t('people:channel.noTeams')} /> : null}
      <ul className={s.teams}>
        {c.teams.map((team) => (
          <li key={team.id}>
            <strong>{team.name}</strong> · {team.activityName} · {t('people:channel.players', { count: team.players.length })}
          </li>
        ))}
      </ul>
      <h4 className={s.minor}>{t('people:channel.rebates')}</h4>
      <Table
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        dataSource={c.rebates}
        locale={{ emptyText: t('people:channel.noRebates') }}
        columns={[
          { title: t('people:channel.player'), render: (_, r) => `${r.playerName} · ${r.teamName}` },
          { title: t('people:channel.fee'), dataIndex: 'baseFen', render: (v: number) => formatPrice(v) },
          { title: t('people:channel.amount'), dataIndex: 'amountFen', render: (v: number) => formatPrice(v) },
          { title: t('people:channel.state'), dataIndex: 'state', render: (v: keyof typeof REBATE_KEYS) => <Tag>{t(REBATE_KEYS[v])}</Tag> },
          { title: t('people:channel.when'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, lang) },
        ]}
      />
      {c.balance.canApply ? <WithdrawForm c={c} /> : null}
      {c.withdrawals.length ? (
        <>
          <h4 className={s.minor}>{t('people:channel.withdrawals')}</h4>
          <ul className={s.teams}>
            {c.withdrawals.map((w) => (
              <li key={w.id}>
                {formatPrice(w.amountFen)} · {t(METHOD_KEYS[w.method])} · {w.account} · <Tag>{t(WITHDRAW_KEYS[w.status])}</Tag>
                {w.note ? ` ${w.note}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

type WithdrawValues = Omit<RebateWithdrawBody, 'orgId' | 'amountFen'> & { yuan: number };

function WithdrawForm({ c }: { c: ChannelSelf }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<WithdrawValues>();
  const method = Form.useWatch('method', form);
  const [banner, setBanner] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (v: WithdrawValues) => {
      const { yuan, ...rest } = v;
      return withdrawRebate({ ...rest, orgId: c.orgId, amountFen: Math.round(yuan * 100) });
    },
    onSuccess: (r) => {
      notify.success(r.resultStr);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e) => {
      const split = splitServerError(e, () => true, { amountFen: 'yuan' });
      form.setFields(antdFieldErrors(split.fields) as never);
      setBanner(split.banner);
    },
  });
  const required = { required: true, whitespace: true, message: t('people:form.required') };
  return (
    <Form<WithdrawValues>
      form={form}
      layout="vertical"
      className={s.withdraw}
      initialValues={{ method: 'bank', yuan: c.balance.availableFen / 100 }}
      onFinish={(v) => send.mutate(v)}
      onValuesChange={() => setBanner(null)}
    >
      <h4 className={s.minor}>{t('people:channel.withdrawTitle')}</h4>
      <Form.Item name="yuan" label={t('people:channel.withdrawAmount')} rules={[{ required: true, message: t('people:form.required') }]}>
        <InputNumber min={0.01} max={c.balance.availableFen / 100} step={1} precision={2} addonBefore="¥" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="method" label={t('people:channel.methodLabel')}>
        <Select options={(Object.keys(METHOD_KEYS) as (keyof typeof METHOD_KEYS)[]).map((m) => ({ value: m, label: t(METHOD_KEYS[m]) }))} />
      </Form.Item>
      <Form.Item name="accountName" label={t('people:channel.accountName')} rules={[required, { max: 50 }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="account" label={method === 'wallet' ? t('people:channel.walletAccount') : t('people:channel.account')} rules={[required, { max: 50 }]}>
        <Input maxLength={50} />
      </Form.Item>
      {method === 'bank' ? (
        <Form.Item name="bankName" label={t('people:channel.bankName')} rules={[required, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      ) : null}
      {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {t('people:channel.withdraw')}
      </Button>
    </Form>
  );
}
