import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX } from '@rp/shared/limits';
import type { User } from '../../lib/contract';
import { notify } from '../../lib/notify';
import { setUser } from '../../lib/session';
import { updateProfile } from './api';
import { AvatarField } from './AvatarField';
import { showServerError } from './form-errors';
import s from './user-center.module.css';

interface Values {
  nickName: string;
}

/**
 * The avatar (upload + crop, saved on its own) and the nickname → PUT /api/users/web/update; the
 * header follows at once. A failure shows once: under its field, or in the alert when no field has it.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      const res = await updateProfile({ nickName: values.nickName.trim() });
      setUser(res.data);
      notify.success(t('user:profile.saved'));
    } catch (e) {
      setError(showServerError(e, form, ['nickName']) ?? null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="profile-title" className={s.section}>
      <h2 id="profile-title" className={s.sectionTitle}>
        {t('user:profile.title')}
      </h2>
      <AvatarField user={user} />
      {error ? <Alert type="error" title={error} showIcon className={s.alert} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ nickName: user.nickName }}
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
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </section>
  );
}
