import type { ReactNode } from 'react';
import type { ActivityItem } from '../../lib/contract';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHead } from '../../ui/PageHead';
import { ActivityView } from './ActivityView';

/** /activityOrder?id=: one activity with programs, fees, the register button and the money block in `slot` (composed in app/, design §2). */
export function ActivityDetail({ activity, slot }: { activity: ActivityItem; slot?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article aria-labelledby="page-title">
      <PageHead
        title={activity.name}
        lead={activity.venue || undefined}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:activity.title'), to: '/activity' }, { label: activity.name }]}
      />
      <PageBody>
        <ActivityView activity={activity} slot={slot} />
      </PageBody>
    </article>
  );
}
