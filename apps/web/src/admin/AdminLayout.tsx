import { useMemo, useState } from 'react';
import { App, Button, Drawer, Grid, Layout, Menu, Segmented, Space, Typography, type MenuProps } from 'antd';
import { ArrowLeftOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { Link, useNavigate } from '../lib/link';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../lib/antd/AntdProvider';
import { QueryProvider } from '../lib/QueryProvider';
import { logout } from '../lib/auth-actions';
import { currentLang, setLanguage, type AppLang } from '../lib/i18n';
import { useSession } from '../lib/session';
import {
  ACCESS_ITEMS,
  AWARD_ITEMS,
  CONTENT_ITEMS,
  LATER_ITEMS,
  LIVE_ITEMS,
  MONEY_ITEMS,
  PEOPLE_ITEMS,
  PRIVACY_ITEMS,
  REGISTRATION_ITEMS,
  TICKET_ITEMS,
  visibleItems,
} from './menu';
import s from './admin.module.css';

/** /admin: its own layout (no public header), antd Layout with a Sider menu. */
export default function AdminLayout() {
  return (
    <QueryProvider>
      <AntdProvider>
        {/* App gives the screens message/modal/notification bound to the theme and locale */}
        {/* notices open below the header bar, three at most, like the portal's */}
        <App component={false} message={{ top: 64, maxCount: 3 }}>
          <AdminShell />
        </App>
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
  const parts = location.pathname.replace(/^\/admin\/?/, '').split('/');
  // /admin/r/news/5 selects the news entry
  const listed = parts[0] === 'r' ? `r/${parts[1] ?? ''}` : (parts[0] ?? '');
  // the workshops entry is the sessions list filtered to kind "workshop"
  const selected = listed === 'r/sessions' && new URLSearchParams(location.search).get('kind') === 'workshop' ? 'r/sessions?kind=workshop' : listed;
  const permissions = user?.permissions;
  const scopes = user?.scopes;

  const items: MenuProps['items'] = useMemo(() => {
    const granted = permissions ?? [];
    const limited = scopes ?? {};
    const content = visibleItems(CONTENT_ITEMS, granted, limited);
    const registrations = visibleItems(REGISTRATION_ITEMS, granted, limited);
    const money = visibleItems(MONEY_ITEMS, granted, limited);
    const ticketing = visibleItems(TICKET_ITEMS, granted, limited);
    const people = visibleItems(PEOPLE_ITEMS, granted, limited);
    const awarding = visibleItems(AWARD_ITEMS, granted, limited);
    const access = visibleItems(ACCESS_ITEMS, granted, limited);
    const privacy = visibleItems(PRIVACY_ITEMS, granted, limited);
    // one menu group per area, shown when the person may open something in it
    const group = (key: string, labelKey: string, list: readonly { key: string; labelKey: string }[]) =>
      list.length ? [{ type: 'group' as const, key, label: t(labelKey), children: list.map((i) => ({ key: i.key, label: t(i.labelKey) })) }] : [];
    return [
      ...visibleItems(LIVE_ITEMS, granted, limited).map((i) => ({ key: i.key, label: t(i.labelKey) })),
      ...group('content', 'admin:menu.content', content),
      ...group('registrations', 'admin:menu.registrations', registrations),
      ...group('money', 'admin:menu.money', money),
      ...group('ticketing', 'admin:menu.ticketing', ticketing),
      ...group('people', 'admin:menu.people', people),
      ...group('awards', 'admin:menu.awards', awarding),
      ...group('access', 'admin:menu.access', access),
      ...group('privacy', 'admin:menu.privacy', privacy),
      ...group('later', 'admin:menu.later', LATER_ITEMS),
    ];
  }, [t, permissions, scopes]);

  const menu = (
    <Menu
      mode="inline"
      className={s.menu}
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
