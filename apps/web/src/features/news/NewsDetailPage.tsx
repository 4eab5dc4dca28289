import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatDate, isoDay } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { PageBody, PageHead } from '../../ui/PageHead';
import { RichText } from '../../ui/RichText';
import { btn } from '../../ui/buttons';
import type { NewsDetailData } from './loaders';
import s from './news.module.css';

export { newsDetailLoader as loader, newsDetailMeta as meta } from './loaders';

/** /newsDetail?id=: one article, its sanitised content, and the neighbours in time. */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { news } = useLoaderData() as NewsDetailData;
  return (
    <article aria-labelledby="page-title">
      <PageHead
        narrow
        title={news.title}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:news.title'), to: '/news' }, { label: news.title }]}
      >
        <p className={s.detailDate}>
          {t('content:news.publishedOn')} <time dateTime={isoDay(news.publishedAt)}>{formatDate(news.publishedAt, lang)}</time>
        </p>
      </PageHead>
      <PageBody narrow>
        {news.summary ? <p className={s.summary}>{news.summary}</p> : null}
        {news.coverUrl ? <img className={s.detailCover} src={news.coverUrl} alt="" /> : null}
        <RichText html={news.content} />
        <nav className={s.neighbours} aria-label={t('content:news.moreNews')}>
          {news.prev ? (
            <Link to={`/newsDetail?id=${news.prev.id}`} className={s.neighbour} rel="prev">
              <span className={s.neighbourLabel}>{t('content:news.older')}</span>
              <span>{news.prev.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {news.next ? (
            <Link to={`/newsDetail?id=${news.next.id}`} className={`${s.neighbour} ${s.neighbourNext}`} rel="next">
              <span className={s.neighbourLabel}>{t('content:news.newer')}</span>
              <span>{news.next.title}</span>
            </Link>
          ) : null}
        </nav>
        <p>
          <Link to="/news" className={btn.secondary}>
            {t('content:news.backToList')}
          </Link>
        </p>
      </PageBody>
    </article>
  );
}
