import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { Pager } from '../../ui/Pager';
import c from '../../ui/content.module.css';
import { SignUpBadge } from './ActivityView';
import type { ActivityListData } from './loaders';
import s from './activities.module.css';

export { activityListLoader as loader, activityListMeta as meta } from './loaders';

/** /activity: activities with their dates, venue and sign-up state; each leads to its order page. */
export default function ActivityListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { page, list } = useLoaderData() as ActivityListData;
  return (
    <>
      <PageHead
        title={t('content:activity.title')}
        lead={t('content:activity.lead')}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:activity.title') }]}
      />
      <PageBody>
        {list.content.length === 0 ? (
          <EmptyState title={t('content:activity.empty')} body={t('content:common.emptyBody')} />
        ) : (
          <ul className={c.cards}>
            {list.content.map((a) => (
              <li key={a.id} className={c.card}>
                {a.posterUrl ? (
                  <img className={c.cardMedia} src={a.posterUrl} alt="" loading="lazy" />
                ) : (
                  <span className={c.fallbackMedia} aria-hidden="true">
                    {a.year}
                  </span>
                )}
                <div className={c.cardBody}>
                  <SignUpBadge activity={a} />
                  <h2 className={c.cardTitle}>
                    <Link to={`/activityOrder?id=${a.id}`} className={c.cardLink}>
                      {a.name}
                    </Link>
                  </h2>
                  <dl className={s.cardFacts}>
                    <div>
                      <dt>{t('content:activity.eventDates')}</dt>
                      <dd>{formatDateRange(a.beginTime, a.finishTime, lang)}</dd>
                    </div>
                    {a.signUpBegin || a.signUpEnd ? (
                      <div>
                        <dt>{t('content:activity.signUpDates')}</dt>
                        <dd>{formatDateRange(a.signUpBegin, a.signUpEnd, lang)}</dd>
                      </div>
                    ) : null}
                    {a.venue ? (
                      <div>
                        <dt>{t('content:activity.venue')}</dt>
                        <dd>{a.venue}</dd>
                      </div>
                    ) : null}
                  </dl>
                  <span className={c.more} aria-hidden="true">
                    {t('content:activity.details')} →
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} totalPages={list.totalPages} hrefFor={(p) => `/activity?page=${p}`} />
      </PageBody>
    </>
  );
}
