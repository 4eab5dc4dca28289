import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BroadcastBody } from '@rp/shared';
import { errorMessage } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { refOptionsQuery } from '../../resources/api';
import { activityScopeOf, getUser, reaches, useSession } from '../../../lib/session';
import { refLabel } from '../../resources/model';
import { sendBroadcast } from './people-api';
import s from './people.module.css';

const AUDIENCE_KEYS = {
  all: 'admin:broadcast.audience.all',
  activity: 'admin:broadcast.audience.activity',
  role: 'admin:broadcast.audience.role',
} as const;
const ROLE_KEYS = {
  member: 'admin:broadcast.roles.member',
  volunteer: 'admin:broadcast.roles.volunteer',
  channel: 'admin:broadcast.roles.channel',
  judge: 'admin:broadcast.roles.judge',
  editor: 'admin:broadcast.roles.editor',
  admin: 'admin:broadcast.roles.admin',
} as const;

/** System messages (issue 12): to everyone, an activity's registrants or a role; the red dot and /msg follow. */
export default function BroadcastPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BroadcastBody>();
  const audience = Form.useWatch('audience', form) ?? (activityScopeOf(getUser(), 'messages.send') !== null ? 'activity' : 'all');
  const activities = useQuery(refOptionsQuery('activities'));
  const { user } = useSession();
  // a person who may write only to some activities' registrants: no "everyone" or "a role" (issue 24)
  const limited = activityScopeOf(user, 'messages.send') !== null;
  const audiences = limited ? (['activity'] as const) : (['all', 'activity', 'role'] as const);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendBroadcast,
    onSuccess: (r) => {
      void message.success(r.resultStr);
      form.resetFields(['titleZh', 'titleEn', 'contentZh', 'contentEn']);
    },
    onError: (e) => setProblem(errorMessage(e, t('admin:resource.failed'))),
  });
  const required = { required: true, whitespace: true, message: t('admin:broadcast.required') };

  return (
    <section>
      <Typography.Title level={1} className={s.title} style={{ fontSize: 24 }}>
        {t('admin:broadcast.title')}
      </Typography.Title>
      <Form<BroadcastBody>
        form={form}
        layout="vertical"
        className={s.form}
        initialValues={{ audience: limited ? 'activity' : 'all' }}
        onValuesChange={() => setProblem(null)}
        onFinish={(v) =>
          modal.confirm({
            title: t('admin:broadcast.confirmTitle'),
            content: t(AUDIENCE_KEYS[v.audience]),
            okText: t('admin:broadcast.send'),
            cancelText: t('common:actions.cancel'),
            onOk: () => send.mutateAsync(v).catch(() => undefined),
          })
        }
      >
        <Form.Item name="audience" label={t('admin:broadcast.to')}>
          <Radio.Group options={audiences.map((a) => ({ value: a, label: t(AUDIENCE_KEYS[a]) }))} optionType="button" />
        </Form.Item>
        {audience === 'activity' ? (
          <Form.Item name="activityId" label={t('admin:broadcast.activity')} rules={[{ required: true, message: t('admin:broadcast.required') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(activities.data ?? [])
                .filter((a) => reaches(user, 'messages.send', a.id as number))
                .map((a) => ({ value: a.id as number, label: refLabel(a, lang) }))}
            />
          </Form.Item>
        ) : null}
        {audience === 'role' ? (
          <Form.Item name="role" label={t('admin:broadcast.role')} rules={[{ required: true, message: t('admin:broadcast.required') }]}>
            <Select options={(Object.keys(ROLE_KEYS) as (keyof typeof ROLE_KEYS)[]).map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="titleZh" label={t('admin:broadcast.titleZh')} rules={[required, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('admin:broadcast.titleEn')} rules={[required, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contentZh" label={t('admin:broadcast.contentZh')} rules={[required]}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="contentEn" label={t('admin:broadcast.contentEn')} rules={[required]}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : null}
        <Button type="primary" htmlType="submit" loading={send.isPending} style={{ justifySelf: 'start' }}>
          {t('admin:broadcast.send')}
        </Button>
      </Form>
    </section>
  );
}
