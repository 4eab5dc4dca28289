import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import { ContactList } from '../../ui/contact';
import { RichText } from '../../ui/RichText';
import type { AboutData } from './loaders';
import { FeedbackForm } from './FeedbackForm';
import s from './about.module.css';

export { aboutLoader as loader } from './loaders';

/** /about: sections with an in-page table of contents. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { sections, contact } = useLoaderData() as AboutData;
  const title = t('content:about.title');
  const hasContact = Boolean(contact && Object.values(contact).some(Boolean));
  const toc = [
    ...sections.map((sec) => ({ id: `about-${sec.id}`, title: sec.title })),
    ...(hasContact ? [{ id: 'about-contact', title: t('footer:contactTitle') }] : []),
    { id: 'about-feedback', title: t('feedback:title') },
  ];
  return (
    <>
      <PageHead title={title} lead={t('content:about.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody>
        {sections.length === 0 && !hasContact ? <EmptyState title={t('content:about.empty')} body={t('content:common.emptyBody')} /> : null}
        {sections.length === 0 && !hasContact ? (
          <FeedbackForm />
        ) : (
          <div className={s.layout}>
            {toc.length > 1 ? (
              <nav aria-label={t('content:about.contents')} className={s.toc}>
                <ol>
                  {toc.map((item) => (
                    <li key={item.id}>
                      <a href={`#${item.id}`}>{item.title}</a>
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
              {contact && hasContact ? (
                <section id="about-contact" className={s.section} aria-labelledby="about-contact-title">
                  <h2 id="about-contact-title" className={s.title}>
                    {t('footer:contactTitle')}
                  </h2>
                  <address className={s.contact}>
                    <ContactList contact={contact} className={s.contactList} labelClassName={s.contactLabel} />
                  </address>
                </section>
              ) : null}
              <FeedbackForm />
            </div>
          </div>
        )}
      </PageBody>
    </>
  );
}
