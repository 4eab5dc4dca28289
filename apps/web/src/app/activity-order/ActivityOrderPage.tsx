import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { ActivityDetail } from '../../features/activities/ActivityDetailPage';
import { activityDetailLoader, activityDetailMeta, type ActivityDetailData } from '../../features/activities/loaders';
import { loadNamespaces } from '../../lib/i18n';
import type { RouteMeta } from '../../lib/page-meta';
import { PageBody, PageHead } from '../../ui/PageHead';
import { btn } from '../../ui/buttons';
import c from '../../ui/content.module.css';

// antd and the money screens load only when someone buys or pays: the public page keeps its first-load budget
const OrderArea = lazy(() => Promise.all([import('./OrderArea'), loadNamespaces('orders')]).then(([m]) => m));

interface Data {
  activity: ActivityDetailData['activity'] | null;
  lives?: ActivityDetailData['lives'];
}

/** /activityOrder?id= is the activity page; ?orderNo= alone is where a gateway sends the payer back (no activity to load). */
export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const params = new URL(args.request.url).searchParams;
  if (!params.get('id') && params.get('orderNo')) return { activity: null };
  return activityDetailLoader(args);
}

export function meta(data: unknown): RouteMeta | undefined {
  return (data as Data).activity ? activityDetailMeta(data) : undefined;
}

const CHECKOUT_PARAMS = ['orderNo', 'teamId', 'memberIds'];

export default function ActivityOrderPage() {
  const { t } = useTranslation();
  const { activity, lives } = useLoaderData() as Data;
  const [params, setParams] = useSearchParams();
  const open = params.get('buy') === '1' || CHECKOUT_PARAMS.some((p) => params.has(p));
  // the buy button gives way to the buy area: the focus moves to the start of that area, not lost to the page
  const areaRef = useRef<HTMLDivElement>(null);
  const focusArea = useRef(false);
  useEffect(() => {
    if (open && focusArea.current) {
      focusArea.current = false;
      areaRef.current?.focus();
    }
  }, [open]);
  const area = (
    <Suspense fallback={<p className={c.cardText}>{t('content:activity.loadingCheckout')}</p>}>
      <OrderArea activityId={activity?.id ?? null} />
    </Suspense>
  );

  if (!activity) {
    return (
      <article aria-labelledby="page-title">
        <PageHead title={t('content:activity.orderTitle')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:activity.orderTitle') }]} />
        <PageBody>{area}</PageBody>
      </article>
    );
  }
  const slot = (
    <section className={c.section} aria-labelledby="activity-buy" id="buy">
      <h2 id="activity-buy" className={c.sectionTitle}>
        {t('content:activity.buyTitle')}
      </h2>
      <p className={c.cardText}>
        <Link to={`/audience?id=${activity.id}`}>{t('content:activity.audienceLink')}</Link>
        {' · '}
        <Link to={`/workShopTickets?id=${activity.id}`}>{t('content:activity.workshopLink')}</Link>
        {' · '}
        <Link to={`/onlineMatch?id=${activity.id}`}>{t('content:activity.onlineLink')}</Link>
        {' · '}
        <Link to={`/volunteer_pc?id=${activity.id}`}>{t('content:activity.volunteerLink')}</Link>
      </p>
      {open ? (
        <div ref={areaRef} tabIndex={-1} data-testid="buy-area">
          {area}
        </div>
      ) : (
        <>
          <p className={c.cardText}>{t('content:activity.buyLead')}</p>
          <button
            type="button"
            className={btn.primary}
            onClick={() => {
              focusArea.current = true;
              setParams(
                (p) => {
                  p.set('buy', '1');
                  return p;
                },
                { replace: true, preventScrollReset: true },
              );
            }}
          >
            {t('content:activity.buyOpen')}
          </button>
        </>
      )}
    </section>
  );
  return <ActivityDetail activity={activity} lives={lives} slot={slot} />;
}
