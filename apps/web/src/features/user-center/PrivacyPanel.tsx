import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind, type PrivacyRequestView } from '@rp/shared';
import { api, errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { clearSession } from '../../lib/session';
import { useLang } from '../../lib/use-lang';
import s from './user-center.module.css';

const requestsKey = ['privacy', 'requests'] as const;
/** literal keys (the locale test finds them) */
const KIND_KEYS: Record<PrivacyRequestKind, string> = {
  correction: 'user:privacy.kinds.correction',
  objection: 'user:privacy.kinds.objection',
  other: 'user:privacy.kinds.other',
};
const STATUS_KEYS: Record<PrivacyRequestView['status'], string> = {
  open: 'user:privacy.status.open',
  done: 'user:privacy.status.done',
  refused: 'user:privacy.status.refused',
};

/**
 * People's rights (issue 37): download everything held about the account and its players, ask staff to correct
 * locked data or object, delete the account (anonymised at once; what the law keeps is said before).
 */
export function PrivacyPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState('');
  const word = t('user:privacy.deleteWord');
  const requests = useQuery({
    queryKey: requestsKey,
    queryFn: () => api.get<{ data: PrivacyRequestView[] }>('/api/privacy/requests').then((r) => r.data),
  });
  const download = useMutation({
    mutationFn: () => api.get<Blob>('/api/privacy/archive', { responseType: 'blob', timeoutMs: 120_000 }),
    onSuccess: (blob) => saveBlob(blob, `${t('user:privacy.archiveName')}.zip`),
  });
  const ask = useMutation({
    mutationFn: (body: { kind: PrivacyRequestKind; details: string }) => api.post<{ resultStr: string }>('/api/privacy/requests', body, { silent: true }),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      void qc.invalidateQueries({ queryKey: requestsKey });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.post<{ resultStr: string }>('/api/privacy/deleteAccount', { confirm }, { silent: true }),
    onSuccess: () => {
      clearSession();
      window.location.assign(lang === 'en' ? '/en' : '/');
    },
  });

  return (
    <div className={s.panels}>
      <Card title={t('user:privacy.downloadTitle')} size="small">
        <Typography.Paragraph>{t('user:privacy.downloadText')}</Typography.Paragraph>
        <Button type="primary" loading={download.isPending} onClick={() => download.mutate()}>
          {t('user:privacy.download')}
        </Button>
        {download.isError && <Alert type="error" showIcon message={errorMessage(download.error, t('user:privacy.failed'))} />}
      </Card>

      <Card title={t('user:privacy.askTitle')} size="small">
        <Typography.Paragraph>{t('user:privacy.askText')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={(v: { kind: PrivacyRequestKind; details: string }) => ask.mutate(v)} initialValues={{ kind: 'correction' }}>
          <Form.Item name="kind" label={t('user:privacy.kind')}>
            <Select options={PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: t(KIND_KEYS[k]) }))} />
          </Form.Item>
          <Form.Item name="details" label={t('user:privacy.details')} rules={[{ required: true, min: 4, max: 2000, message: t('user:privacy.detailsRule') }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Button htmlType="submit" loading={ask.isPending}>
            {t('user:privacy.send')}
          </Button>
          {ask.isError && <Alert type="error" showIcon message={errorMessage(ask.error, t('user:privacy.failed'))} />}
        </Form>
        <List
          header={t('user:privacy.myRequests')}
          dataSource={requests.data ?? []}
          locale={{ emptyText: t('user:privacy.noRequests') }}
          renderItem={(r) => (
            <List.Item>
              <Space direction="vertical" size={2}>
                <Space wrap>
                  <Tag>{t(KIND_KEYS[r.kind])}</Tag>
                  <Tag color={r.status === 'open' ? 'blue' : r.status === 'done' ? 'green' : 'default'}>{t(STATUS_KEYS[r.status])}</Tag>
                  <span>{t('user:privacy.due', { date: formatDate(r.dueAt, lang) })}</span>
                </Space>
                <span>{r.details}</span>
                {r.answer && <Typography.Text type="secondary">{t('user:privacy.answer', { answer: r.answer })}</Typography.Text>}
              </Space>
            </List.Item>
          )}
        />
      </Card>

      <Card title={t('user:privacy.deleteTitle')} size="small">
        <Typography.Paragraph>{t('user:privacy.deleteText')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('user:privacy.deleteKept')}</Typography.Paragraph>
        <Space wrap>
          <Input
            aria-label={t('user:privacy.deleteConfirm', { word })}
            placeholder={word}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            style={{ width: 160 }}
          />
          <Button danger type="primary" disabled={confirm.trim() !== word} loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('user:privacy.delete')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary">{t('user:privacy.deleteConfirm', { word })}</Typography.Paragraph>
        {remove.isError && <Alert type="error" showIcon message={errorMessage(remove.error, t('user:privacy.failed'))} />}
      </Card>
    </div>
  );
}
