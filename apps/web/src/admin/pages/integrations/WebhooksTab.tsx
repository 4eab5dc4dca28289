import { useState } from 'react';
import { Alert, App, Button, Checkbox, Collapse, Drawer, Form, Grid, Input, Space, Switch, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, ReloadOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { antdFieldErrors, splitServerError } from '../../../lib/form-errors';
import { formatDateTime } from '../../resources/cells';
import { ScrollableTable } from '../ScrollableTable';
import { phoneFirst, StateWhen, TagList, time, useLocalPaging } from './cells';
import {
  deleteWebhookMutation,
  deliveriesQuery,
  eventsQuery,
  resendDeliveryMutation,
  rotateSecretMutation,
  saveWebhookMutation,
  webhooksQuery,
  type DeliveryAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './integrations-api';
import { DELIVERY_STATUS_KEYS, errorInWords, EVENT_KEYS, labelOf, STATUS_COLOR } from './labels';
import { looksLikeUrl, webhookBody, type WebhookForm } from './model';
import { ShownOnceDialog } from './ShownOnceDialog';
import s from '../../admin.module.css';
import w from './integrations.module.css';

/** The signature a receiver checks (Stripe's scheme): shown as it is, it is what integrators type. */
const SIGNATURE_SAMPLE = `X-RP-Signature: t=1767225600,v1=5f2b…c9e1

// Node.js
const [t, v1] = header.split(',').map((p) => p.slice(p.indexOf('=') + 1));
const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const valid = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(v1))
  && Math.abs(Date.now() / 1000 - Number(t)) < 300;`;

/** Webhooks: partners' endpoints, their secret shown once, the delivery log with "send again". */
export function WebhooksTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const wide = !!Grid.useBreakpoint().md;
  const list = useQuery(webhooksQuery);
  const events = useQuery(eventsQuery);
  const rotate = useMutation(rotateSecretMutation);
  const remove = useMutation(deleteWebhookMutation);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const event = (name: string) => labelOf(t, EVENT_KEYS, name);

  const onRotate = (e: WebhookEndpoint) =>
    modal.confirm({
      title: t('admin:integrations.webhooks.rotateTitle', { url: e.url }),
      content: t('admin:integrations.webhooks.rotateText'),
      okText: t('admin:integrations.webhooks.rotate'),
      cancelText: t('admin:integrations.cancel'),
      onOk: () => rotate.mutateAsync(e.id).then(setSecret),
    });
  const onDelete = (e: WebhookEndpoint) =>
    modal.confirm({
      title: t('admin:integrations.webhooks.deleteTitle', { url: e.url }),
      content: t('admin:integrations.webhooks.deleteText'),
      okText: t('admin:integrations.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin:integrations.cancel'),
      onOk: () => remove.mutateAsync(e.id).then(() => void message.success(t('admin:integrations.webhooks.deleted'))),
    });

  const columns: TableProps<WebhookEndpoint>['columns'] = [
    {
      key: 'endpoint',
      title: t('admin:integrations.webhooks.endpoint'),
      width: wide ? 280 : 180,
      render: (_, e) => (
        <div className={w.cellStack}>
          <span className={s.mono}>{e.url}</span>
          {e.description ? <Typography.Text type="secondary">{e.description}</Typography.Text> : null}
        </div>
      ),
    },
    {
      key: 'events',
      title: t('admin:integrations.webhooks.events'),
      width: 240,
      render: (_, e) => <TagList items={e.events} color="blue" label={(n) => event(String(n))} />,
    },
    {
      key: 'active',
      title: t('admin:integrations.webhooks.active'),
      width: 100,
      render: (_, e) => (e.active ? <Tag color="success">{t('admin:integrations.webhooks.on')}</Tag> : <Tag>{t('admin:integrations.webhooks.off')}</Tag>),
    },
    {
      key: 'last',
      title: t('admin:integrations.webhooks.last'),
      width: 200,
      render: (_, e) =>
        e.last ? (
          <div className={w.cellStack}>
            <span>
              <Tag color={STATUS_COLOR[e.last.status]}>{labelOf(t, DELIVERY_STATUS_KEYS, e.last.status)}</Tag>
              {e.last.statusCode !== null ? <span className={s.mono}>{e.last.statusCode}</span> : null}
            </span>
            <Typography.Text type="secondary">{time(e.last.at)}</Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('admin:integrations.webhooks.never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('admin:integrations.actions'),
      width: wide ? 230 : 160,
      render: (_, e) => (
        <Space size={[4, 4]} wrap>
          <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setLog(e)} aria-label={t('admin:integrations.webhooks.logOf', { url: e.url })}>
            {t('admin:integrations.webhooks.log')}
          </Button>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(e)} aria-label={t('admin:integrations.webhooks.editOf', { url: e.url })}>
            {t('admin:integrations.edit')}
          </Button>
          <Button size="small" icon={<KeyOutlined />} onClick={() => onRotate(e)} aria-label={t('admin:integrations.webhooks.rotateTitle', { url: e.url })}>
            {t('admin:integrations.webhooks.rotate')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onDelete(e)}
            aria-label={t('admin:integrations.webhooks.deleteTitle', { url: e.url })}
          >
            {t('admin:integrations.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className={s.stack}>
      <div className={w.toolbar}>
        <Typography.Paragraph type="secondary" className={w.intro}>
          {t('admin:integrations.webhooks.intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin:integrations.webhooks.add')}
        </Button>
      </div>
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, t('admin:integrations.loadFailed'))} /> : null}
      <ScrollableTable label={t('admin:integrations.tabs.webhooks')}>
        <Table<WebhookEndpoint>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          // on a phone the address and what can be done with it lead, side by side on the screen
          columns={phoneFirst(columns, ['endpoint', 'actions'], wide)}
          className={w.table}
          pagination={false}
          scroll={{ x: 1050 }}
          locale={{ emptyText: t('admin:integrations.webhooks.empty') }}
        />
      </ScrollableTable>
      <Collapse
        items={[
          {
            key: 'verify',
            label: t('admin:integrations.verify.title'),
            children: (
              <div className={w.help}>
                <Typography.Paragraph>{t('admin:integrations.verify.header')}</Typography.Paragraph>
                <ol>
                  <li>{t('admin:integrations.verify.step1')}</li>
                  <li>{t('admin:integrations.verify.step2')}</li>
                  <li>{t('admin:integrations.verify.step3')}</li>
                  <li>{t('admin:integrations.verify.step4')}</li>
                </ol>
                <pre className={w.code}>{SIGNATURE_SAMPLE}</pre>
              </div>
            ),
          },
        ]}
      />
      {editing ? (
        <WebhookDrawer
          key={editing === 'new' ? 'new' : editing.id}
          endpoint={editing === 'new' ? null : editing}
          events={events.data ?? Object.keys(EVENT_KEYS)}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      ) : null}
      {log ? <DeliveriesDrawer endpoint={log} onClose={() => setLog(null)} /> : null}
      <ShownOnceDialog
        title={t('admin:integrations.webhooks.secretTitle')}
        intro={t('admin:integrations.webhooks.secretIntro')}
        value={secret}
        onClose={() => setSecret(null)}
      />
    </div>
  );
}

const FIELDS = new Set(['url', 'description', 'events', 'active']);

/** Add or edit an endpoint. A refusal of the server (an http address in production, a private address) lands under its field. */
function WebhookDrawer({
  endpoint,
  events,
  onClose,
  onSecret,
}: {
  endpoint: WebhookEndpoint | null;
  events: string[];
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<WebhookForm>();
  const save = useMutation(saveWebhookMutation);
  const [banner, setBanner] = useState<string | null>(null);

  const onFinish = (v: WebhookForm) => {
    setBanner(null);
    save.mutate(
      { id: endpoint?.id ?? null, body: webhookBody(v, endpoint !== null) },
      {
        onSuccess: (res) => {
          void message.success(t('admin:integrations.webhooks.saved'));
          if (res.secret) onSecret(res.secret);
          onClose();
        },
        onError: (e) => {
          const { fields, banner: b } = splitServerError(e, (n) => FIELDS.has(n));
          form.setFields(antdFieldErrors(fields) as never);
          setBanner(b);
        },
      },
    );
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      title={endpoint ? t('admin:integrations.webhooks.editTitle') : t('admin:integrations.webhooks.add')}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('admin:integrations.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('admin:integrations.save')}
          </Button>
        </Space>
      }
    >
      <Form<WebhookForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [], active: endpoint?.active ?? true }}
      >
        {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="url"
          label={t('admin:integrations.webhooks.url')}
          extra={t('admin:integrations.webhooks.urlRule')}
          rules={[
            { required: true, message: t('admin:form.required') },
            {
              validator: (_, v: string) => (!v || looksLikeUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('admin:integrations.webhooks.urlInvalid')))),
            },
          ]}
        >
          <Input maxLength={2000} autoComplete="off" inputMode="url" placeholder="https://partner.example.com/hooks/rp" />
        </Form.Item>
        <Form.Item name="description" label={t('admin:integrations.webhooks.description')} extra={t('admin:integrations.webhooks.descriptionHelp')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('admin:integrations.webhooks.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('admin:integrations.webhooks.eventsRequired') }]}
        >
          <Checkbox.Group className={w.checkList} options={events.map((n) => ({ value: n, label: labelOf(t, EVENT_KEYS, n) }))} />
        </Form.Item>
        {endpoint ? (
          <Form.Item name="active" label={t('admin:integrations.webhooks.active')} valuePropName="checked" extra={t('admin:integrations.webhooks.activeHelp')}>
            <Switch />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon title={t('admin:integrations.webhooks.secretComing')} />
        )}
      </Form>
    </Drawer>
  );
}

/** One endpoint's deliveries, newest first: every attempt on demand, and "send again" with its result. */
function DeliveriesDrawer({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = !!screens.md;
  const { page, size, pagination } = useLocalPaging();
  const list = useQuery(deliveriesQuery(endpoint.id, page - 1, size));
  const resend = useMutation(resendDeliveryMutation);
  const [result, setResult] = useState<{ ok: boolean; title: string; text?: string } | null>(null);
  const words = (d: { error: string | null; statusCode: number | null }) => errorInWords(t, d.error, d.statusCode);

  const sendAgain = (d: WebhookDelivery) => {
    setResult(null);
    resend.mutate(d.id, {
      onSuccess: async (res) => {
        // the answer says whether it arrived; the refreshed log gives the attempt's duration and error
        const fresh = (await list.refetch()).data?.content.find((x) => x.id === d.id);
        const last = fresh?.log.filter((a) => a.manual).at(-1);
        const event = labelOf(t, EVENT_KEYS, d.eventName);
        if (res.succeeded) {
          const ms = last?.durationMs ?? fresh?.lastDurationMs ?? 0;
          setResult({ ok: true, title: t('admin:integrations.deliveries.resentOk', { event, code: res.statusCode ?? '', ms }) });
          return;
        }
        // a failed "send again" changes neither the delivery's state nor its schedule: say what follows
        const now = fresh ?? d;
        const error = words({ error: last?.error ?? (res.statusCode === null ? 'error' : null), statusCode: res.statusCode });
        const next =
          now.status === 'pending'
            ? t('admin:integrations.deliveries.thenRetried', { time: formatDateTime(now.nextAt) })
            : now.status === 'succeeded'
              ? t('admin:integrations.deliveries.thenDeliveredBefore')
              : t('admin:integrations.deliveries.thenNotRetried');
        setResult({
          ok: false,
          title: t('admin:integrations.deliveries.resentFailed', { event }),
          text: t('admin:integrations.deliveries.resentFailedText', { error, next }),
        });
      },
    });
  };

  const status = (d: WebhookDelivery) => (
    <StateWhen
      color={STATUS_COLOR[d.status]}
      label={labelOf(t, DELIVERY_STATUS_KEYS, d.status)}
      nextAt={d.status === 'pending' ? d.nextAt : null}
      doneAt={d.status === 'succeeded' ? d.deliveredAt : null}
      next={(time) => t('admin:integrations.deliveries.nextAt', { time })}
    />
  );
  const columns: TableProps<WebhookDelivery>['columns'] = [
    {
      key: 'event',
      title: t('admin:integrations.deliveries.event'),
      width: wide ? 150 : 160,
      // on a phone the event carries its state, so "send again" fits beside it
      render: (_, d) =>
        wide ? (
          labelOf(t, EVENT_KEYS, d.eventName)
        ) : (
          <div className={w.cellStack}>
            <span>{labelOf(t, EVENT_KEYS, d.eventName)}</span>
            {status(d)}
          </div>
        ),
    },
    {
      key: 'eventId',
      title: t('admin:integrations.deliveries.eventId'),
      width: 100,
      // the X-RP-Event-Id the partner received: its start is enough to match their log
      render: (_, d) => (
        <span className={s.mono} title={d.eventId}>
          {d.eventId.slice(0, 8)}
        </span>
      ),
    },
    ...(wide ? [{ key: 'status', title: t('admin:integrations.deliveries.status'), width: 170, render: (_: unknown, d: WebhookDelivery) => status(d) }] : []),
    {
      key: 'code',
      title: t('admin:integrations.deliveries.code'),
      width: 110,
      render: (_, d) => (
        <div className={w.cellStack}>
          <span className={s.mono}>{d.lastStatusCode ?? '—'}</span>
          {d.lastDurationMs !== null ? (
            <Typography.Text type="secondary" className={w.when}>
              {t('admin:integrations.deliveries.ms', { ms: d.lastDurationMs })}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { key: 'attempts', title: t('admin:integrations.deliveries.attempts'), width: 100, align: 'right', dataIndex: 'attempts' },
    {
      key: 'error',
      title: t('admin:integrations.deliveries.error'),
      render: (_, d) => (d.status === 'succeeded' ? '—' : words({ error: d.lastError, statusCode: d.lastStatusCode })),
    },
    { key: 'time', title: t('admin:integrations.deliveries.time'), width: 150, render: (_, d) => time(d.createdAt) },
    {
      key: 'actions',
      title: t('admin:integrations.actions'),
      width: wide ? 140 : 130,
      // beside the delivery it sends on a wide screen; on a phone it comes second
      fixed: wide ? 'right' : undefined,
      render: (_, d) => (
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={resend.isPending && resend.variables === d.id}
          onClick={() => sendAgain(d)}
          aria-label={t('admin:integrations.deliveries.resendOf', { event: labelOf(t, EVENT_KEYS, d.eventName), id: d.id })}
        >
          {t('admin:integrations.deliveries.resend')}
        </Button>
      ),
    },
  ];

  // on a phone what matters comes first: the event and whether it arrived, and "send again"
  const shown = phoneFirst(columns, ['event', 'actions'], wide);

  const attemptColumns: TableProps<DeliveryAttempt>['columns'] = [
    {
      key: 'attempt',
      title: t('admin:integrations.deliveries.attempt'),
      width: 110,
      render: (_, a) => (
        <span className={s.inlineGap}>
          {a.attempt}
          {a.manual ? <Tag>{t('admin:integrations.deliveries.manual')}</Tag> : null}
        </span>
      ),
    },
    { key: 'code', title: t('admin:integrations.deliveries.code'), width: 90, render: (_, a) => <span className={s.mono}>{a.statusCode ?? '—'}</span> },
    { key: 'ms', title: t('admin:integrations.deliveries.duration'), width: 100, align: 'right', render: (_, a) => a.durationMs ?? '—' },
    { key: 'error', title: t('admin:integrations.deliveries.result'), render: (_, a) => words(a) },
    { key: 'at', title: t('admin:integrations.deliveries.time'), width: 150, render: (_, a) => time(a.at) },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.xl ? 1240 : screens.lg ? 1000 : '100%'}
      title={<span className={w.drawerTitle}>{t('admin:integrations.deliveries.title', { url: endpoint.url })}</span>}
      destroyOnHidden
    >
      <div className={s.stack}>
        <div className={w.toolbar}>
          <Typography.Paragraph type="secondary" className={w.intro}>
            {t('admin:integrations.deliveries.intro')}
          </Typography.Paragraph>
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('admin:integrations.refresh')}
          </Button>
        </div>
        {result ? <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.title} description={result.text} role="status" /> : null}
        <ScrollableTable label={t('admin:integrations.deliveries.titleShort')}>
          <Table<WebhookDelivery>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            dataSource={list.data?.content ?? []}
            columns={shown}
            className={w.table}
            // as wide as the drawer on a large screen (no column hidden under "send again"); a phone scrolls
            scroll={{ x: 1160 }}
            locale={{ emptyText: t('admin:integrations.deliveries.empty') }}
            expandable={{
              columnWidth: 40,
              expandedRowRender: (d) => (
                <Table<DeliveryAttempt>
                  rowKey={(a) => `${a.attempt}-${a.at}`}
                  size="small"
                  dataSource={d.log}
                  columns={attemptColumns}
                  pagination={false}
                  aria-label={t('admin:integrations.deliveries.attemptLog')}
                />
              ),
              rowExpandable: (d) => d.log.length > 0,
            }}
            pagination={pagination(list.data?.total ?? 0)}
          />
        </ScrollableTable>
      </div>
    </Drawer>
  );
}
