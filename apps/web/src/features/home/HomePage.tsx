import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useLang } from '../../lib/use-lang';
import { btn } from '../../ui/buttons';
import { HomeBlocks, PartnersStrip } from './HomeBlocks';
import type { HomeData } from './loader';
import s from './HomePage.module.css';

const CARDS = [
  { key: 'activity', to: '/activity', titleKey: 'home:explore.activity.title', bodyKey: 'home:explore.activity.body', icon: 'flag' },
  { key: 'news', to: '/news', titleKey: 'home:explore.news.title', bodyKey: 'home:explore.news.body', icon: 'news' },
  { key: 'program', to: '/program', titleKey: 'home:explore.program.title', bodyKey: 'home:explore.program.body', icon: 'robot' },
  { key: 'pictures', to: '/pasted', titleKey: 'home:explore.pictures.title', bodyKey: 'home:explore.pictures.body', icon: 'photo' },
] as const;

/** The counts on the hero, from the database; a count of zero is left out rather than boasted. */
const STATS = [
  { key: 'activities', labelKey: 'home:hero.stats.activities' },
  { key: 'programs', labelKey: 'home:hero.stats.programs' },
  { key: 'venues', labelKey: 'home:hero.stats.venues' },
  { key: 'teams', labelKey: 'home:hero.stats.teams' },
  { key: 'players', labelKey: 'home:hero.stats.players' },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const data = useLoaderData() as HomeData;
  const lang = useLang();
  const number = new Intl.NumberFormat(lang === 'en' ? 'en' : 'zh-CN');
  const stats = data.stats ? STATS.map((st) => ({ ...st, value: data.stats![st.key] })).filter((st) => st.value > 0) : [];
  return (
    <>
      <section className={s.hero} aria-labelledby="home-title">
        <div className={s.heroInner}>
          <div className={s.heroText}>
            <p className={s.eyebrow}>{t('home:hero.eyebrow', { year: data.season })}</p>
            <h1 id="home-title" className={s.title}>
              {t('home:hero.title')}
            </h1>
            <p className={s.lead}>{t('home:hero.lead')}</p>
            <div className={s.ctas}>
              <Link to="/activity" className={btn.accent}>
                {t('home:hero.primary')}
              </Link>
              <Link to="/program" className={btn.ghostLight}>
                {t('home:hero.secondary')}
              </Link>
            </div>
          </div>
          <HeroArt className={s.art} />
        </div>
        {stats.length ? (
          <>
            <h2 className="visually-hidden">{t('home:hero.statsLabel')}</h2>
            <dl className={s.stats} data-testid="home-stats">
              {stats.map((stat) => (
                <div key={stat.key} className={s.stat}>
                  <dt>{t(stat.labelKey, { count: stat.value })}</dt>
                  <dd>{number.format(stat.value)}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </section>

      <section className={s.section} aria-labelledby="home-explore">
        <h2 id="home-explore" className={s.sectionTitle}>
          {t('home:explore.title')}
        </h2>
        <ul className={s.cards}>
          {CARDS.map((card) => (
            <li key={card.key} className={s.card}>
              <span className={`${s.cardIcon} ${s[card.icon]}`} aria-hidden="true" />
              <h3 className={s.cardTitle}>
                <Link to={card.to} className={s.cardLink}>
                  {t(card.titleKey)}
                </Link>
              </h3>
              <p className={s.cardBody}>{t(card.bodyKey)}</p>
              <span className={s.cardMore} aria-hidden="true">
                {t('home:explore.more')} →
              </span>
            </li>
          ))}
        </ul>
      </section>

      <HomeBlocks data={data} />

      {user ? null : (
        <section className={s.join} aria-labelledby="home-join">
          <div>
            <h2 id="home-join" className={s.joinTitle}>
              {t('home:join.title')}
            </h2>
            <p>{t('home:join.body')}</p>
          </div>
          <Link to="/regist" className={btn.primary}>
            {t('home:join.cta')}
          </Link>
        </section>
      )}

      <PartnersStrip partners={data.partners} />
    </>
  );
}

/** Decorative robot-and-circuit illustration. */
function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 360 300" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-glow" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#3b6fd1" />
          <stop offset="1" stopColor="#1f4e9c" />
        </linearGradient>
      </defs>
      <g stroke="rgba(255,255,255,.25)" strokeWidth="2" fill="none">
        <path d="M10 250h80l30-30h60M250 40h60l30 30v60M20 60h50l20 20v50" />
        <circle cx="90" cy="250" r="5" />
        <circle cx="310" cy="40" r="5" />
        <circle cx="70" cy="60" r="5" />
      </g>
      <rect x="110" y="70" width="160" height="130" rx="34" fill="url(#hero-glow)" stroke="#fff" strokeWidth="4" />
      <rect x="184" y="30" width="12" height="40" rx="6" fill="#fff" />
      <circle cx="190" cy="28" r="13" fill="#f59e0b" />
      <circle cx="155" cy="128" r="20" fill="#fff" />
      <circle cx="225" cy="128" r="20" fill="#fff" />
      <circle cx="159" cy="130" r="9" fill="#0f2a55" />
      <circle cx="229" cy="130" r="9" fill="#0f2a55" />
      <rect x="160" y="166" width="60" height="10" rx="5" fill="#f59e0b" />
      <rect x="130" y="210" width="120" height="56" rx="18" fill="#fff" opacity=".95" />
      <rect x="80" y="214" width="40" height="16" rx="8" fill="#fff" opacity=".85" />
      <rect x="260" y="214" width="40" height="16" rx="8" fill="#fff" opacity=".85" />
      <circle cx="160" cy="238" r="8" fill="#1f4e9c" />
      <circle cx="190" cy="238" r="8" fill="#f59e0b" />
      <circle cx="220" cy="238" r="8" fill="#1f4e9c" />
    </svg>
  );
}
