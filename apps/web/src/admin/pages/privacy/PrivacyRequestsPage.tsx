import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Radio, Tag, Typography, type TableProps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PrivacyRequestKind } from '@rp/shared';
import { formatDate, formatDateTime } from '../../../lib/format';
import { antdFieldErrors, splitServerError } from '../../../lib/form-errors';
import { useLang } from '../../../lib/use-lang';
import { ListScreen } from './ListScreen';
import { answerRequestMutation, privacyRequestsQuery, type AnswerBody, type PrivacyRequestView } from './privacy-api';
import p from './privacy.module.css';

/** literal keys (the locale test finds them) */
const KIND_KEYS: Record<PrivacyRequestKind, string> = {
  correction: 'admin:privacy.kinds.correction',
  objection: 'admin:privacy.kinds.objection',
  other: 'admin:privacy.kinds.other',
};
const STATUS_KEYS: Record<PrivacyRequestView['status'], string> = {
  open: 'admin:privacy.status.open',
  done: 'admin:privacy.status.done',
  refused: 'admin:privacy.status.refused',
};
const STATUS_COLOR: Record<PrivacyRequestView['status'], string> = { open: 'processing', done: 'success', refused: 'default' };

/**
 * Admin → Privacy → Requests (issue 37): what people asked from their user centre (correct locked data, object to
 * a use), open ones first with the nearest legal deadline first (15 working days); late ones marked in words.
 */
export default function PrivacyRequestsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useQuery(privacyRequestsQuery);
  const [answering, setAnswering] = useState<PrivacyRequestView | null>(null);

  const columns: TableProps<PrivacyRequestView>['columns'] = [
    { title: t('admin:privacy.requests.received'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, lang) },
    { title: t('admin:privacy.requests.account'), dataIndex: 'account', width: 170 },
    { title: t('admin:privacy.requests.player'), dataIndex: 'playerName', width: 110, render: (v: string) => v || '—' },
    { title: t('admin:privacy.requests.kind'), dataIndex: 'kind', width: 130, render: (k: PrivacyRequestKind) => t(KIND_KEYS[k]) },
    { title: t('admin:privacy.requests.details'), dataIndex: 'details', render: (v: string) => <span className={p.preLine}>{v}</span> },
    {
      title: t('admin:privacy.requests.due'),
      dataIndex: 'dueAt',
      width: 150,
      render: (v: string, r) => (
        <span>
          {formatDate(v, lang)}
          {r.overdue ? (
            <>
              {' '}
              <Tag color="error">{t('admin:privacy.requests.late')}</Tag>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: t('admin:privacy.requests.status'),
      dataIndex: 'status',
      width: 220,
      render: (v: PrivacyRequestView['status'], r) => (
        <span>
          <Tag color={STATUS_COLOR[v]}>{t(STATUS_KEYS[v])}</Tag>
          {r.answeredAt ? <div>{t('admin:privacy.requests.answeredOn', { date: formatDateTime(r.answeredAt, lang) })}</div> : null}
          {r.answer ? <Typography.Text type="secondary">{r.answer}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('admin:privacy.requests.actions'),
      key: 'actions',
      width: 110,
      render: (_v, r) =>
        r.status === 'open' ? (
          <Button size="small" type="primary" onClick={() => setAnswering(r)} aria-label={t('admin:privacy.requests.answerOf', { account: r.account })}>
            {t('admin:privacy.requests.answer')}
          </Button>
        ) : null,
    },
  ];

  return (
    <ListScreen<PrivacyRequestView>
      title={t('admin:menu.privacyRequests')}
      intro={<Typography.Paragraph type="secondary">{t('admin:privacy.requests.intro')}</Typography.Paragraph>}
      list={list}
      columns={columns}
      scrollX={1100}
      emptyText={t('admin:privacy.requests.empty')}
    >
      {answering ? <AnswerDialog request={answering} onClose={() => setAnswering(null)} /> : null}
    </ListScreen>
  );
}

const FIELDS = new Set(['status', 'answer']);

/** The answer: done (acted on) or refused, and the words the person reads in their user centre. */
function AnswerDialog({ request, onClose }: { request: PrivacyRequestView; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AnswerBody>();
  const [banner, setBanner] = useState<string | null>(null);
  const answer = useMutation({
    ...answerRequestMutation,
    onSuccess: async (r, v, c, ctx) => {
      await answerRequestMutation.onSuccess?.(r, v, c, ctx);
      void message.success(r.resultStr);
      onClose();
    },
    onError: (e) => {
      const { fields, banner: b } = splitServerError(e, (n) => FIELDS.has(n));
      form.setFields(antdFieldErrors(fields) as never);
      setBanner(b);
    },
  });
  const title = t('admin:privacy.requests.answerOf', { account: request.account });
  return (
    <Modal
      open
      title={title}
      okText={t('admin:privacy.requests.send')}
      cancelText={t('admin:privacy.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={answer.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph className={p.preLine}>{request.details}</Typography.Paragraph>
      {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 16 }} /> : null}
      <Form<AnswerBody>
        form={form}
        layout="vertical"
        initialValues={{ status: 'done', answer: '' }}
        onFinish={(v) => {
          setBanner(null);
          answer.mutate({ id: request.id, body: { status: v.status, answer: v.answer.trim() } });
        }}
      >
        <Form.Item name="status" label={t('admin:privacy.requests.outcome')}>
          <Radio.Group
            options={[
              { value: 'done', label: t('admin:privacy.requests.outcomeDone') },
              { value: 'refused', label: t('admin:privacy.requests.outcomeRefused') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('admin:privacy.requests.answerText')}
          rules={[{ required: true, whitespace: true, min: 2, max: 2000, message: t('admin:privacy.requests.answerRule') }]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
