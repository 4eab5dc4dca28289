import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { setUser } from '../../lib/session';
import { updateProfile } from './api';
import s from './user-center.module.css';

interface Values {
  nickName: string;
  avatar: string;
}

const NICKNAME_MAX = 20;
const AVATAR_MAX = 255;

/** Nickname and avatar URL → PUT /api/users/web/update; the header follows the new name at once. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      const avatar = values.avatar.trim();
      const res = await updateProfile({ nickName: values.nickName.trim(), avatar: avatar ? avatar : null });
      setUser(res.data);
      notify.success(t('user:profile.saved'));
    } catch (e) {
      if (isApiError(e)) {
        setError(e.message);
        form.setFields(Object.entries(e.fieldErrors).map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
      } else setError(t('errors:client.serverBusy'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="profile-title" className={s.section}>
      <h2 id="profile-title" className={s.sectionTitle}>
        {t('user:profile.title')}
      </h2>
      {error ? <Alert type="error" title={error} showIcon className={s.alert} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ nickName: user.nickName, avatar: user.avatar ?? '' }}
        onFinish={(v) => void onFinish(v)}
        requiredMark
      >
        <Form.Item label={t('user:profile.username')} htmlFor="profile-username">
          <Input id="profile-username" value={user.username} readOnly variant="filled" />
        </Form.Item>
        <Form.Item
          name="nickName"
          label={t('user:profile.nickName')}
          rules={[
            { required: true, whitespace: true, message: t('errors:validation.required') },
            { max: NICKNAME_MAX, message: t('errors:validation.nickNameLength') },
          ]}
        >
          <Input autoComplete="nickname" />
        </Form.Item>
        <Form.Item
          name="avatar"
          label={t('user:profile.avatar')}
          extra={t('user:profile.avatarHint')}
          rules={[
            { max: AVATAR_MAX, message: t('errors:validation.tooLong') },
            { pattern: /^(https?:\/\/\S+)?$/i, message: t('errors:validation.url') },
          ]}
        >
          <Input inputMode="url" autoComplete="photo" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </section>
  );
}
