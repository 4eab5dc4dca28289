import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, isoDay } from '../../lib/format';
import { Link } from '../../lib/link';
import { useLang } from '../../lib/use-lang';
import { POLICY_PATHS } from '../../ui/PolicyCheckbox';
import { PageBody, PageHead } from '../../ui/PageHead';
import { RichText } from '../../ui/RichText';
import type { PolicyData } from './loaders';
import s from './privacy.module.css';

export { policyLoader as loader, policyMeta as meta } from './loaders';

/**
 * /privacy and /childPrivacy (issue 37): the policy's text, its version and the date it took effect, and
 * every published version (each viewable by ?version=). An earlier or announced version says so above the text.
 */
export default function PolicyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { policy } = useLoaderData() as PolicyData;
  const path = POLICY_PATHS[policy.kind];
  const now = Date.now();
  // the version in force: the newest that took effect (one announced ahead is listed above it)
  const inForce = policy.versions.find((v) => Date.parse(v.effectiveAt) <= now)?.version;
  const ahead = Date.parse(policy.effectiveAt) > now;
  const date = (iso: string) => <time dateTime={isoDay(iso)}>{formatDate(iso, lang)}</time>;
  return (
    <article aria-labelledby="page-title">
      <PageHead narrow title={policy.title} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: policy.title }]}>
        <p className={s.facts}>
          {t('content:policy.version', { version: policy.version })} · {ahead ? t('content:policy.takesEffect') : t('content:policy.effective')}{' '}
          {date(policy.effectiveAt)}
        </p>
      </PageHead>
      <PageBody narrow>
        {!policy.current ? (
          <p className={s.notice} role="note">
            {ahead ? t('content:policy.aheadNotice') : t('content:policy.earlierNotice')}{' '}
            {inForce !== undefined ? <Link to={path}>{t('content:policy.seeCurrent')}</Link> : null}
          </p>
        ) : null}
        <RichText html={policy.body} />
        {policy.versions.length > 0 ? (
          <section className={s.versions} aria-labelledby="policy-versions">
            <h2 id="policy-versions">{t('content:policy.versions')}</h2>
            <ol>
              {policy.versions.map((v) => (
                <li key={v.version}>
                  <Link to={`${path}?version=${v.version}`} aria-current={v.version === policy.version ? 'page' : undefined}>
                    {t('content:policy.version', { version: v.version })}
                  </Link>{' '}
                  <span className={s.when}>
                    {Date.parse(v.effectiveAt) > now ? t('content:policy.takesEffect') : t('content:policy.effective')} {date(v.effectiveAt)}
                    {v.version === inForce ? ` · ${t('content:policy.inForce')}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </PageBody>
    </article>
  );
}
