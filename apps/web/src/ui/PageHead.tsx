import type { ReactNode } from 'react';
import { Link } from '../lib/link';
import { useTranslation } from 'react-i18next';
import s from './content.module.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** The band at the top of a content page: breadcrumbs, the page's one <h1>, a lead and extras. */
export function PageHead({
  title,
  lead,
  crumbs,
  children,
  media,
  narrow,
  id = 'page-title',
}: {
  title: string;
  lead?: ReactNode;
  crumbs?: Crumb[];
  children?: ReactNode;
  /** A picture beside the title (e.g. an album's logo). */
  media?: ReactNode;
  /** Align with a narrow body column (articles). */
  narrow?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={s.head}>
      <div className={`${s.headInner} ${narrow ? s.headNarrow : ''}`}>
        {crumbs?.length ? (
          <nav aria-label={t('common:breadcrumb')} className={s.crumbs}>
            <ol>
              {crumbs.map((c, i) => (
                <li key={`${c.label}-${i}`}>{c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}</li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className={media ? s.headWithMedia : undefined}>
          {media}
          <div className={s.headText}>
            <h1 id={id} className={s.headTitle}>
              {title}
            </h1>
            {lead ? <p className={s.headLead}>{lead}</p> : null}
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Centred content column under the head. */
export function PageBody({ children, narrow, labelledBy }: { children: ReactNode; narrow?: boolean; labelledBy?: string }) {
  return (
    <div className={`${s.body} ${narrow ? s.narrow : ''}`} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

/** A friendly empty or problem state (never a blank area). */
export function EmptyState({ title, body, action, role }: { title: string; body?: string; action?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <div className={s.empty} role={role}>
      <span className={s.emptyIcon} aria-hidden="true" />
      <p className={s.emptyTitle}>{title}</p>
      {body ? <p className={s.emptyBody}>{body}</p> : null}
      {action}
    </div>
  );
}
