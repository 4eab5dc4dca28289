import { App, Button, Card, Form, InputNumber, Select, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { AccountSelect } from '../AccountSelect';
import { adminActivitiesQuery, generateCodesMutation } from './registration-api';
import { reaches, useSession } from '../../lib/session';
import s from '../admin.module.css';

interface Values {
  activityId: number;
  type: 0 | 10 | 20;
  count: number;
  ownerUserId?: number | null;
  priceYuan?: number | null;
}

/** Generates a batch of redemption codes; the list and export are the generic redeemCodes screen. */
export default function CodesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const activities = useQuery(adminActivitiesQuery);
  const { user } = useSession();
  const generate = useMutation(generateCodesMutation);

  const onFinish = (v: Values) =>
    generate.mutate(
      { activityId: v.activityId, type: v.type, count: v.count, ownerUserId: v.ownerUserId ?? null, priceFen: Math.round((v.priceYuan ?? 0) * 100) },
      {
        onSuccess: () => void message.success(t('admin:reg.generated', { count: v.count })),
        onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
      },
    );

  return (
    <section>
      <Typography.Title level={2} className={s.pageTitle}>
        {t('admin:reg.codesTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:reg.codesIntro')}</Typography.Paragraph>
      <Card style={{ maxWidth: 560 }}>
        <Form<Values> form={form} layout="vertical" initialValues={{ type: 0, count: 10 }} onFinish={onFinish}>
          <Form.Item name="activityId" label={t('admin:reg.activity')} htmlFor="codes-activity" rules={[{ required: true, message: t('admin:reg.activity') }]}>
            <Select
              id="codes-activity"
              showSearch={{ optionFilterProp: 'label' }}
              loading={activities.isPending}
              options={(activities.data ?? [])
                .filter((a) => reaches(user, 'registrations.manage', a.id))
                .map((a) => ({ value: a.id, label: `${a.id} · ${a.name}` }))}
            />
          </Form.Item>
          <Form.Item name="type" label={t('admin:reg.codeType')} htmlFor="codes-type">
            <Select
              id="codes-type"
              options={[
                { value: 0, label: t('admin:options.codeType.0') },
                { value: 10, label: t('admin:options.codeType.10') },
                { value: 20, label: t('admin:options.codeType.20') },
              ]}
            />
          </Form.Item>
          <Form.Item name="count" label={t('admin:reg.count')} htmlFor="codes-count" rules={[{ required: true, message: t('admin:reg.count') }]}>
            <InputNumber id="codes-count" min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="ownerUserId" label={t('admin:reg.owner')} htmlFor="codes-owner" extra={t('admin:reg.ownerHelp')}>
            <AccountSelect id="codes-owner" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="priceYuan" label={t('admin:reg.price')} htmlFor="codes-price">
            <InputNumber id="codes-price" min={0} max={100000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={generate.isPending}>
            {t('admin:reg.generate')}
          </Button>{' '}
          <Link to="/admin/r/redeemCodes">{t('admin:reg.listCodes')}</Link>
        </Form>
      </Card>
    </section>
  );
}
