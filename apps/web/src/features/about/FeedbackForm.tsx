import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MAX } from '@rp/shared/limits';
import { api, errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import s from './about.module.css';

/** A message to the organisers (spec 7.7 lAbout/web/add; spec 5: login needed). Plain HTML: the public page carries no antd. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const contentId = useId();
  const contactId = useId();
  const counterId = useId();
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const heading = (
    <h2 id="about-feedback-title" className={s.title}>
      {t('feedback:title')}
    </h2>
  );
  if (!user) {
    const back = `${location.pathname}${location.search}#about-feedback`;
    return (
      <section id="about-feedback" className={s.section} aria-labelledby="about-feedback-title">
        {heading}
        <p>{t('feedback:loginHint')}</p>
        <Link className={btn.primary} to={`/login?redirect=${encodeURIComponent(back)}`}>
          {t('feedback:login')}
        </Link>
      </section>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return setProblem(t('feedback:empty'));
    if (text.length > FEEDBACK_MAX) return setProblem(t('feedback:tooLong', { max: FEEDBACK_MAX }));
    setBusy(true);
    setProblem(null);
    try {
      await api.post('/api/lAbout/web/add', { content: text, ...(contact.trim() ? { contact: contact.trim() } : {}) }, { silent: true });
      setContent('');
      setSent(true);
    } catch (err) {
      const field = isApiError(err) ? Object.values(err.fieldErrors ?? {})[0] : undefined;
      setProblem(field ?? errorMessage(err, t('feedback:failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="about-feedback" className={s.section} aria-labelledby="about-feedback-title">
      {heading}
      <p className={s.lead}>{t('feedback:lead')}</p>
      <form className={s.form} onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={contentId}>{t('feedback:content')}</label>
        <textarea
          id={contentId}
          rows={5}
          value={content}
          maxLength={FEEDBACK_MAX}
          aria-describedby={counterId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setContent(e.target.value);
            setSent(false);
          }}
        />
        <span id={counterId} className={s.counter}>
          {t('feedback:counter', { length: content.length, max: FEEDBACK_MAX })}
        </span>
        <label htmlFor={contactId}>{t('feedback:contact')}</label>
        <input id={contactId} type="text" value={contact} maxLength={100} autoComplete="email" onChange={(e) => setContact(e.target.value)} />
        {problem ? (
          <p className={s.problem} role="alert">
            {problem}
          </p>
        ) : null}
        {sent ? (
          <p className={s.sent} role="status">
            {t('feedback:sent')}
          </p>
        ) : null}
        <div>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t('feedback:sending') : t('feedback:send')}
          </button>
        </div>
      </form>
    </section>
  );
}
