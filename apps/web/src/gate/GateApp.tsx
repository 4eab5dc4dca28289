import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { gateCode, groupShortCode } from '@rp/shared/rules/tickets';
import { api, errorMessage } from '../lib/api-client';
import { ensureUserLoaded } from '../lib/auth-actions';
import { formatCount, formatDateTime } from '../lib/format';
import { setLanguage } from '../lib/i18n';
import { hasPermission, useSession } from '../lib/session';
import { useLang } from '../lib/use-lang';
import { sessionLabel } from '../admin/pages/checkin-session';
import type { GateEngine, Verdict } from './engine';
import { startCamera } from './camera';
import s from './gate.module.css';
// the verdict looks as at the admin's check-in screen
import v from '../admin/pages/checkin.module.css';

const GATE_NAME_KEY = 'gate.name';
interface SessionRow {
  id: number;
  nameZh: string;
  nameEn: string;
  kind: string;
  activityId: number | null;
}
interface Named {
  id: number;
  nameZh: string;
  nameEn: string;
}

/** The offline gate (issue 38): set up once with the staff member's account, then scan with or without network. */
export default function GateApp({ engine }: { engine: GateEngine }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useSyncExternalStore(engine.subscribe, engine.snapshot);
  useEffect(() => {
    void engine.load();
    const online = () => engine.schedule(0);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      engine.stop();
    };
  }, [engine]);

  return (
    <main className={s.page}>
      <header className={s.head}>
        <h1 className={s.title}>{t('gate:title')}</h1>
        <button type="button" className={s.link} lang={lang === 'en' ? 'zh-CN' : 'en'} onClick={() => void setLanguage(lang === 'en' ? 'zh' : 'en')}>
          {lang === 'en' ? t('common:lang.zh') : t('common:lang.en')}
        </button>
      </header>
      {state.phase === 'loading' ? <p>{t('gate:loading')}</p> : null}
      {state.phase === 'setup' || state.phase === 'downloading' ? <Setup engine={engine} /> : null}
      {state.phase === 'ready' ? <Scanner engine={engine} /> : null}
    </main>
  );
}

