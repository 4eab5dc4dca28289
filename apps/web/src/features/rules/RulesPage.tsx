import { useLoaderData, useLocation, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { FileList } from '../../ui/FileList';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import c from '../../ui/content.module.css';
import { groupFiles, type RulesData } from './loaders';
import s from './rules.module.css';

export { rulesLoader as loader } from './loaders';

/** /rules (and /file): rules and materials to download, by year and activity. */
export default function RulesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { files } = useLoaderData() as RulesData;
  const groups = groupFiles(files);
  const asked = Number(params.get('year'));
  const shown = groups.some((g) => g.year === asked) ? groups.filter((g) => g.year === asked) : groups;
  const title = t('content:rules.title');
  return (
    <>
      <PageHead title={title} lead={t('content:rules.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody>
        {groups.length > 1 ? (
          <nav aria-label={t('content:rules.years')} className={s.years}>
            <ul>
              <li>
                <Link to={pathname} className={s.year} aria-current={shown === groups ? 'page' : undefined}>
                  {t('content:rules.allYears')}
                </Link>
              </li>
              {groups.map((g) => (
                <li key={g.year}>
                  <Link to={`${pathname}?year=${g.year}`} className={s.year} aria-current={shown !== groups && asked === g.year ? 'page' : undefined}>
                    {g.year}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {groups.length === 0 ? <EmptyState title={t('content:rules.empty')} body={t('content:common.emptyBody')} /> : null}
        {shown.map((g) => (
          <section key={g.year} className={c.section} aria-labelledby={`rules-${g.year}`}>
            <h2 id={`rules-${g.year}`} className={c.sectionTitle}>
              {t('content:rules.yearTitle', { year: g.year })}
            </h2>
            {g.activities.map((a) => (
              <div key={a.activityId ?? 'none'} className={s.group}>
                <h3 className={s.groupTitle}>{a.activityName ?? t('content:rules.general')}</h3>
                <FileList files={a.files} emptyText={t('content:rules.empty')} />
              </div>
            ))}
          </section>
        ))}
      </PageBody>
    </>
  );
}
