import { App, Button, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../resources/cells';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { decideWithdrawalMutation, withdrawalsQuery, type WithdrawalItem } from './registration-api';
import { WITHDRAWAL_OUTCOME_KEYS, withdrawalOutcome } from './withdrawal-outcome';
import { ScrollableTable } from './ScrollableTable';
import s from '../admin.module.css';

type Status = WithdrawalItem['status'];

/**
 * Withdrawal requests: approve after a confirmation that says what happens to the code and the money (the
 * refund due follows the tiers of design §4), or reject with a reason (spec 5).
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<Status>('pending');
  const list = useQuery(withdrawalsQuery(status));
  const decision = useMutation(decideWithdrawalMutation);
  const [rejecting, setRejecting] = useState<WithdrawalItem | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);

  const decide = (id: number, approve: boolean, reason?: string) =>
    decision.mutate(
      { id, approve, reason },
      {
        onSuccess: (res) => {
          message.success(res.resultStr);
          setRejecting(null);
        },
        onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
      },
    );
  // approving cannot be undone: say what happens to the code and the money first (issue 24)
  const confirmApprove = (w: WithdrawalItem) =>
    void modal.confirm({
      title: t('admin:withdrawal.approveTitle', { name: w.memberName }),
      content: (
        <>
          <Typography.Paragraph>{t(WITHDRAWAL_OUTCOME_KEYS[withdrawalOutcome(w)], { name: w.memberName, code: w.code ?? '' })}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('admin:withdrawal.outcomeCommon')}</Typography.Paragraph>
        </>
      ),
      okText: t('admin:withdrawal.approveConfirm'),
      cancelText: t('admin:review.cancel'),
      onOk: () => decide(w.id, true),
    });
  const confirmReject = () => {
    if (!rejecting) return;
    if (!reason.trim()) return setReasonError(true);
    decide(rejecting.id, false, reason.trim());
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
      <ScrollableTable label={t('admin:reg.withdrawalsTitle')}>
        <Table<WithdrawalItem>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.content ?? []}
          // columns keep their words on one line and the table scrolls (x: true squeezed them a letter a line at 390 px)
          scroll={{ x: 'max-content' }}
          pagination={false}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('admin:reg.activity'), dataIndex: 'activityName' },
            { title: t('admin:reg.name'), dataIndex: 'memberName' },
            { title: t('admin:reg.type'), render: (_, w) => <Tag>{w.type === 3 ? t('admin:reg.type3') : t('admin:reg.type2')}</Tag> },
            { title: t('admin:reg.code'), dataIndex: 'code', render: (v: string | null) => v ?? '—' },
            { title: t('admin:reg.note'), dataIndex: 'reason' },
            ...(status === 'rejected'
              ? [{ title: t('admin:withdrawal.rejectReasonColumn'), dataIndex: 'rejectReason', render: (v: string | null) => v ?? '—' }]
              : []),
            {
              title: t('admin:reg.refund'),
              render: (_, w) =>
                w.refundFen === null ? (
                  <Typography.Text type="secondary">{t('admin:reg.refundPending')}</Typography.Text>
                ) : (
                  `${formatPrice(w.refundFen)} (${(w.refundPerMille ?? 0) / 10}%)`
                ),
            },
            { title: t('admin:reg.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            {
              title: t('admin:reg.actions'),
              render: (_, w) =>
                w.status === 'pending' ? (
                  <Space>
                    <Button size="small" type="primary" aria-label={t('admin:withdrawal.approveOf', { name: w.memberName })} onClick={() => confirmApprove(w)}>
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
      </ScrollableTable>
      <Modal
        open={!!rejecting}
        title={rejecting ? t('admin:withdrawal.rejectTitle', { name: rejecting.memberName }) : ''}
        okText={t('admin:withdrawal.confirmReject')}
        cancelText={t('admin:review.cancel')}
        okButtonProps={{ danger: true, loading: decision.isPending }}
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
