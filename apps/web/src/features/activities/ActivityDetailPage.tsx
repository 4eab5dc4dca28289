import type { ReactNode } from 'react';
import type { ActivityItem, LiveItem } from '../../lib/contract';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHead } from '../../ui/PageHead';
import { ActivityView } from './ActivityView';

/** /activityOrder?id=: one activity with programs, fees, the register button and the money block in `slot` (composed in app/, design §2). */
export function ActivityDetail({ activity, lives, slot }: { activity: ActivityItem; lives?: LiveItem[]; slot?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article aria-labelledby="page-title">
      <PageHead
        title={activity.name}
        lead={activity.venue || undefined}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:activity.title'), to: '/activity' }, { label: activity.name }]}
      />
      <PageBody>
        <ActivityView activity={activity} lives={lives} slot={slot} />
      </PageBody>
    </article>
  );
}
