import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { usePublicConfig } from '../../lib/public-config';
import { safeRedirect } from '../../lib/safe-redirect';
import { startSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { inWechat } from '../../lib/wechat';
import { wechatAuthorizeUrl, wechatBindTicket, wechatMpAuthorizeUrl, wechatScan } from './api';
import s from './auth.module.css';

/** Only after a scan no account is linked to: loaded then, not with every login page (the first-load budget). */
const WechatSignUp = lazy(() => import('./WechatSignUp').then((m) => ({ default: m.WechatSignUp })));

/** Where a WeChat round trip stands on the login page. */
export type WechatState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'cancelled' }
  | { kind: 'unlinked'; name: string; ticket: string; redirect: string }
  | { kind: 'error'; message: string };

/**
 * The login page's side of WeChat login (spec 7.1 wxScan): WeChat sends the browser back to
 * /login?wx=1&code&state. The code is taken out of the address at once (a reload never replays it) and
 * posted; a linked account is logged in, an unlinked WeChat is remembered until the person logs in here.
 */
export function useWechatReturn(): [WechatState, (s: WechatState) => void] {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const returning = params.get('wx') === '1';
  const [state, setState] = useState<WechatState>(() => (returning ? (params.get('code') ? { kind: 'checking' } : { kind: 'cancelled' }) : { kind: 'none' }));
  const handled = useRef(false);

  useEffect(() => {
    if (!returning || handled.current) return;
    handled.current = true;
    const code = params.get('code');
    const wxState = params.get('state') ?? '';
    setParams(
      (p) => {
        for (const k of ['wx', 'code', 'state']) p.delete(k);
        return p;
      },
      { replace: true },
    );
    if (!code) return;
    wechatScan({ code, appType: 1, state: wxState }).then(
      (res) => {
        if (res.bound && res.token && res.user && res.expiresAt) {
          startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
          notify.success(t('auth:wechat.loggedIn'));
          void navigate(safeRedirect(res.redirect), { replace: true });
        } else setState({ kind: 'unlinked', name: res.wechatName, ticket: res.ticket ?? '', redirect: res.redirect });
      },
      (error: unknown) => setState({ kind: 'error', message: errorMessage(error, t('auth:wechat.failed')) }),
    );
  }, [returning, params, setParams, navigate, t]);

  return [state, setState];
}

/** After a password or SMS login: links the WeChat of an unlinked scan; a failure says so and carries on. */
export async function linkAfterLogin(state: WechatState, t: (k: 'auth:wechat.linked' | 'auth:wechat.failed') => string): Promise<string | null> {
  if (state.kind !== 'unlinked') return null;
  try {
    await wechatBindTicket(state.ticket);
    notify.success(t('auth:wechat.linked'));
  } catch (error) {
    notify.error(errorMessage(error, t('auth:wechat.failed')));
  }
  return state.redirect;
}

/** What the round trip says above the forms. */
export function WechatNotice({ state }: { state: WechatState }) {
  const { t } = useTranslation();
  if (state.kind === 'checking') return <FormAlert tone="info" message={t('auth:wechat.checking')} />;
  if (state.kind === 'cancelled') return <FormAlert tone="info" message={t('auth:wechat.cancelled')} />;
  if (state.kind === 'unlinked')
    return (
      <Suspense fallback={null}>
        <WechatSignUp ticket={state.ticket} name={state.name} passwordBelow />
      </Suspense>
    );
  if (state.kind === 'error') return <FormAlert message={state.message} />;
  return null;
}

/** "Log in with WeChat": off when the site has no WeChat login; the simulation says it is one. */
export function WechatButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // inside WeChat's browser the official account signs in with one tap; elsewhere the website QR login
  const mp = inWechat() && !!config && config.wechatMp !== 'off';
  if (!config || (config.wechatLogin === 'off' && !mp)) return null;

  const go = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    (mp ? wechatMpAuthorizeUrl('login', redirect) : wechatAuthorizeUrl(redirect)).then(
      (url) => window.location.assign(url),
      (e: unknown) => {
        setBusy(false);
        setError(errorMessage(e, t('auth:wechat.failed')));
      },
    );
  };

  return (
    <div className={s.alt}>
      <p className={s.altLabel}>{t('auth:wechat.or')}</p>
      {error ? <FormAlert message={error} /> : null}
      <button
        type="button"
        className={`${btn.secondary} ${btn.block} ${s.wechat}`}
        onClick={go}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 16.5l2.5-1.3c.8.2 1.6.4 2.5.4h.5a5 5 0 0 1-.2-1.4C9.3 11 12.3 8.5 16 8.5h.4C15.8 5.9 12.7 4 9 4Zm-2.5 3.3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm5 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8ZM16 9.5c-3.3 0-6 2.2-6 4.9s2.7 4.9 6 4.9c.7 0 1.4-.1 2-.3l2 1-.5-1.8c1.5-.9 2.5-2.3 2.5-3.8 0-2.7-2.7-4.9-6-4.9Zm-2 2.7a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z"
          />
        </svg>
        {busy ? t('auth:wechat.starting') : t(mp ? 'auth:wechat.buttonInWechat' : 'auth:wechat.button')}
      </button>
      {/* inside WeChat there is no QR to scan: the hint names the official account's sign-in (issue 34) */}
      {(mp ? config.wechatMp : config.wechatLogin) === 'simulated' ? (
        <p className={s.altHint}>{t(mp ? 'auth:wechat.simulatedMp' : 'auth:wechat.simulated')}</p>
      ) : null}
    </div>
  );
}
