import type { ReactNode } from 'react';
import { Avatar, Card, Grid, Select, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '@rp/shared/rules/phone';
import { useSession } from '../../lib/session';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { WechatLink } from './WechatLink';
import { PrivacyPanel } from './PrivacyPanel';
import { avatarSrc } from '../../ui/avatar';
import s from './user-center.module.css';

/** ?t= values (spec 2.1: 1 personal center, 8 system messages; 2, 3, 4 and 9 are our choice). */
export const USER_CENTER_TABS = {
  profile: '1',
  registrations: '2',
  orders: '3',
  tickets: '4',
  volunteering: '5',
  channel: '6',
  messages: '8',
  consultations: '9',
  certificates: '10',
  privacy: '11',
} as const;
const VALID = new Set<string>(Object.values(USER_CENTER_TABS));

export default function UserCenterPage({
  messagesPanel,
  registrationsPanel,
  ordersPanel,
  ticketsPanel,
  consultPanel,
  volunteeringPanel,
  channelPanel,
  certificatesPanel,
}: {
  messagesPanel: ReactNode;
  registrationsPanel: ReactNode;
  ordersPanel: ReactNode;
  ticketsPanel: ReactNode;
  consultPanel: ReactNode;
  volunteeringPanel: ReactNode;
  channelPanel: ReactNode;
  certificatesPanel: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const requested = params.get('t') ?? USER_CENTER_TABS.profile;
  const active = VALID.has(requested) ? requested : USER_CENTER_TABS.profile;

  if (!user) return null;
  const name = user.nickName || user.username;
  const select = (key: string) => setParams({ t: key }, { replace: true });
  const tabs = [
    {
      key: USER_CENTER_TABS.profile,
      label: t('user:tabs.profile'),
      children: (
        <div className={s.panels}>
          <ProfileForm user={user} />
          <PasswordForm />
          <WechatLink />
        </div>
      ),
    },
    { key: USER_CENTER_TABS.messages, label: t('user:tabs.messages'), children: messagesPanel },
    {
      key: USER_CENTER_TABS.consultations,
      label: t('user:tabs.consultations'),
      children: consultPanel,
    },
    {
      key: USER_CENTER_TABS.registrations,
      label: t('user:tabs.registrations'),
      children: registrationsPanel,
    },
    { key: USER_CENTER_TABS.orders, label: t('user:tabs.orders'), children: ordersPanel },
    { key: USER_CENTER_TABS.tickets, label: t('user:tabs.tickets'), children: ticketsPanel },
    { key: USER_CENTER_TABS.volunteering, label: t('user:tabs.volunteering'), children: volunteeringPanel },
    { key: USER_CENTER_TABS.channel, label: t('user:tabs.channel'), children: channelPanel },
    { key: USER_CENTER_TABS.certificates, label: t('user:tabs.certificates'), children: certificatesPanel },
    { key: USER_CENTER_TABS.privacy, label: t('user:tabs.privacy'), children: <PrivacyPanel /> },
  ];
  const src = avatarSrc(user.avatar);

  return (
    <section aria-labelledby="uc-title">
      <div className={s.head}>
        <Avatar size={64} src={src ?? undefined} className={s.avatar}>
          {src ? null : name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <h1 id="uc-title" className={s.title}>
            {name}
          </h1>
          <p className={s.sub}>{user.phone ? maskPhone(user.phone) : user.username}</p>
        </div>
      </div>
      <Card className={s.card}>
        <Tabs
          activeKey={active}
          tabPlacement={screens.md ? 'start' : 'top'}
          onChange={select}
          // Six tabs do not fit a phone; antd's overflow menu is not accessible, so a select stands in.
          renderTabBar={
            screens.md
              ? undefined
              : (props) => (
                  <Select
                    aria-label={t('user:tabs.label')}
                    className={s.tabSelect}
                    value={props.activeKey}
                    onChange={select}
                    options={tabs.map((tab) => ({ value: tab.key, label: tab.label }))}
                  />
                )
          }
          items={tabs}
        />
      </Card>
    </section>
  );
}
