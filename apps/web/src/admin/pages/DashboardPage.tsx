import { Card, Typography } from 'antd';
import { MailOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import s from '../admin.module.css';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:dashboard.welcome', { name: user?.nickName || user?.username || '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:dashboard.intro')}</Typography.Paragraph>
      <div className={s.cards}>
        <Link to="/admin/sms">
          <Card hoverable>
            <Card.Meta avatar={<MailOutlined aria-hidden="true" />} title={t('admin:menu.smsOutbox')} description={t('admin:dashboard.smsOutbox')} />
          </Card>
        </Link>
        <Link to="/admin/users">
          <Card hoverable>
            <Card.Meta avatar={<TeamOutlined aria-hidden="true" />} title={t('admin:menu.users')} description={t('admin:dashboard.users')} />
          </Card>
        </Link>
      </div>
    </>
  );
}
