import { useEffect, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Progress, Typography } from 'antd';
import { CHILD_DATA_RESOURCES, PURPOSE_MAX, PURPOSE_MIN } from '@rp/shared/rights';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import { resourceApi, type ExportJob } from './api';
import { exportFileName } from './export-name';

/**
 * The export of a list as a job (issue 14): the server writes the rows in batches and reports how many
 * it has written; this dialog shows the bar and saves the workbook when it is ready (a button too, in
 * case the browser held the download back).
 */
export function ExportDialog({ name, query, onClose }: { name: string; query: Record<string, string | number>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [job, setJob] = useState<ExportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = useRef(false);
  // an export holding children's data says what it is for first (issue 37: the server logs it with the purpose)
  const [purpose, setPurpose] = useState<string | null>(CHILD_DATA_RESOURCES.includes(name) ? null : '');
  const fileName = exportFileName(name);

  // saved: the dialog closes and a notice says how many rows the file holds; a failed download keeps it open
  const save = (j: ExportJob) => {
    setSaving(true);
    resourceApi
      .exportFile(j.jobId)
      .then((blob) => {
        saveBlob(blob, fileName);
        void message.success(t('admin:resource.exportReady', { count: j.total }));
        onClose();
      })
      .finally(() => setSaving(false));
  };

  // start once (after the purpose, when one is asked), then ask for the progress until the file is ready or the job failed
  useEffect(() => {
    if (purpose === null) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = (j: ExportJob) => {
      if (stop) return;
      setJob(j);
      if (j.ready) {
        if (!saved.current) {
          saved.current = true;
          save(j);
        }
        return;
      }
      if (j.failed) return;
      timer = setTimeout(() => {
        resourceApi.exportStatus(j.jobId).then(poll, () => setJob({ ...j, failed: true }));
      }, 600);
    };
    resourceApi.startExport(name, purpose ? { ...query, purpose } : query).then(poll, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
    // the dialog is mounted per export; it starts once the purpose is given
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [purpose === null]);

  if (purpose === null)
    return (
      <Modal open title={t('admin:resource.exportTitle')} onCancel={onClose} footer={null}>
        <Typography.Paragraph>{t('admin:resource.exportPurposeWhy')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={(v: { purpose: string }) => setPurpose(v.purpose.trim())}>
          <Form.Item
            name="purpose"
            label={t('admin:resource.exportPurpose')}
            rules={[
              { required: true, whitespace: true, min: PURPOSE_MIN, max: PURPOSE_MAX, message: t('admin:resource.exportPurposeRule', { min: PURPOSE_MIN }) },
            ]}
          >
            <Input placeholder={t('admin:resource.exportPurposeExample')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin:resource.exportStart')}
          </Button>
        </Form>
      </Modal>
    );

  const percent = job?.total ? Math.floor((job.done / job.total) * 100) : job?.ready ? 100 : 0;
  return (
    <Modal
      open
      title={t('admin:resource.exportTitle')}
      onCancel={onClose}
      footer={
        job?.ready ? (
          <Button type="primary" loading={saving} onClick={() => save(job)}>
            {t('admin:resource.exportSave')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        )
      }
    >
      <Progress
        percent={percent}
        status={error || job?.failed ? 'exception' : job?.ready ? 'success' : 'active'}
        aria-label={t('admin:resource.exportTitle')}
      />
      <Typography.Paragraph role="status">
        {error
          ? error
          : !job
            ? t('admin:resource.exportStarting')
            : job.failed
              ? t('admin:resource.exportFailed')
              : job.ready
                ? t('admin:resource.exportReady', { count: job.total })
                : t('admin:resource.exportProgress', { done: job.done, total: job.total })}
      </Typography.Paragraph>
    </Modal>
  );
}
