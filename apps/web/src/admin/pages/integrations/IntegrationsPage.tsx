import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OutboxTab } from './OutboxTab';
import { TokensTab } from './TokensTab';
import { WebhooksTab } from './WebhooksTab';
import s from '../../admin.module.css';

const TABS = ['webhooks', 'tokens', 'outbox'] as const;
type Tab = (typeof TABS)[number];

/**
 * Admin → Integrations (issue 25): webhooks (partners told when something happens), API tokens (partner
 * systems calling the API without a person's session) and the outbox the events go through. The tab is
 * kept in the address (?tab=) so reload and back keep the place.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(raw) ? (raw as Tab) : 'webhooks';
  return (
    <section>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.integrations')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'webhooks' ? {} : { tab: k })}
        destroyOnHidden
        items={[
          { key: 'webhooks', label: t('admin:integrations.tabs.webhooks'), children: <WebhooksTab /> },
          { key: 'tokens', label: t('admin:integrations.tabs.tokens'), children: <TokensTab /> },
          { key: 'outbox', label: t('admin:integrations.tabs.outbox'), children: <OutboxTab /> },
        ]}
      />
    </section>
  );
}
