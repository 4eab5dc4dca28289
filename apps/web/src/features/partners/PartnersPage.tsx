import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartnerItem } from '../../lib/contract';
import { EmptyState, PageBody, PageHead } from '../../ui/PageHead';
import c from '../../ui/content.module.css';
import type { PartnersData } from './loaders';
import s from './partners.module.css';

export { partnersLoader as loader } from './loaders';

function safeHref(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

function PartnerCards({ items }: { items: PartnerItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className={s.grid}>
      {items.map((p) => {
        const href = safeHref(p.url);
        return (
          <li key={p.id} className={s.partner}>
            {p.logoUrl ? (
              <img className={s.logo} src={p.logoUrl} alt="" loading="lazy" />
            ) : (
              <span className={s.monogram} aria-hidden="true">
                {Array.from(p.name.trim())[0] ?? '?'}
              </span>
            )}
            <h3 className={s.name}>{p.name}</h3>
            {p.description ? <p className={s.desc}>{p.description}</p> : null}
            {href ? (
              <a className={s.visit} href={href} target="_blank" rel="noopener noreferrer">
                {t('content:partner.visit')}
                <span className="visually-hidden">
                  {' '}
                  {p.name} {t('common:a11y.opensInNewWindow')}
                </span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** /partner: partners and ecology partners. */
export default function PartnersPage() {
  const { t } = useTranslation();
  const { partners, ecology } = useLoaderData() as PartnersData;
  const title = t('content:partner.title');
  return (
    <>
      <PageHead title={title} lead={t('content:partner.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody>
        {partners.length + ecology.length === 0 ? <EmptyState title={t('content:partner.empty')} body={t('content:common.emptyBody')} /> : null}
        {partners.length ? (
          <section className={c.section} aria-labelledby="partners-1">
            <h2 id="partners-1" className={c.sectionTitle}>
              {t('content:partner.partners')}
            </h2>
            <PartnerCards items={partners} />
          </section>
        ) : null}
        {ecology.length ? (
          <section className={c.section} aria-labelledby="partners-2">
            <h2 id="partners-2" className={c.sectionTitle}>
              {t('content:partner.ecology')}
            </h2>
            <PartnerCards items={ecology} />
          </section>
        ) : null}
      </PageBody>
    </>
  );
}
