import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX } from '@rp/shared/limits';
import type { User } from '../../lib/contract';
import { notify } from '../../lib/notify';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { updateProfileMutation } from './api';
import { AvatarField } from './AvatarField';
import s from './user-center.module.css';

interface Values {
  nickName: string;
}
const isField = (name: string) => name === 'nickName';

/**
 * The avatar (upload + crop, saved on its own) and the nickname → PUT /api/users/web/update; the
 * header follows at once. A failure shows once: under its field, or in the alert when no field has it.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation(updateProfileMutation);
  const error = save.isError ? splitServerError(save.error, isField).banner : null;

  const onFinish = (values: Values) =>
    save.mutate(
      { nickName: values.nickName.trim() },
      {
        onSuccess: () => notify.success(t('user:profile.saved')),
        onError: (e) => form.setFields(antdFieldErrors(splitServerError(e, isField).fields) as Parameters<typeof form.setFields>[0]),
      },
    );

  return (
    <section aria-labelledby="profile-title" className={s.section}>
      <h2 id="profile-title" className={s.sectionTitle}>
        {t('user:profile.title')}
      </h2>
      <AvatarField user={user} />
      {error ? <Alert type="error" title={error} showIcon className={s.alert} /> : null}
      <Form<Values> form={form} layout="vertical" initialValues={{ nickName: user.nickName }} onFinish={onFinish} requiredMark>
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
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </section>
  );
}
