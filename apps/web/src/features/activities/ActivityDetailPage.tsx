import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHead } from '../../ui/PageHead';
import { ActivityView } from './ActivityView';
import type { ActivityDetailData } from './loaders';

export { activityDetailLoader as loader, activityDetailMeta as meta } from './loaders';

/** /activityOrder?id=: one activity with programs, fees and the register button. */
export default function ActivityDetailPage() {
  const { t } = useTranslation();
  const { activity } = useLoaderData() as ActivityDetailData;
  return (
    <article aria-labelledby="page-title">
      <PageHead
        title={activity.name}
        lead={activity.venue || undefined}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:activity.title'), to: '/activity' }, { label: activity.name }]}
      />
      <PageBody>
        <ActivityView activity={activity} />
      </PageBody>
    </article>
  );
}
