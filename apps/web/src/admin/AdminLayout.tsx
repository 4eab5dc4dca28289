import { useMemo, useState } from 'react';
import { Button, Drawer, Grid, Layout, Menu, Segmented, Space, Typography, type MenuProps } from 'antd';
import { ArrowLeftOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../lib/antd/AntdProvider';
import { QueryProvider } from '../lib/QueryProvider';
import { logout } from '../lib/auth-actions';
import { currentLang, setLanguage, type AppLang } from '../lib/i18n';
import { useSession } from '../lib/session';
import { LATER_ITEMS, LIVE_ITEMS } from './menu';
import s from './admin.module.css';

/** /admin: its own layout (no public header), antd Layout with a Sider menu. */
export default function AdminLayout() {
  return (
    <QueryProvider>
      <AntdProvider>
        <AdminShell />
      </AntdProvider>
    </QueryProvider>
  );
}

function AdminShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const lang = currentLang();
  const selected = location.pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';

  const items: MenuProps['items'] = useMemo(
    () => [
      ...LIVE_ITEMS.map((i) => ({ key: i.key, label: t(i.labelKey) })),
      {
        type: 'group' as const,
        key: 'later',
        label: t('admin:menu.later'),
        children: LATER_ITEMS.map((i) => ({ key: i.key, label: t(i.labelKey) })),
      },
    ],
    [t],
  );

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      items={items}
      onClick={({ key }) => {
        setDrawerOpen(false);
        void navigate(key ? `/admin/${key}` : '/admin');
      }}
    />
  );

  const brand = (
    <Link to="/admin" className={s.brand}>
      {t('admin:title')}
    </Link>
  );

  return (
    <Layout className={s.layout}>
      <a href="#admin-main" className={s.skip}>
        {t('common:skipToContent')}
      </a>
      {screens.lg ? (
        <Layout.Sider width={232} theme="light" className={s.sider}>
          {brand}
          <nav aria-label={t('admin:menu.label')}>{menu}</nav>
        </Layout.Sider>
      ) : (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={260} title={brand}>
          <nav aria-label={t('admin:menu.label')}>{menu}</nav>
        </Drawer>
      )}
      <Layout>
        <Layout.Header className={s.header}>
          <Space size={8} wrap>
            {screens.lg ? null : (
              <Button icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-label={t('admin:menu.open')} aria-expanded={drawerOpen} />
            )}
            <Link to="/home" className={s.back}>
              <ArrowLeftOutlined aria-hidden="true" /> {t('admin:backToSite')}
            </Link>
          </Space>
          <Space size={12} wrap>
            <Segmented<AppLang>
              aria-label={t('common:lang.label')}
              size="small"
              value={lang}
              onChange={(value) => void setLanguage(value)}
              options={[
                { value: 'zh', label: <span lang="zh-CN">{t('common:lang.zh')}</span> },
                { value: 'en', label: <span lang="en">{t('common:lang.en')}</span> },
              ]}
            />
            {user ? (
              <Typography.Text strong className={s.user}>
                {user.nickName || user.username}
              </Typography.Text>
            ) : null}
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('nav:userMenu.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="admin-main" tabIndex={-1} className={s.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
