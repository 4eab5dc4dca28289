import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@rp/shared/limits';
import { notify } from '../../lib/notify';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { changePasswordMutation } from './api';
import s from './user-center.module.css';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

const FIELDS: readonly string[] = ['oldPassword', 'password', 'confirm'] satisfies (keyof Values)[];
const isField = (name: string) => FIELDS.includes(name);

/** Old + new password → POST /auth/web/updatePassword; every session ends, so log out and go to /login. */
export function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const change = useMutation(changePasswordMutation);
  const error = change.isError ? splitServerError(change.error, isField).banner : null;

  const onFinish = (values: Values) =>
    change.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        onSuccess: () => {
          notify.success(t('user:password.changed'));
          void navigate('/login', { replace: true });
        },
        onError: (e) => form.setFields(antdFieldErrors(splitServerError(e, isField).fields) as Parameters<typeof form.setFields>[0]),
      },
    );

  return (
    <section aria-labelledby="password-title" className={s.section}>
      <h2 id="password-title" className={s.sectionTitle}>
        {t('user:password.title')}
      </h2>
      {error ? <Alert type="error" title={error} showIcon className={s.alert} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
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
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('user:password.submit')}
        </Button>
      </Form>
    </section>
  );
}
