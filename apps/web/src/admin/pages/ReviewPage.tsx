import { App, Button, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@rp/shared';
import { isApiError } from '../../lib/api-client';
import { adminActivities, decideReview, reviewList } from './registration-api';
import s from '../admin.module.css';

/** Players under review (status 7) of an activity: pass, or fail with a reason. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const activities = useQuery({ queryKey: ['admin', 'reg', 'activities'], queryFn: adminActivities });
  const [activityId, setActivityId] = useState<number | null>(null);
  const [ids, setIds] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const list = useQuery({ queryKey: ['admin', 'reg', 'review', activityId], queryFn: () => reviewList(activityId!), enabled: !!activityId });

  const decide = async (pass: boolean) => {
    if (!ids.length) return void message.error(t('admin:reg.selectPlayers'));
    if (!pass && !reason.trim()) return void message.error(t('admin:reg.reasonRequired'));
    try {
      const res = await decideReview(pass, ids, pass ? undefined : reason.trim());
      message.success(res.resultStr);
      setIds([]);
      setReason('');
      await qc.invalidateQueries({ queryKey: ['admin', 'reg', 'review'] });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('admin:resource.failed'));
    }
  };

  return (
    <section>
      <Typography.Title level={2} className={s.pageTitle}>
        {t('admin:reg.reviewTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:reg.reviewIntro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('admin:reg.activity')}
          placeholder={t('admin:reg.activity')}
          style={{ minWidth: 280 }}
          value={activityId}
          onChange={(v: number) => {
            setActivityId(v);
            setIds([]);
          }}
          loading={activities.isPending}
          options={(activities.data ?? []).map((a) => ({ value: a.id, label: `${a.id} · ${a.name}` }))}
        />
        <Button type="primary" onClick={() => void decide(true)}>
          {t('admin:reg.pass')}
        </Button>
        <Input aria-label={t('admin:reg.reason')} placeholder={t('admin:reg.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} style={{ width: 240 }} />
        <Button danger onClick={() => void decide(false)}>
          {t('admin:reg.fail')}
        </Button>
      </Space>
      <Table<MemberItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        rowSelection={{ selectedRowKeys: ids, onChange: (keys) => setIds(keys as number[]) }}
        scroll={{ x: true }}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('admin:reg.name'), dataIndex: 'name' },
          { title: t('admin:reg.team'), render: (_, m) => m.team?.name ?? '—' },
          { title: t('admin:reg.program'), render: (_, m) => m.program?.name ?? '—' },
          { title: t('admin:reg.card'), dataIndex: 'card' },
        ]}
      />
    </section>
  );
}
