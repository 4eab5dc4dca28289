import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { btn } from '../../ui/buttons';
import s from './PlaceholderPage.module.css';

/** A route whose screen comes in a later issue: its title, a short note and a way home. Never blank. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className={s.wrap} aria-labelledby="placeholder-title">
      <span className={s.badge}>{t('common:placeholder.eyebrow')}</span>
      <h1 id="placeholder-title" className={s.title}>
        {t(titleKey)}
      </h1>
      <p className={s.body}>{t('common:placeholder.body')}</p>
      <p className={s.hint}>{t('common:placeholder.hint')}</p>
      <Link to="/home" className={btn.primary}>
        {t('common:actions.backHome')}
      </Link>
    </section>
  );
}
