import { Link } from '../lib/link';
import { useTranslation } from 'react-i18next';
import s from './content.module.css';

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pageWindow(current: number, total: number, radius = 1): number[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set<number>([1, total]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: number[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev !== 0 && p - prev > 1) out.push(0);
    out.push(p);
  }
  return out;
}

/** Paging links (1-based in the URL: ?page=n); a <nav> with the current page marked. */
export function Pager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('common:pager.label')} className={s.pager}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={s.pagerLink} rel="prev">
          {t('common:pager.prev')}
        </Link>
      ) : (
        <span className={`${s.pagerLink} ${s.pagerDisabled}`} aria-disabled="true">
          {t('common:pager.prev')}
        </span>
      )}
      <ul>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 0 ? (
            <li key={`gap-${i}`} aria-hidden="true" className={s.pagerGap}>
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefFor(p)} className={s.pagerLink} aria-current={p === page ? 'page' : undefined} aria-label={t('common:pager.page', { page: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={s.pagerLink} rel="next">
          {t('common:pager.next')}
        </Link>
      ) : (
        <span className={`${s.pagerLink} ${s.pagerDisabled}`} aria-disabled="true">
          {t('common:pager.next')}
        </span>
      )}
    </nav>
  );
}