function Setup({ engine }: { engine: GateEngine }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useSyncExternalStore(engine.subscribe, engine.snapshot);
  const { token, user } = useSession();
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const [activities, setActivities] = useState<Named[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [gate, setGate] = useState(() => localStorage.getItem(GATE_NAME_KEY) ?? '');
  const [error, setError] = useState('');
  const allowed = hasPermission(user, 'checkin.scan');

  useEffect(() => {
    void ensureUserLoaded();
  }, [token]);
  useEffect(() => {
    if (!token || !allowed) return;
    const quiet = { silent: true, noRedirect: true } as const;
    // the sessions this person may run a gate for (a regional organiser: their activities' only)
    api
      .get<{ content: SessionRow[] }>('/api/admin/options/sessions', quiet)
      .then((r) => setSessions(r.content.filter((x) => x.kind !== 'online')))
      .catch((e: unknown) => setError(errorMessage(e, t('gate:setup.failed'))));
    api
      .get<{ content: Named[] }>('/api/admin/options/activities', quiet)
      .then((r) => setActivities(r.content))
      .catch(() => undefined);
  }, [token, allowed, t]);

  const ready = async () => {
    setError('');
    if (!sessionId || !gate.trim()) return setError(t('gate:setup.missing'));
    try {
      const r = await api.post<{ data: { token: string; device: { id: number; gate: string; sessionId: number; sessionName: string; expiresAt: string } } }>(
        '/api/admin/gate/devices',
        { sessionId: Number(sessionId), gate: gate.trim() },
        { silent: true, noRedirect: true },
      );
      await engine.download(r.data);
    } catch (e) {
      setError(errorMessage(e, t('gate:setup.failed')));
    }
  };

  const wiped = state.wiped ? <p className={s.notice}>{t(state.wiped === 'revoked' ? 'gate:wiped.revoked' : 'gate:wiped.signedOut')}</p> : null;
  if (!token)
    return (
      <section className={s.card}>
        {wiped}
        <p>{t('gate:setup.signInFirst')}</p>
        <a className={s.primary} href="/login?redirect=%2Fgate">
          {t('gate:setup.signIn')}
        </a>
      </section>
    );
  if (user && !allowed)
    return (
      <section className={s.card}>
        <p>{t('gate:setup.notStaff')}</p>
      </section>
    );
  const downloading = state.phase === 'downloading';
  const picked = sessions?.find((x) => String(x.id) === sessionId);
  return (
    <section className={s.card}>
      {wiped}
      <p>{t('gate:setup.intro')}</p>
      <label className={s.field}>
        <span>{t('gate:setup.gate')}</span>
        <input
          value={gate}
          maxLength={40}
          disabled={downloading}
          onChange={(e) => {
            setGate(e.target.value);
            localStorage.setItem(GATE_NAME_KEY, e.target.value);
          }}
        />
      </label>
      <label className={s.field}>
        <span>{t('gate:setup.session')}</span>
        <select value={sessionId} disabled={downloading || !sessions} onChange={(e) => setSessionId(e.target.value)}>
          <option value="">{sessions ? t('gate:setup.pick') : t('gate:loading')}</option>
          {(sessions ?? []).map((x) => (
            <option key={x.id} value={x.id}>
              {sessionLabel(x, activities, lang)}
            </option>
          ))}
        </select>
      </label>
      {/* a phone's select cuts a long name: the chosen session in full */}
      {picked ? <p className={s.where}>{sessionLabel(picked, activities, lang)}</p> : null}
      <button type="button" className={s.primary} disabled={downloading} onClick={() => void ready()}>
        {t('gate:setup.ready')}
      </button>
      {state.progress ? (
        <div className={s.progress}>
          <progress
            value={state.progress.done}
            max={Math.max(state.progress.total, 1)}
            aria-label={t('gate:setup.progressLabel')}
            data-testid="gate-progress"
          />
          <span>{t('gate:setup.progress', { done: formatCount(state.progress.done, lang), total: formatCount(state.progress.total, lang) })}</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Scanner({ engine }: { engine: GateEngine }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useSyncExternalStore(engine.subscribe, engine.snapshot);
  const meta = state.meta!;
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ code: string; at: number } | null>(null);

  const submit = (raw: string, fromCamera = false) => {
    const c = raw.trim();
    if (!c) return;
    // a code still in front of the camera is read many times a second: once, until it has been away 10 s
    if (fromCamera && last.current?.code === c && Date.now() - last.current.at < 10_000) {
      last.current.at = Date.now();
      return;
    }
    last.current = { code: c, at: Date.now() };
    void engine.scan(c);
    if (!fromCamera) {
      setCode('');
      field.current?.focus();
    }
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;

  useEffect(() => {
    if (!camera || !video.current) return;
    const stop = startCamera(video.current, (text) => submitRef.current(text, true));
    stop.failed.then(
      () => {
        setCameraError(true);
        setCamera(false);
      },
      () => undefined,
    );
    return stop.stop;
  }, [camera]);

  const signOut = async () => {
    if (state.waiting > 0) await engine.tick();
    if (engine.state.waiting > 0 && !window.confirm(t('gate:signOutWaiting', { count: engine.state.waiting }))) return;
    await engine.signOut();
  };

  return (
    <>
      <p className={s.where}>
        <strong>{meta.gate}</strong> · {meta.sessionName}
      </p>
      <p className={state.online ? s.online : s.offline} role="status" data-testid="gate-network">
        {state.online ? t('gate:online') : t('gate:offline')}
        {state.waiting > 0 ? ` · ${t('gate:waiting', { count: state.waiting })}` : ''}
      </p>
      {state.conflicts > 0 ? <p className={s.notice}>{t('gate:conflicts', { count: state.conflicts })}</p> : null}
      <div role="status" aria-live="assertive">
        {state.verdict ? <VerdictBox verdict={state.verdict} /> : null}
      </div>
      <label className={s.field} htmlFor="gate-code">
        <span>{t('gate:code')}</span>
      </label>
      <div className={s.row}>
        <input
          id="gate-code"
          ref={field}
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(code);
          }}
        />
        <button type="button" className={s.primary} onClick={() => submit(code)}>
          {t('gate:admit')}
        </button>
      </div>
      <button type="button" className={s.secondary} onClick={() => setCamera(!camera)}>
        {camera ? t('gate:stopCamera') : t('gate:startCamera')}
      </button>
      {cameraError ? <p className={s.error}>{t('gate:noCamera')}</p> : null}
      {camera ? <video ref={video} className={v.video} muted playsInline aria-label={t('gate:cameraLabel')} /> : null}
      <footer className={s.foot}>
        <span>{t('gate:onDevice', { count: meta.total, n: formatCount(meta.total, lang) })}</span>
        <span>{t('gate:until', { time: formatDateTime(meta.expiresAt, lang) })}</span>
        <button type="button" className={s.link} onClick={() => void signOut()}>
          {t('gate:signOut')}
        </button>
      </footer>
    </>
  );
}

function VerdictBox({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  const lang = useLang();
  const ok = verdict.kind === 'admitted';
  let text: string;
  if (verdict.kind === 'admitted')
    text = verdict.count > 1 ? t('gate:admittedGroup', { count: verdict.count, name: verdict.name }) : t('gate:admitted', { name: verdict.name });
  else if (verdict.kind === 'used')
    text = t('gate:used', { name: verdict.name, time: formatDateTime(verdict.at, lang), gate: verdict.gate || t('gate:noGate') });
  else if (verdict.kind === 'unknown') {
    const read = gateCode(verdict.code);
    text = t('gate:unknown', { code: read?.kind === 'short' ? groupShortCode(read.code) : verdict.code });
  } else text = verdict.message;
  const offline = verdict.kind !== 'refused' && verdict.offline;
  return (
    <div className={`${v.verdict} ${ok ? v.ok : v.bad}`} data-testid="gate-verdict">
      <div data-testid="gate-verdict-text">{text}</div>
      {offline ? <div className={v.detail}>{t('gate:decidedHere')}</div> : null}
    </div>
  );
}
