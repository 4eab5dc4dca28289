import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/api-client';
import type { Page } from '../../../lib/contract';
import { formatPrice } from '../../../lib/format';
import { formatDateTime } from '../../resources/cells';
import { peopleKeys } from './people-api';
import { ScrollableTable } from '../ScrollableTable';
import s from './people.module.css';

interface Application {
  id: number;
  name: string;
  type: number;
  contactName: string;
  contactPhone: string;
  address: string;
  licenseNo: string;
  createdAt: string;
}
interface Withdrawal {
  id: number;
  orgId: number;
  amountFen: number;
  method: 'enterprise' | 'wallet' | 'bank';
  accountName: string;
  account: string;
  bankName: string;
  createdAt: string;
}
const TYPE_KEYS: Record<number, string> = { 1: 'admin:options.channelType.1', 2: 'admin:options.channelType.2', 3: 'admin:options.channelType.3' };
const METHOD_KEYS = {
  enterprise: 'admin:options.withdrawMethod.enterprise',
  wallet: 'admin:options.withdrawMethod.wallet',
  bank: 'admin:options.withdrawMethod.bank',
} as const;

/**
 * Channel partners (issue 12): applications waiting for a decision (approve with a rebate ratio → a channel code;
 * reject with a reason) and rebate withdrawals in payment (completed, or abnormal: the money returns to the balance).
 */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const apps = useQuery({
    queryKey: [...peopleKeys.all, 'channel-apps'],
    queryFn: () => api.get<Page<Application>>('/api/admin/channelApplications', { query: { status: 'pending', size: 100 } }),
  });
  const paying = useQuery({
    queryKey: [...peopleKeys.all, 'withdrawals'],
    queryFn: () => api.get<Page<Withdrawal>>('/api/admin/rebateWithdrawals', { query: { status: 'paying', size: 100 } }),
  });
  const done = (r: { resultStr: string }) => {
    void message.success(r.resultStr);
    void qc.invalidateQueries({ queryKey: peopleKeys.all });
  };
  const fail = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));
  const [approving, setApproving] = useState<Application | null>(null);
  const [ratio, setRatio] = useState<number | null>(5);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const decide = useMutation({
    mutationFn: (v: { id: number; action: 'approve' | 'reject'; body: object }) =>
      api.post<{ resultStr: string }>(`/api/admin/channels/applications/${v.id}/${v.action}`, v.body, { silent: true }),
    onSuccess: (r) => {
      done(r);
      setApproving(null);
      setRejecting(null);
    },
    onError: fail,
  });
  const record = useMutation({
    mutationFn: (v: { id: number; outcome: 'complete' | 'abnormal' }) =>
      api.post<{ resultStr: string }>(`/api/admin/channels/withdrawals/${v.id}/${v.outcome}`, {}, { silent: true }),
    onSuccess: done,
    onError: fail,
  });

  return (
    <section>
      <Typography.Title level={1} className={s.title} style={{ fontSize: 24 }}>
        {t('admin:channels.title')}
      </Typography.Title>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('admin:channels.pending')}
      </Typography.Title>
      <ScrollableTable label={t('admin:channels.pending')}>
        <Table<Application>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={apps.isPending}
          dataSource={apps.data?.content ?? []}
          pagination={false}
          columns={[
            { title: t('admin:fields.channelApplications.name'), dataIndex: 'name' },
            { title: t('admin:fields.channelApplications.type'), dataIndex: 'type', render: (v: number) => t(TYPE_KEYS[v] ?? 'admin:options.channelType.3') },
            { title: t('admin:fields.channelApplications.contactName'), render: (_, r) => `${r.contactName} · ${r.contactPhone}` },
            { title: t('admin:fields.channelApplications.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            {
              title: t('admin:resource.actions'),
              render: (_, r) => (
                <Space>
                  <Button size="small" type="primary" onClick={() => setApproving(r)} aria-label={t('admin:channels.approveOf', { name: r.name })}>
                    {t('admin:channels.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setRejecting(r);
                      setReason('');
                      setReasonError(false);
                    }}
                    aria-label={t('admin:channels.rejectOf', { name: r.name })}
                  >
                    {t('admin:channels.reject')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </ScrollableTable>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('admin:channels.paying')}
      </Typography.Title>
      <ScrollableTable label={t('admin:channels.paying')}>
        <Table<Withdrawal>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={paying.isPending}
          dataSource={paying.data?.content ?? []}
          pagination={false}
          columns={[
            { title: t('admin:fields.rebateWithdrawals.orgId'), dataIndex: 'orgId' },
            { title: t('admin:fields.rebateWithdrawals.amountFen'), dataIndex: 'amountFen', render: (v: number) => formatPrice(v) },
            { title: t('admin:fields.rebateWithdrawals.method'), dataIndex: 'method', render: (v: Withdrawal['method']) => t(METHOD_KEYS[v]) },
            { title: t('admin:fields.rebateWithdrawals.account'), render: (_, r) => [r.accountName, r.bankName, r.account].filter(Boolean).join(' · ') },
            { title: t('admin:fields.rebateWithdrawals.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            {
              title: t('admin:resource.actions'),
              render: (_, r) => (
                <Space>
                  <Button size="small" type="primary" loading={record.isPending} onClick={() => record.mutate({ id: r.id, outcome: 'complete' })}>
                    {t('admin:channels.complete')}
                  </Button>
                  <Button size="small" onClick={() => record.mutate({ id: r.id, outcome: 'abnormal' })}>
                    {t('admin:channels.abnormal')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </ScrollableTable>
      <Modal
        open={!!approving}
        title={t('admin:channels.approveTitle', { name: approving?.name ?? '' })}
        okText={t('admin:channels.approve')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        onCancel={() => setApproving(null)}
        onOk={() => approving && decide.mutate({ id: approving.id, action: 'approve', body: { rebatePerMille: Math.round((ratio ?? 0) * 10) } })}
      >
        <label htmlFor="channel-ratio">{t('admin:channels.ratio')}</label>
        <InputNumber
          id="channel-ratio"
          min={0}
          max={50}
          step={0.5}
          value={ratio}
          onChange={setRatio}
          addonAfter="%"
          style={{ display: 'block', marginTop: 6 }}
        />
      </Modal>
      <Modal
        open={!!rejecting}
        title={t('admin:channels.rejectTitle', { name: rejecting?.name ?? '' })}
        okText={t('admin:channels.reject')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          if (!rejecting) return;
          if (!reason.trim()) return setReasonError(true);
          decide.mutate({ id: rejecting.id, action: 'reject', body: { reason: reason.trim() } });
        }}
      >
        <label htmlFor="channel-reason">{t('admin:channels.reason')}</label>
        <Input.TextArea
          id="channel-reason"
          rows={3}
          maxLength={200}
          value={reason}
          status={reasonError ? 'error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(false);
          }}
        />
        {reasonError ? <Typography.Text type="danger">{t('admin:channels.reasonNeeded')}</Typography.Text> : null}
      </Modal>
    </section>
  );
}
