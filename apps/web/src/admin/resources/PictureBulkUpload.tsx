import { useRef, useState } from 'react';
import { Button, Card, Col, Input, Progress, Row, Space, Table, Tag, Typography, Upload, type TableProps } from 'antd';
import { CloudUploadOutlined, InboxOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@rp/shared/limits';
import { isApiError } from '../../lib/api-client';
import { resourceApi } from './api';
import { runPool } from './pool';
import s from '../admin.module.css';

/** Bounded concurrency: three pictures in flight at a time. */
export const BULK_CONCURRENCY = 3;
const MAX_BYTES = UPLOAD_LIMITS.galleryPicture;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

type Status = 'pending' | 'uploading' | 'ok' | 'error';
interface Item {
  uid: string;
  file: File;
  status: Status;
  message?: string;
}

const STATUS_COLOR: Record<Status, string | undefined> = { pending: undefined, uploading: 'processing', ok: 'success', error: 'error' };
const STATUS_KEYS: Record<Status, string> = {
  pending: 'admin:bulk.status.pending',
  uploading: 'admin:bulk.status.uploading',
  ok: 'admin:bulk.status.ok',
  error: 'admin:bulk.status.error',
};

const NAME_LABEL_KEYS = {
  teamName: 'admin:fields.pictures.teamName',
  memberName: 'admin:fields.pictures.memberName',
  programName: 'admin:fields.pictures.programName',
} as const;

let uidSeq = 0;

/**
 * Bulk upload of pictures into an album (photos resource): pick or drop many files, optional team /
 * member / program names for the batch, upload three at a time to POST /api/admin/photos/:id/pictures,
 * with a progress bar, a result per file (ok or the server's message) and a retry of the failed ones.
 */
export function PictureBulkUpload({ photoId, onDone }: { photoId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const [names, setNames] = useState({ teamName: '', memberName: '', programName: '' });
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<{ total: number; done: number } | null>(null);
  const stop = useRef({ aborted: false });

  const patch = (uid: string, p: Partial<Item>) => setItems((list) => list.map((it) => (it.uid === uid ? { ...it, ...p } : it)));

  const add = (file: File) => {
    const tooBig = file.size > MAX_BYTES;
    const notImage = !ACCEPT.split(',').includes(file.type);
    const item: Item = {
      uid: `f${++uidSeq}`,
      file,
      status: tooBig || notImage ? 'error' : 'pending',
      message: tooBig ? t('admin:bulk.tooLarge') : notImage ? t('admin:bulk.notImage') : undefined,
    };
    setItems((list) => [...list, item]);
  };

  const start = async (which: 'pending' | 'failed') => {
    const batch = items.filter((it) => (which === 'pending' ? it.status === 'pending' : it.status === 'error' && it.file.size <= MAX_BYTES));
    if (batch.length === 0) return;
    stop.current = { aborted: false };
    setRunning(true);
    setRun({ total: batch.length, done: 0 });
    for (const it of batch) patch(it.uid, { status: 'pending', message: undefined });
    await runPool(
      batch,
      BULK_CONCURRENCY,
      async (it) => {
        patch(it.uid, { status: 'uploading' });
        return resourceApi.uploadPicture(photoId, it.file, names);
      },
      (i, r) => {
        const it = batch[i]!;
        if (r.ok) patch(it.uid, { status: 'ok', message: undefined });
        else patch(it.uid, { status: 'error', message: isApiError(r.error) ? r.error.message : t('admin:bulk.failed') });
        setRun((p) => (p ? { ...p, done: p.done + 1 } : p));
      },
      stop.current,
    );
    setRunning(false);
    onDone();
  };

  const counts = {
    pending: items.filter((i) => i.status === 'pending').length,
    ok: items.filter((i) => i.status === 'ok').length,
    error: items.filter((i) => i.status === 'error').length,
  };
  const percent = run && run.total ? Math.round((run.done / run.total) * 100) : 0;

  const columns: TableProps<Item>['columns'] = [
    { key: 'name', title: t('admin:bulk.file'), render: (_, it) => <span className={s.fileName}>{it.file.name}</span> },
    { key: 'size', title: t('admin:bulk.size'), width: 110, render: (_, it) => `${Math.max(1, Math.round(it.file.size / 1024))} KB` },
    {
      key: 'status',
      title: t('admin:bulk.result'),
      render: (_, it) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[it.status]}>{t(STATUS_KEYS[it.status])}</Tag>
          {it.message ? <Typography.Text type="danger">{it.message}</Typography.Text> : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('admin:bulk.title')} className={s.card}>
      <Typography.Paragraph type="secondary">{t('admin:bulk.intro')}</Typography.Paragraph>
      <Row gutter={[16, 8]}>
        {(Object.keys(NAME_LABEL_KEYS) as (keyof typeof NAME_LABEL_KEYS)[]).map((k) => (
          <Col xs={24} md={8} key={k}>
            <label className={s.inlineLabel}>
              <span>{t(NAME_LABEL_KEYS[k])}</span>
              <Input
                value={names[k]}
                maxLength={100}
                disabled={running}
                onChange={(e) => setNames((n) => ({ ...n, [k]: e.target.value }))}
                placeholder={t('admin:bulk.optional')}
              />
            </label>
          </Col>
        ))}
      </Row>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        disabled={running}
        beforeUpload={(file) => {
          add(file as File);
          return false;
        }}
        className={s.dragger}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">{t('admin:bulk.drop')}</p>
        <p className="ant-upload-hint">{t('admin:bulk.hint')}</p>
      </Upload.Dragger>

      <Space wrap className={s.bulkActions}>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          disabled={running || counts.pending === 0}
          loading={running}
          onClick={() => void start('pending')}
        >
          {t('admin:bulk.upload', { count: counts.pending })}
        </Button>
        <Button icon={<RedoOutlined />} disabled={running || counts.error === 0} onClick={() => void start('failed')}>
          {t('admin:bulk.retry', { count: counts.error })}
        </Button>
        {running ? (
          <Button onClick={() => (stop.current.aborted = true)}>{t('admin:bulk.stop')}</Button>
        ) : (
          <Button disabled={items.length === 0} onClick={() => setItems([])}>
            {t('admin:bulk.clear')}
          </Button>
        )}
      </Space>

      {run ? (
        <div className={s.progress}>
          <Progress percent={percent} status={running ? 'active' : counts.error ? 'exception' : 'success'} aria-label={t('admin:bulk.progress')} />
          <p role="status" className={s.bulkSummary}>
            {t('admin:bulk.summary', { done: run.done, total: run.total, ok: counts.ok, failed: counts.error })}
          </p>
        </div>
      ) : null}

      {items.length ? (
        <Table<Item>
          rowKey="uid"
          size="small"
          columns={columns}
          dataSource={items}
          pagination={items.length > 50 ? { pageSize: 50 } : false}
          scroll={{ x: 560 }}
        />
      ) : null}
    </Card>
  );
}
