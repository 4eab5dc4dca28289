import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useLang } from '../../lib/use-lang';
import { askQuestion, consultKeys, fetchNewLines, HELP_POLL_MS, QUESTION_MAX, type Conversation as Lines } from './api';
import s from './conversation.module.css';

/**
 * The signed-in member's conversation; with `poll`, asked every HELP_POLL_MS whether anything is new (a 304
 * without a body when not). The help panel polls while it is open, whatever tab is shown (spec 2.3); the
 * tab's own view then reads the same cache without a second timer.
 */
export function useConversationLines(poll: boolean) {
  const { user } = useSession();
  const qc = useQueryClient();
  const key = consultKeys.lines(user?.id ?? 0);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchNewLines(qc.getQueryData<Lines>(key), signal),
    enabled: !!user,
    refetchInterval: poll ? HELP_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** Polls the conversation while mounted and shows nothing (the help panel, spec 2.3). */
export function ConversationPoll() {
  useConversationLines(true);
  return null;
}

/**
 * A member's conversation with the organisers (spec 2.3, 2.9; issue 12): the help widget's consultation
 * tab and the user center's consultation history. While shown it asks every 10 s whether anything is new
 * (a 304 without a body when not); plain HTML, so the public pages' widget stays free of antd.
 */
export function Conversation({ compact = false, poll = true }: { compact?: boolean; poll?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const location = useLocation();
  const inputId = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lines = useConversationLines(poll);
  const send = useMutation({
    mutationFn: (content: string) => askQuestion(content),
    onSuccess: () => {
      setText('');
      setProblem(null);
      void lines.refetch();
    },
    // what was typed stays in the box
    onError: (e) => setProblem(errorMessage(e, t('help:consult.failed'))),
  });

  if (!user) {
    const back = `${location.pathname}${location.search}`;
    return (
      <div className={s.login}>
        <p>{t('help:consult.loginHint')}</p>
        <Link className={s.button} to={`/login?redirect=${encodeURIComponent(back)}`}>
          {t('help:consult.login')}
        </Link>
      </div>
    );
  }

  const submit = () => {
    const content = text.trim();
    if (!content) return setProblem(t('help:consult.empty'));
    if (content.length > QUESTION_MAX) return setProblem(t('help:consult.tooLong', { max: QUESTION_MAX }));
    send.mutate(content);
  };
  const items = lines.data?.lines ?? [];

  return (
    <div className={compact ? `${s.wrap} ${s.compact}` : s.wrap}>
      {lines.isError ? <p className={s.problem}>{t('help:consult.loadFailed')}</p> : null}
      <ol className={s.lines} aria-label={t('help:consult.history')} aria-live="polite">
        {items.length === 0 && lines.isSuccess ? <li className={s.empty}>{t('help:consult.none')}</li> : null}
        {items.map((l) => (
          <li key={l.id} className={l.mine ? s.mine : s.theirs}>
            <span className={s.who}>
              {l.mine ? t('help:consult.me') : t('help:consult.staff')} · {formatDateTime(l.createdAt, lang)}
            </span>
            <span className={s.bubble}>{l.content}</span>
          </li>
        ))}
      </ol>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId}>{t('help:consult.question')}</label>
        <textarea
          id={inputId}
          rows={compact ? 3 : 4}
          value={text}
          maxLength={QUESTION_MAX}
          aria-describedby={counterId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
        />
        <div className={s.row}>
          <span id={counterId} className={s.counter}>
            {t('help:consult.counter', { n: text.length, max: QUESTION_MAX })}
          </span>
          <button type="submit" className={s.button} disabled={send.isPending}>
            {t('help:consult.send')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className={s.problem}>
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
