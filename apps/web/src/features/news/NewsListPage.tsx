import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatDate, isoDay } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { Pager } from '../../ui/Pager';
import c from '../../ui/content.module.css';
import type { NewsListData } from './loaders';
import s from './news.module.css';

export { newsListLoader as loader } from './loaders';

/** /news: published news, newest first, 10 per page. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { page, list } = useLoaderData() as NewsListData;
  return (
    <>
      <PageHead
        title={t('content:news.title')}
        lead={t('content:news.lead')}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:news.title') }]}
      />
      <PageBody>
        {list.content.length === 0 ? (
          <EmptyState title={t('content:news.empty')} body={t('content:common.emptyBody')} />
        ) : (
          <ol className={s.list} aria-labelledby="page-title">
            {list.content.map((n) => (
              <li key={n.id} className={`${c.card} ${s.item}`}>
                {n.coverUrl ? (
                  <img className={s.cover} src={n.coverUrl} alt="" loading="lazy" width={320} height={180} />
                ) : (
                  <span className={s.coverFallback} aria-hidden="true" />
                )}
                <div className={s.itemBody}>
                  <time className={s.date} dateTime={isoDay(n.publishedAt)}>
                    {formatDate(n.publishedAt, lang)}
                  </time>
                  <h2 className={c.cardTitle}>
                    <Link to={`/newsDetail?id=${n.id}`} className={c.cardLink}>
                      {n.title}
                    </Link>
                  </h2>
                  {n.summary ? <p className={c.cardText}>{n.summary}</p> : null}
                  <span className={c.more} aria-hidden="true">
                    {t('content:common.readMore')} →
                  </span>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Pager page={page} totalPages={list.totalPages} hrefFor={(p) => `/news?page=${p}`} />
      </PageBody>
    </>
  );
}
