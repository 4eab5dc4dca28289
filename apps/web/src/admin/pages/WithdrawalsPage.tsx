import { App, Button, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { decideWithdrawal, withdrawalList, type WithdrawalItem } from './registration-api';
import s from '../admin.module.css';

type Status = WithdrawalItem['status'];

/** Withdrawal requests: approve (the refund due follows the tiers of design §4) or reject with a reason (spec 5). */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const list = useQuery({ queryKey: ['admin', 'reg', 'withdrawals', status], queryFn: () => withdrawalList(status) });
  const [rejecting, setRejecting] = useState<WithdrawalItem | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);

  const decide = async (id: number, approve: boolean, why?: string) => {
    setBusy(true);
    try {
      const res = await decideWithdrawal(id, approve, why);
      message.success(res.resultStr);
      setRejecting(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'reg', 'withdrawals'] });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('admin:resource.failed'));
    } finally {
      setBusy(false);
    }
  };
  const confirmReject = () => {
    if (!rejecting) return;
    if (!reason.trim()) return setReasonError(true);
    void decide(rejecting.id, false, reason.trim());
  };

  return (
    <section>
      <Typography.Title level={2} className={s.pageTitle}>
        {t('admin:reg.withdrawalsTitle')}
      </Typography.Title>
      <Segmented<Status>
        value={status}
        onChange={setStatus}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'pending', label: t('admin:reg.statusPending') },
          { value: 'approved', label: t('admin:reg.statusApproved') },
          { value: 'rejected', label: t('admin:reg.statusRejected') },
        ]}
      />
      <Table<WithdrawalItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        scroll={{ x: true }}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('admin:reg.activity'), dataIndex: 'activityId', width: 90 },
          { title: t('admin:reg.name'), dataIndex: 'memberName' },
          { title: t('admin:reg.type'), render: (_, w) => <Tag>{w.type === 3 ? t('admin:reg.type3') : t('admin:reg.type2')}</Tag> },
          { title: t('admin:reg.code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' },
          { title: t('admin:reg.note'), dataIndex: 'reason' },
          ...(status === 'rejected' ? [{ title: t('admin:withdrawal.rejectReasonColumn'), dataIndex: 'rejectReason', render: (v: string | null) => v ?? '—' }] : []),
          {
            title: t('admin:reg.refund'),
            render: (_, w) => (w.refundFen === null ? <Typography.Text type="secondary">{t('admin:reg.refundPending')}</Typography.Text> : `${formatPrice(w.refundFen)} (${(w.refundPerMille ?? 0) / 10}%)`),
          },
          { title: t('admin:reg.createdAt'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: t('admin:reg.actions'),
            render: (_, w) =>
              w.status === 'pending' ? (
                <Space>
                  <Button size="small" type="primary" aria-label={t('admin:withdrawal.approveOf', { name: w.memberName })} onClick={() => void decide(w.id, true)}>
                    {t('admin:reg.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={t('admin:withdrawal.rejectOf', { name: w.memberName })}
                    onClick={() => {
                      setReason('');
                      setReasonError(false);
                      setRejecting(w);
                    }}
                  >
                    {t('admin:reg.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!rejecting}
        title={rejecting ? t('admin:withdrawal.rejectTitle', { name: rejecting.memberName }) : ''}
        okText={t('admin:withdrawal.confirmReject')}
        cancelText={t('admin:review.cancel')}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={confirmReject}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <label htmlFor="withdrawal-reject-reason">{t('admin:withdrawal.rejectReason')}</label>
        <Input.TextArea
          id="withdrawal-reject-reason"
          autoFocus
          rows={3}
          maxLength={500}
          value={reason}
          status={reasonError ? 'error' : undefined}
          aria-invalid={reasonError}
          aria-describedby={reasonError ? 'withdrawal-reject-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setReasonError(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              confirmReject();
            }
          }}
        />
        {reasonError && (
          <Typography.Text type="danger" id="withdrawal-reject-error" role="alert">
            {t('admin:withdrawal.rejectReasonRequired')}
          </Typography.Text>
        )}
      </Modal>
    </section>
  );
}
