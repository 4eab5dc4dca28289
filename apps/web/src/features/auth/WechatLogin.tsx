import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import type { WxSignUpResponse } from '../../lib/contract';
import { wechatAuthorizeUrl, wechatBindTicket, wechatMpAuthorizeUrl, wechatScan, wechatSignUp } from './api';
import { PhoneCodeFields } from './SmsCodeButton';
import { useAction } from './useAction';
import { useFormErrors } from './useFormErrors';
import { checkPhone, checkSmsCode } from './validation';
import s from './auth.module.css';

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
  if (state.kind === 'unlinked') return <WechatSignUp ticket={state.ticket} name={state.name} passwordBelow />;
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

/**
 * A WeChat no account is linked to (a scan, or the official account inside WeChat): the phone number and its
 * code are all it takes — a new account is made, signed in and linked. When the phone already has an account
 * the server asks first (issue 33): "Link WeChat ‹name› to the account of 138****1234?", and only a yes links
 * it. Logging in with a password below links it too.
 */
export function WechatSignUp({ ticket, name, passwordBelow = false }: { ticket: string; name: string; passwordBelow?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState<{ phone: string; wechatName: string } | null>(null);
  const [declined, setDeclined] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const { busy, run } = useAction();
  const form = useFormErrors<'phone' | 'code'>();

  const finish = (res: WxSignUpResponse) => {
    if ('confirm' in res) return setAsking(res.confirm);
    startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
    notify.success(t(res.created ? 'auth:wechat.signedUp' : 'auth:wechat.linked'));
    void navigate(safeRedirect(res.redirect), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.applyChecks({ phone: checkPhone(phone), code: checkSmsCode(code) })) return;
    setDeclined(false);
    void run(async () => finish(await wechatSignUp({ ticket, phone: phone.trim(), code: code.trim() })), form.applyServerError);
  };

  const confirm = () => {
    if (busy) return;
    setConfirmError(null);
    void run(
      async () => finish(await wechatSignUp({ ticket, confirm: true })),
      (error: unknown) => setConfirmError(errorMessage(error, t('auth:wechat.failed'))),
    );
  };

  if (asking)
    return (
      <section className={s.wechatSignUp} aria-labelledby="wx-confirm-title">
        <h2 id="wx-confirm-title" className={s.wechatSignUpTitle}>
          {t('auth:wechat.confirmTitle', { name: asking.wechatName || name, phone: asking.phone })}
        </h2>
        <p className={s.altHint}>{t('auth:wechat.confirmLead')}</p>
        <div className={s.form}>
          <FormAlert message={confirmError} />
          <button type="button" className={`${btn.primary} ${btn.block}`} onClick={confirm} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? t('auth:wechat.confirmYesBusy') : t('auth:wechat.confirmYes')}
          </button>
          <button
            type="button"
            className={`${btn.secondary} ${btn.block}`}
            onClick={() => {
              setAsking(null);
              setDeclined(true);
              setCode('');
            }}
          >
            {t('auth:wechat.confirmNo')}
          </button>
        </div>
      </section>
    );

  return (
    <section className={s.wechatSignUp} aria-labelledby="wx-signup-title">
      <h2 id="wx-signup-title" className={s.wechatSignUpTitle}>
        {t('auth:wechat.signUpTitle', { name })}
      </h2>
      <p className={s.altHint}>{t('auth:wechat.signUpLead')}</p>
      {declined ? <FormAlert tone="info" message={t('auth:wechat.declined')} /> : null}
      <form ref={form.formRef} noValidate onSubmit={submit} className={s.form}>
        <FormAlert message={form.formError} />
        <PhoneCodeFields form={form} purpose="wechat" phone={phone} setPhone={setPhone} code={code} setCode={setCode} />
        <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? t('auth:wechat.signUpSubmitting') : t('auth:wechat.signUpSubmit')}
        </button>
      </form>
      {passwordBelow ? <p className={s.altHint}>{t('auth:wechat.orPassword')}</p> : null}
    </section>
  );
}
