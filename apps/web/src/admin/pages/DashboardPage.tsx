import { Card, Typography } from 'antd';
import { FileTextOutlined, MailOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../lib/session';
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
        {hasPermission(user, 'content.edit') ? (
          <Link to="/admin/r/news">
            <Card hoverable>
              <Card.Meta avatar={<FileTextOutlined aria-hidden="true" />} title={t('admin:menu.content')} description={t('admin:dashboard.content')} />
            </Card>
          </Link>
        ) : null}
        {hasPermission(user, 'sms.outbox.read') ? (
          <Link to="/admin/sms">
            <Card hoverable>
              <Card.Meta avatar={<MailOutlined aria-hidden="true" />} title={t('admin:menu.smsOutbox')} description={t('admin:dashboard.smsOutbox')} />
            </Card>
          </Link>
        ) : null}
        {hasPermission(user, 'users.manage') ? (
          <Link to="/admin/users">
            <Card hoverable>
              <Card.Meta avatar={<TeamOutlined aria-hidden="true" />} title={t('admin:menu.users')} description={t('admin:dashboard.users')} />
            </Card>
          </Link>
        ) : null}
      </div>
    </>
  );
}
