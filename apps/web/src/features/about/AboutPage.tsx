import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { RichText } from '../../ui/RichText';
import type { AboutData } from './loaders';
import s from './about.module.css';

export { aboutLoader as loader } from './loaders';

/** /about: sections with an in-page table of contents. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { sections } = useLoaderData() as AboutData;
  const title = t('content:about.title');
  return (
    <>
      <PageHead title={title} lead={t('content:about.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody>
        {sections.length === 0 ? (
          <EmptyState title={t('content:about.empty')} body={t('content:common.emptyBody')} />
        ) : (
          <div className={s.layout}>
            {sections.length > 1 ? (
              <nav aria-label={t('content:about.contents')} className={s.toc}>
                <ol>
                  {sections.map((sec) => (
                    <li key={sec.id}>
                      <a href={`#about-${sec.id}`}>{sec.title}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            <div className={s.sections}>
              {sections.map((sec) => (
                <section key={sec.id} id={`about-${sec.id}`} className={s.section} aria-labelledby={`about-${sec.id}-title`}>
                  <h2 id={`about-${sec.id}-title`} className={s.title}>
                    {sec.title}
                  </h2>
                  <RichText html={sec.content} />
                </section>
              ))}
            </div>
          </div>
        )}
      </PageBody>
    </>
  );
}
