import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../../lib/link';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Progress, Segmented, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../resources/cells';
import { ActivityPicker, useActivityParam } from './ActivityPicker';
import { awardKeys, awardListQuery, awardsApi, candidatesQuery, certificatesQuery, type Certificate } from './awards-api';
import { KIND_KEYS, PICK_KEYS, PROBLEM_KEYS, parseTeamNumbers } from './template-model';
import adminStyles from '../../admin.module.css';
import s from './awards.module.css';

type Status = 'valid' | 'void' | 'all';
interface Job {
  jobId: string;
  total: number;
  done: number;
  ready: boolean;
  failed: boolean;
}

/**
 * Certificates (issue 13): grant an award of the activity (teams by their numbers — typed, pasted or read from a
 * spreadsheet; players, coaches and volunteers picked by name), the certificates issued (download, verify,
 * reissue: the old number becomes void), and every certificate of the activity as one zip with a progress bar.
 */
export default function CertificatesAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [activityId, setActivityId] = useActivityParam(params, setParams);
  const awards = useQuery({ ...awardListQuery(activityId ?? 0), enabled: activityId !== null });
  const [awardId, setAwardId] = useState<number | null>(null);
  const award = awards.data?.find((a) => a.id === awardId) ?? null;
  const [numbers, setNumbers] = useState('');
  const [people, setPeople] = useState<number[]>([]);
  const candidates = useQuery({
    ...candidatesQuery(award && award.kind !== 'team' ? award.kind : 'player', activityId ?? 0),
    enabled: !!award && award.kind !== 'team',
  });
  const [status, setStatus] = useState<Status>('valid');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const list = useQuery({
    ...certificatesQuery({ activityId: activityId ?? 0, status, page, size }),
    enabled: activityId !== null,
    placeholderData: keepPreviousData,
  });
  const [job, setJob] = useState<Job | null>(null);
  const fail = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));

  useEffect(() => {
    setAwardId(null);
    setPage(1);
    setPeople([]);
  }, [activityId]);

  const refresh = () => void qc.invalidateQueries({ queryKey: awardKeys.all });
  const grant = useMutation({
    mutationFn: () => {
      if (!award) throw new Error('no award');
      if (award.kind === 'team') return awardsApi.grant({ awardId: award.id, teamNumbers: parseTeamNumbers(numbers) });
      const key = award.kind === 'player' ? 'memberIds' : award.kind === 'leader' ? 'leaderIds' : 'volunteerIds';
      return awardsApi.grant({ awardId: award.id, [key]: people });
    },
    onSuccess: (r) => {
      void message.success(r.resultStr);
      setNumbers('');
      setPeople([]);
      refresh();
    },
    onError: fail,
  });
  const readSheet = useMutation({
    mutationFn: (file: File) => awardsApi.teamNumbers(file),
    onSuccess: (found) => {
      setNumbers((prev) => parseTeamNumbers(`${prev}\n${found.join('\n')}`).join('\n'));
      void message.success(t('admin:awardsAdmin.sheetRead', { count: found.length }));
    },
    onError: fail,
  });
  const reissue = useMutation({
    mutationFn: (id: number) => awardsApi.reissue(id),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      refresh();
    },
    onError: fail,
  });
  const start = useMutation({
    mutationFn: () => awardsApi.startExport(activityId!),
    onSuccess: (r) => setJob(r.data),
    onError: fail,
  });
  const save = useMutation({
    mutationFn: (j: Job) => awardsApi.exportFile(j.jobId),
    onSuccess: (blob) => saveBlob(blob, `certificates-${activityId}.zip`),
    onError: fail,
  });

  // the progress of a running zip, asked every second (any instance answers)
  useEffect(() => {
    if (!job || job.ready || job.failed) return;
    const timer = setTimeout(() => {
      awardsApi.exportStatus(job.jobId).then(setJob, (e: unknown) => {
        fail(e);
        setJob({ ...job, failed: true });
      });
    }, 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job]);

  const noAwards = awards.isSuccess && awards.data.length === 0;
  const canGrant = !!award && (award.kind === 'team' ? parseTeamNumbers(numbers).length > 0 : people.length > 0);
  const kindLabel = (k: Certificate['kind']) => t(KIND_KEYS[k]);

  return (
    <section>
      <Typography.Title level={2} className={adminStyles.pageTitle}>
        {t('admin:awardsAdmin.certificatesTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:awardsAdmin.certificatesIntro')}</Typography.Paragraph>
      <div className={s.toolbar}>
        <ActivityPicker value={activityId} onChange={setActivityId} />
        {activityId !== null ? (
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={!!job && !job.ready && !job.failed}>
            {t('admin:awardsAdmin.zipAll')}
          </Button>
        ) : null}
      </div>
      {activityId === null ? (
        <Empty description={t('admin:awardsAdmin.pickActivity')} />
      ) : (
        <>
          <Card title={t('admin:awardsAdmin.grantTitle')} size="small" className={s.card}>
            {noAwards ? (
              <Alert
                type="warning"
                showIcon
                title={t('admin:awardsAdmin.noAwards')}
                action={
                  <Link to="/admin/r/awards/new" className={s.link}>
                    {t('admin:awardsAdmin.addAward')}
                  </Link>
                }
              />
            ) : (
              <Form layout="vertical" onFinish={() => grant.mutate()} requiredMark={false}>
                <Form.Item label={t('admin:awardsAdmin.award')} htmlFor="grant-award" required>
                  <Select<number>
                    id="grant-award"
                    value={awardId ?? undefined}
                    onChange={(v) => {
                      setAwardId(v);
                      setPeople([]);
                    }}
                    placeholder={t('admin:awardsAdmin.pickAward')}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={(awards.data ?? []).map((a) => ({
                      value: a.id,
                      label: `${a.name} · ${kindLabel(a.kind)}${a.promotes ? ` · ${t('admin:awardsAdmin.promotes')}` : ''}`,
                    }))}
                  />
                </Form.Item>
                {award?.kind === 'team' ? (
                  <Form.Item label={t('admin:awardsAdmin.teamNumbers')} htmlFor="grant-numbers" extra={t('admin:awardsAdmin.teamNumbersHelp')}>
                    <Input.TextArea
                      id="grant-numbers"
                      rows={4}
                      value={numbers}
                      onChange={(e) => setNumbers(e.target.value)}
                      placeholder="568-0001&#10;568-0002"
                    />
                  </Form.Item>
                ) : award ? (
                  <Form.Item label={t(PICK_KEYS[award.kind])} htmlFor="grant-people">
                    <Select<number[]>
                      id="grant-people"
                      mode="multiple"
                      value={people}
                      onChange={setPeople}
                      loading={candidates.isPending}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · #${c.id}` }))}
                    />
                  </Form.Item>
                ) : null}
                <Space wrap>
                  <Button type="primary" htmlType="submit" disabled={!canGrant} loading={grant.isPending}>
                    {t('admin:awardsAdmin.grant')}
                  </Button>
                  {award?.kind === 'team' ? (
                    <Upload
                      accept=".xlsx,.xls"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        readSheet.mutate(file);
                        return false;
                      }}
                    >
                      <Button loading={readSheet.isPending}>{t('admin:awardsAdmin.fromSheet')}</Button>
                    </Upload>
                  ) : null}
                </Space>
              </Form>
            )}
          </Card>
          <Card title={t('admin:awardsAdmin.issued')} size="small" className={s.card}>
            <Segmented<Status>
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              className={s.toolbar}
              options={[
                { value: 'valid', label: t('admin:awardsAdmin.statusValid') },
                { value: 'void', label: t('admin:awardsAdmin.statusVoid') },
                { value: 'all', label: t('admin:awardsAdmin.statusAll') },
              ]}
            />
            <Table<Certificate>
              rowKey="id"
              size="small"
              loading={list.isFetching}
              dataSource={list.data?.rows ?? []}
              scroll={{ x: true }}
              locale={{ emptyText: t('admin:awardsAdmin.noCertificates') }}
              pagination={{
                current: page,
                pageSize: size,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [20, 50, 100, 200],
                onChange: (p, sz) => {
                  setPage(sz !== size ? 1 : p);
                  setSize(sz);
                },
              }}
              columns={[
                { title: t('admin:awardsAdmin.certCode'), dataIndex: 'certCode', render: (v: string) => <code>{v}</code> },
                { title: t('admin:awardsAdmin.kind'), dataIndex: 'kind', render: kindLabel },
                { title: t('admin:awardsAdmin.holder'), dataIndex: 'name' },
                { title: t('admin:awardsAdmin.team'), dataIndex: 'teamName', render: (v: string | null) => v ?? '—' },
                { title: t('admin:awardsAdmin.award'), dataIndex: 'awardName' },
                { title: t('admin:awardsAdmin.voucher'), dataIndex: 'voucher', render: (v: string | null) => (v ? <code>{v}</code> : '—') },
                { title: t('admin:awardsAdmin.issuedAt'), dataIndex: 'issuedAt', render: (v: string) => formatDateTime(v) },
                {
                  title: t('admin:awardsAdmin.status'),
                  key: 'status',
                  render: (_, c) =>
                    c.status === 'void' ? (
                      <Tag>{t('admin:awardsAdmin.statusVoid')}</Tag>
                    ) : c.problem ? (
                      <Tag color="warning">{t(PROBLEM_KEYS[c.problem])}</Tag>
                    ) : (
                      <Tag color="success">{t('admin:awardsAdmin.statusValid')}</Tag>
                    ),
                },
                {
                  title: t('admin:resource.actions'),
                  key: 'actions',
                  render: (_, c) =>
                    c.status === 'valid' ? (
                      <Space size={4} wrap>
                        {c.problem ? null : (
                          <Button size="small" href={`/api/lAward/cert/${c.certCode}`} download>
                            {t('admin:awardsAdmin.download')}
                          </Button>
                        )}
                        <Button size="small" href={`/verify/${c.certCode}`} target="_blank">
                          {t('admin:awardsAdmin.verify')}
                        </Button>
                        <Popconfirm title={t('admin:awardsAdmin.reissueConfirm')} onConfirm={() => reissue.mutate(c.id)}>
                          <Button size="small">{t('admin:awardsAdmin.reissue')}</Button>
                        </Popconfirm>
                      </Space>
                    ) : null,
                },
              ]}
            />
          </Card>
        </>
      )}
      <Modal
        open={!!job}
        title={t('admin:awardsAdmin.zipTitle')}
        onCancel={() => setJob(null)}
        footer={
          job?.ready ? (
            <Button type="primary" onClick={() => save.mutate(job)} loading={save.isPending}>
              {t('admin:awardsAdmin.zipSave')}
            </Button>
          ) : (
            <Button onClick={() => setJob(null)}>{t('common:actions.close')}</Button>
          )
        }
      >
        {job ? (
          <>
            <Progress
              percent={job.total ? Math.floor((job.done / job.total) * 100) : 0}
              status={job.failed ? 'exception' : job.ready ? 'success' : 'active'}
              aria-label={t('admin:awardsAdmin.zipTitle')}
            />
            <Typography.Paragraph role="status">
              {job.failed
                ? t('admin:awardsAdmin.zipFailed')
                : job.ready
                  ? t('admin:awardsAdmin.zipReady', { count: job.total })
                  : t('admin:awardsAdmin.zipProgress', { done: job.done, total: job.total })}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </section>
  );
}
