import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { PageBody, PageHead } from '../../ui/PageHead';
import { RichText } from '../../ui/RichText';
import { btn } from '../../ui/buttons';
import c from '../../ui/content.module.css';
import { FileList } from '../../ui/FileList';
import { ProgramFacts } from './ProgramFacts';
import type { ProgramDetailData } from './loaders';
import s from './programs.module.css';

export { programDetailLoader as loader, programDetailMeta as meta } from './loaders';

/** /programInfo?id=: one program — facts, rules summary and the downloads of its activity. */
export default function ProgramDetailPage() {
  const { t } = useTranslation();
  const { program } = useLoaderData() as ProgramDetailData;
  return (
    <article aria-labelledby="page-title">
      <PageHead
        title={program.name}
        lead={program.activityName}
        crumbs={[{ label: t('nav:home'), to: '/home' }, { label: t('content:program.title'), to: '/program' }, { label: program.name }]}
      />
      <PageBody>
        <div className={s.detail}>
          <div className={s.detailMain}>
            <section className={c.section} aria-labelledby="program-rules">
              <h2 id="program-rules" className={c.sectionTitle}>
                {t('content:program.rules')}
              </h2>
              {program.intro.trim() ? <RichText html={program.intro} /> : <p className={c.cardText}>{t('content:program.noRules')}</p>}
            </section>
            <section className={c.section} aria-labelledby="program-downloads">
              <h2 id="program-downloads" className={c.sectionTitle}>
                {t('content:program.downloads')}
              </h2>
              <FileList files={program.files} emptyText={t('content:program.noDownloads')} />
            </section>
          </div>
          <aside className={s.aside} aria-labelledby="program-facts">
            <h2 id="program-facts" className={s.asideTitle}>
              {t('content:program.factsTitle')}
            </h2>
            <ProgramFacts program={program} />
            <Link to={`/activityOrder?id=${program.activityId}`} className={`${btn.primary} ${btn.block}`}>
              {t('content:program.toActivity')}
            </Link>
          </aside>
        </div>
      </PageBody>
    </article>
  );
}
