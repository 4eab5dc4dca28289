import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import c from '../../ui/content.module.css';
import type { HighlightsData } from './loaders';
import s from './gallery.module.css';

export { highlightsLoader as loader } from './loaders';

/** /pasted and /pictures: past highlights by year; each gallery leads to /picturesDetail. */
export default function HighlightsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { years, year, galleries } = useLoaderData() as HighlightsData;
  const title = t('content:gallery.title');
  return (
    <>
      <PageHead title={title} lead={t('content:gallery.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody>
        {years.length > 1 ? (
          <nav aria-label={t('content:gallery.years')} className={s.years}>
            <ul>
              {years.map((y) => (
                <li key={y.id}>
                  <Link to={`${pathname}?year=${encodeURIComponent(y.value)}`} className={s.year} aria-current={String(year) === y.value ? 'page' : undefined}>
                    {y.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {galleries.length === 0 ? (
          <EmptyState title={t('content:gallery.empty')} body={t('content:common.emptyBody')} />
        ) : (
          <ul className={c.cards}>
            {galleries.map((g, i) => (
              <li key={g.id} className={c.card}>
                {g.coverUrl || g.logoUrl ? (
                  <img className={c.cardMedia} src={(g.coverUrl || g.logoUrl)!} alt="" loading={i < 4 ? 'eager' : 'lazy'} />
                ) : (
                  <span className={c.fallbackMedia} aria-hidden="true">
                    {g.year}
                  </span>
                )}
                <div className={c.cardBody}>
                  <span className={c.badge}>{t('content:gallery.photoCount', { count: g.pictureCount })}</span>
                  <h2 className={c.cardTitle}>
                    <Link to={`/picturesDetail?consoleId=${g.id}`} className={c.cardLink}>
                      {g.name}
                    </Link>
                  </h2>
                  {g.description ? <p className={c.cardText}>{g.description}</p> : null}
                  <span className={c.more} aria-hidden="true">
                    {t('content:gallery.open')} →
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PageBody>
    </>
  );
}
