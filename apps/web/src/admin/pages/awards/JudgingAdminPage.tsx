import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { ActivityPicker, useActivityParam } from './ActivityPicker';
import { awardKeys, awardsApi, judgesQuery, programsQuery, rankingQuery, type Judge, type RankingRow } from './awards-api';
import adminStyles from '../../admin.module.css';
import s from './awards.module.css';

/**
 * Judges and results (issue 13): staff register judges of an activity by their account's phone, for one program
 * or all; the ranking of a program updates as scores arrive (every 10 s); staff publish it.
 */
export default function JudgingAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [activityId, setActivityId] = useActivityParam(params, setParams);
  const programs = useQuery({ ...programsQuery(activityId ?? 0), enabled: activityId !== null });
  const judges = useQuery({ ...judgesQuery(activityId ?? 0), enabled: activityId !== null });
  const [programId, setProgramId] = useState<number | null>(null);
  const shownProgram = programId ?? programs.data?.[0]?.id ?? null;
  const ranking = useQuery({ ...rankingQuery(activityId ?? 0, shownProgram ?? 0), enabled: activityId !== null && shownProgram !== null });
  const [form] = Form.useForm<{ phone: string; programId: number }>();
  const fail = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));
  const add = useMutation({
    mutationFn: (v: { phone: string; programId: number }) =>
      awardsApi.addJudge({ activityId: activityId!, programId: v.programId || null, phone: v.phone.trim() }),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      form.resetFields(['phone']);
      void qc.invalidateQueries({ queryKey: awardKeys.judges(activityId!) });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => awardsApi.removeJudge(id),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      void qc.invalidateQueries({ queryKey: awardKeys.judges(activityId!) });
    },
    onError: fail,
  });
  const publish = useMutation({
    mutationFn: () => awardsApi.publish(activityId!, shownProgram!),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      void qc.invalidateQueries({ queryKey: awardKeys.ranking(activityId!, shownProgram!) });
    },
    onError: fail,
  });
  const programName = (id: number | null) => (id === null ? t('admin:awardsAdmin.allPrograms') : (programs.data?.find((p) => p.id === id)?.name ?? `#${id}`));
  const rounds = [...new Set((ranking.data?.rows ?? []).flatMap((r) => Object.keys(r.rounds)))].sort((a, b) => Number(a) - Number(b));

  return (
    <section>
      <Typography.Title level={2} className={adminStyles.pageTitle}>
        {t('admin:awardsAdmin.judgingTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:awardsAdmin.judgingIntro')}</Typography.Paragraph>
      <div className={s.toolbar}>
        <ActivityPicker value={activityId} onChange={setActivityId} />
      </div>
      {activityId === null ? (
        <Empty description={t('admin:awardsAdmin.pickActivity')} />
      ) : (
        <div className={s.grid}>
          <Card title={t('admin:awardsAdmin.judges')} size="small">
            <Form form={form} layout="inline" className={s.inlineForm} initialValues={{ programId: 0 }} onFinish={(v) => add.mutate(v)} requiredMark={false}>
              <Form.Item
                name="phone"
                label={t('admin:awardsAdmin.judgePhone')}
                rules={[{ required: true, pattern: /^1\d{10}$/, message: t('admin:awardsAdmin.judgePhoneRule') }]}
              >
                <Input inputMode="tel" maxLength={11} autoComplete="off" />
              </Form.Item>
              <Form.Item name="programId" label={t('admin:awardsAdmin.program')}>
                <Select
                  className={s.program}
                  options={[{ value: 0, label: t('admin:awardsAdmin.allPrograms') }, ...(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
                />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={add.isPending}>
                  {t('admin:awardsAdmin.addJudge')}
                </Button>
              </Form.Item>
            </Form>
            <Table<Judge>
              rowKey="id"
              size="small"
              loading={judges.isFetching}
              dataSource={judges.data ?? []}
              pagination={false}
              scroll={{ x: true }}
              locale={{ emptyText: t('admin:awardsAdmin.noJudges') }}
              columns={[
                { title: t('admin:awardsAdmin.judgeName'), dataIndex: 'nickName' },
                { title: t('admin:awardsAdmin.judgePhone'), dataIndex: 'phone' },
                { title: t('admin:awardsAdmin.program'), dataIndex: 'programId', render: (v: number | null) => programName(v) },
                {
                  title: t('admin:resource.actions'),
                  key: 'actions',
                  render: (_, j) => (
                    <Popconfirm title={t('admin:awardsAdmin.removeJudgeConfirm', { name: j.nickName })} onConfirm={() => remove.mutate(j.id)}>
                      <Button size="small" danger>
                        {t('admin:awardsAdmin.removeJudge')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </Card>
          <Card
            title={t('admin:awardsAdmin.results')}
            size="small"
            extra={
              ranking.data?.published ? (
                <Tag color="success">{t('admin:awardsAdmin.published')}</Tag>
              ) : (
                <Popconfirm title={t('admin:awardsAdmin.publishConfirm')} onConfirm={() => publish.mutate()} disabled={!shownProgram}>
                  <Button type="primary" size="small" disabled={!shownProgram || !ranking.data?.rows.length} loading={publish.isPending}>
                    {t('admin:awardsAdmin.publish')}
                  </Button>
                </Popconfirm>
              )
            }
          >
            <Space wrap className={s.toolbar}>
              <Select<number>
                aria-label={t('admin:awardsAdmin.program')}
                className={s.program}
                value={shownProgram ?? undefined}
                onChange={setProgramId}
                options={(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
              <Typography.Text type="secondary">{t('admin:awardsAdmin.rankingNote')}</Typography.Text>
            </Space>
            <Table<RankingRow>
              rowKey="teamId"
              size="small"
              loading={ranking.isPending && shownProgram !== null}
              dataSource={ranking.data?.rows ?? []}
              pagination={false}
              scroll={{ x: true }}
              locale={{ emptyText: t('admin:awardsAdmin.noScores') }}
              columns={[
                { title: t('admin:awardsAdmin.rank'), dataIndex: 'rank', width: 70 },
                { title: t('admin:awardsAdmin.teamNumber'), dataIndex: 'number' },
                { title: t('admin:awardsAdmin.team'), dataIndex: 'teamName' },
                ...rounds.map((round) => ({
                  title: t('admin:awardsAdmin.round', { n: round }),
                  key: `r${round}`,
                  render: (_: unknown, r: RankingRow) => r.rounds[round] ?? '—',
                })),
                { title: t('admin:awardsAdmin.total'), dataIndex: 'total' },
              ]}
            />
          </Card>
        </div>
      )}
    </section>
  );
}
