import type { ReactNode } from 'react';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import type { ActivityItem, ConsoleItem, NewsItem, PartnerItem } from '../../lib/contract';
import { formatDate, formatDateRange, isoDay } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { LangPart } from '../../lib/lang-parts';
import type { HomeData } from './loader';
import s from './HomeBlocks.module.css';

/** A block of the home page: a heading with a "see all" link, then its content. */
function Block({
  id,
  title,
  moreTo,
  moreLabel,
  children,
  tone,
}: {
  id: string;
  title: string;
  moreTo: string;
  moreLabel: string;
  children: ReactNode;
  tone?: 'muted';
}) {
  return (
    <section className={`${s.block} ${tone === 'muted' ? s.muted : ''}`} aria-labelledby={id}>
      <div className={s.inner}>
        <div className={s.blockHead}>
          <h2 id={id} className={s.blockTitle}>
            {title}
          </h2>
          <Link to={moreTo} className={s.moreLink}>
            {moreLabel} <span aria-hidden="true">→</span>
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

function ActivityCard({ a }: { a: ActivityItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className={s.card}>
      <span className={s.open}>{t('home:activities.open')}</span>
      <h3 className={s.cardTitle}>
        <Link to={`/activityOrder?id=${a.id}`} className={s.cardLink}>
          <LangPart text={a.name} />
        </Link>
      </h3>
      <dl className={s.facts}>
        <div>
          <dt>{t('home:activities.signUp')}</dt>
          <dd>{formatDateRange(a.signUpBegin, a.signUpEnd, lang) || t('home:activities.anytime')}</dd>
        </div>
        <div>
          <dt>{t('home:activities.dates')}</dt>
          <dd>{formatDateRange(a.beginTime, a.finishTime, lang)}</dd>
        </div>
        {a.venue ? (
          <div>
            <dt>{t('home:activities.venue')}</dt>
            <dd>{a.venue}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

function NewsCard({ n }: { n: NewsItem }) {
  const lang = useLang();
  return (
    <li className={s.card}>
      <time className={s.date} dateTime={isoDay(n.publishedAt)}>
        {formatDate(n.publishedAt, lang)}
      </time>
      <h3 className={s.cardTitle}>
        <Link to={`/newsDetail?id=${n.id}`} className={s.cardLink}>
          {n.title}
        </Link>
      </h3>
      {n.summary ? <p className={s.text}>{n.summary}</p> : null}
    </li>
  );
}

function HighlightCard({ g }: { g: ConsoleItem }) {
  const { t } = useTranslation();
  const img = g.coverUrl || g.logoUrl;
  return (
    <li className={`${s.card} ${s.photoCard}`}>
      {img ? <img className={s.photo} src={img} alt="" loading="lazy" width={480} height={270} /> : <span className={s.photo} aria-hidden="true" />}
      <div className={s.photoBody}>
        <h3 className={s.cardTitle}>
          <Link to={`/picturesDetail?consoleId=${g.id}`} className={s.cardLink}>
            {g.name}
          </Link>
        </h3>
        <p className={s.text}>{t('home:highlights.photos', { count: g.pictureCount, year: g.year })}</p>
      </div>
    </li>
  );
}

/** Open activities, latest news and past highlights: every block links on to its full page. */
export function HomeBlocks({ data }: { data: HomeData }) {
  const { t } = useTranslation();
  return (
    <>
      <Block id="home-activities" title={t('home:activities.title')} moreTo="/activity" moreLabel={t('home:activities.more')}>
        {data.openActivities.length ? (
          <ul className={s.cards}>
            {data.openActivities.map((a) => (
              <ActivityCard key={a.id} a={a} />
            ))}
          </ul>
        ) : (
          <p className={s.empty}>{t('home:activities.empty')}</p>
        )}
      </Block>
      <Block id="home-news" title={t('home:news.title')} moreTo="/news" moreLabel={t('home:news.more')} tone="muted">
        {data.news.length ? (
          <ul className={s.cards}>
            {data.news.map((n) => (
              <NewsCard key={n.id} n={n} />
            ))}
          </ul>
        ) : (
          <p className={s.empty}>{t('home:news.empty')}</p>
        )}
      </Block>
      <Block id="home-highlights" title={t('home:highlights.title')} moreTo="/pasted" moreLabel={t('home:highlights.more')}>
        {data.highlights.length ? (
          <ul className={`${s.cards} ${s.cards4}`}>
            {data.highlights.map((g) => (
              <HighlightCard key={g.id} g={g} />
            ))}
          </ul>
        ) : (
          <p className={s.empty}>{t('home:highlights.empty')}</p>
        )}
      </Block>
    </>
  );
}

/** The partners strip at the foot of the home page. */
export function PartnersStrip({ partners }: { partners: PartnerItem[] }) {
  const { t } = useTranslation();
  if (!partners.length) return null;
  return (
    <section className={s.strip} aria-labelledby="home-partners">
      <div className={s.inner}>
        <div className={s.blockHead}>
          <h2 id="home-partners" className={s.stripTitle}>
            {t('home:partners.title')}
          </h2>
          <Link to="/partner" className={s.moreLink}>
            {t('home:partners.more')} <span aria-hidden="true">→</span>
          </Link>
        </div>
        <ul className={s.partners}>
          {partners.map((p) => (
            <li key={p.id} className={s.partner}>
              {p.logoUrl ? <img src={p.logoUrl} alt={p.name} loading="lazy" height={40} /> : <span>{p.name}</span>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
