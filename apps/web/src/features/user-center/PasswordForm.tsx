import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@rp/shared/limits';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/session';
import { changePassword } from './api';
import { showServerError } from './form-errors';
import s from './user-center.module.css';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Old + new password → POST /auth/web/updatePassword; every session ends, so log out and go to /login. */
export function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      await changePassword({ oldPassword: values.oldPassword, password: values.password });
      clearSession();
      notify.success(t('user:password.changed'));
      void navigate('/login', { replace: true });
    } catch (e) {
      setError(showServerError(e, form, ['oldPassword', 'password', 'confirm']) ?? null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="password-title" className={s.section}>
      <h2 id="password-title" className={s.sectionTitle}>
        {t('user:password.title')}
      </h2>
      {error ? <Alert type="error" title={error} showIcon className={s.alert} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item name="oldPassword" label={t('user:password.old')} rules={[{ required: true, message: t('errors:validation.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user:password.new')}
          extra={t('auth:register.passwordHint')}
          rules={[
            { required: true, message: t('errors:validation.required') },
            { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('errors:validation.passwordLength') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('user:password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('errors:validation.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('errors:validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('user:password.submit')}
        </Button>
      </Form>
    </section>
  );
}
