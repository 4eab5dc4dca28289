import { App, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { decideWithdrawal, withdrawalList, type WithdrawalItem } from './registration-api';
import s from '../admin.module.css';

type Status = WithdrawalItem['status'];

/** Withdrawal requests: approve (the refund due follows the tiers of design §4) or reject. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const list = useQuery({ queryKey: ['admin', 'reg', 'withdrawals', status], queryFn: () => withdrawalList(status) });

  const decide = async (id: number, approve: boolean) => {
    try {
      const res = await decideWithdrawal(id, approve);
      message.success(res.resultStr);
      await qc.invalidateQueries({ queryKey: ['admin', 'reg', 'withdrawals'] });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('admin:resource.failed'));
    }
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
                  <Button size="small" type="primary" onClick={() => void decide(w.id, true)}>
                    {t('admin:reg.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => void decide(w.id, false)}>
                    {t('admin:reg.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
