import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import c from '../../ui/content.module.css';
import { ProgramFacts, useProgramLabels } from './ProgramFacts';
import { groupByActivity, type ProgramListData } from './loaders';
import s from './programs.module.css';

export { programListLoader as loader } from './loaders';

/** /program: competition programs grouped by activity. */
export default function ProgramListPage() {
  const { t } = useTranslation();
  const labels = useProgramLabels();
  const { programs, activityId } = useLoaderData() as ProgramListData;
  const groups = groupByActivity(programs);
  return (
    <>
      <PageHead
        title={t('content:program.title')}
        lead={t('content:program.lead')}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:program.title') }]}
      />
      <PageBody>
        {activityId !== null ? (
          <p className={s.filterNote}>
            <Link to="/program">{t('content:program.showAll')}</Link>
          </p>
        ) : null}
        {groups.length === 0 ? <EmptyState title={t('content:program.empty')} body={t('content:common.emptyBody')} /> : null}
        {groups.map((g) => (
          <section key={g.activityId} className={c.section} aria-labelledby={`programs-${g.activityId}`}>
            <h2 id={`programs-${g.activityId}`} className={c.sectionTitle}>
              {g.activityName}
            </h2>
            <ul className={c.cards}>
              {g.programs.map((p) => (
                <li key={p.id} className={c.card}>
                  {p.coverUrl ? <img className={c.cardMedia} src={p.coverUrl} alt="" loading="lazy" /> : null}
                  <div className={c.cardBody}>
                    <span className={`${c.badge} ${p.type === 1 ? c.badgeSoon : ''}`}>{labels.type(p)}</span>
                    <h3 className={c.cardTitle}>
                      <Link to={`/programInfo?id=${p.id}`} className={c.cardLink}>
                        {p.name}
                      </Link>
                    </h3>
                    <ProgramFacts program={p} compact />
                    <span className={c.more} aria-hidden="true">
                      {t('content:program.rulesLink')} →
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </PageBody>
    </>
  );
}
