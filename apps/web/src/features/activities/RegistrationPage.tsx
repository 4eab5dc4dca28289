import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { btn } from '../../ui/buttons';
import { ActivityView } from './ActivityView';
import type { RegistrationData } from './loaders';

export { registrationLoader as loader, registrationMeta as meta } from './loaders';

/** /registration: the Asian finals (activity 568) — its information and register button. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const { activity } = useLoaderData() as RegistrationData;
  return (
    <>
      <PageHead
        title={t('content:registration.title')}
        lead={activity ? activity.name : t('content:registration.lead')}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:registration.title') }]}
      />
      <PageBody>
        {activity ? (
          <ActivityView activity={activity} />
        ) : (
          <EmptyState
            title={t('content:registration.emptyTitle')}
            body={t('content:registration.emptyBody')}
            action={
              <Link to="/activity" className={btn.primary}>
                {t('content:registration.toActivities')}
              </Link>
            }
          />
        )}
      </PageBody>
    </>
  );
}
