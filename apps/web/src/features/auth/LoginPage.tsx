import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_MAX_LENGTH } from '@rp/shared/limits';
import type { CaptchaResponse, LoginResponse } from '../../lib/contract';
import { POINT_COOKIE } from '../../lib/api-client';
import { getCookie, removeCookie } from '../../lib/cookies';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { startSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import { Checkbox } from '../../ui/Checkbox';
import { FormAlert } from '../../ui/FormAlert';
import { useTabs, type TabItem } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { fetchCaptcha, loginWithPassword, loginWithSms } from './api';
import { AuthShell } from './AuthShell';
import { afterLoginFallback, withRedirect } from './redirect';
import { PhoneCodeFields } from './SmsCodeButton';
import { useAction } from './useAction';
import { useFormErrors } from './useFormErrors';
import { linkAfterLogin, useWechatReturn, WechatButton, WechatNotice } from './WechatLogin';
import { checkCaptcha, checkPhone, checkRequired, checkSmsCode } from './validation';
import s from './auth.module.css';

type Mode = 'password' | 'sms';

export interface LoginLoaderData {
  captcha: CaptchaResponse | null;
}

/** The first captcha comes with the route; later ones are fetched on demand (single use, 2 min). */
export async function loader({ request }: { request: Request }): Promise<LoginLoaderData> {
  try {
    return { captcha: await fetchCaptcha(request.signal) };
  } catch {
    return { captcha: null };
  }
}

export default function LoginPage() {
  const { t } = useTranslation();
  const initial = useLoaderData() as LoginLoaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const titleId = useId();
  const prefillPhone = params.get('phone') ?? '';
  const [mode, setMode] = useState<Mode>('password');
  const [info, setInfo] = useState<string | null>(null);
  const [wechat] = useWechatReturn();

  // Spec 8.1: the client leaves point=401 when the server ended the session; say so once.
  useEffect(() => {
    if (getCookie(POINT_COOKIE) === '401') {
      setInfo(t('auth:login.sessionExpired'));
      removeCookie(POINT_COOKIE);
    }
  }, [t]);

  const onSuccess = useCallback(
    async (res: LoginResponse, rememberMe: boolean) => {
      startSession({ token: res.token, user: res.user, rememberMe, expiresAt: res.expiresAt });
      notify.success(t('auth:login.success'));
      // a WeChat scanned before logging in is linked to this account now
      const wxRedirect = await linkAfterLogin(wechat, t);
      void navigate(safeRedirect(params.get('redirect') ?? wxRedirect, afterLoginFallback(res.user)), { replace: true });
    },
    [navigate, params, t, wechat],
  );

  const tabs: TabItem<Mode>[] = [
    { key: 'password', label: t('auth:login.tabPassword') },
    { key: 'sms', label: t('auth:login.tabSms') },
  ];
  const { tabList, panelProps } = useTabs(tabs, mode, setMode, t('auth:login.tabsLabel'));

  return (
    <AuthShell
      titleId={titleId}
      title={t('auth:login.heading')}
      intro={t('auth:login.intro')}
      footer={
        <>
          <span>{t('auth:login.noAccount')}</span> <Link to={withRedirect('/regist', params.get('redirect'))}>{t('auth:login.registerLink')}</Link>
        </>
      }
    >
      {info ? <FormAlert tone="info" message={info} /> : null}
      <WechatNotice state={wechat} />
      {tabList}
      {/* Both panels stay mounted so switching tabs keeps what the user typed. */}
      <div {...panelProps('password')} tabIndex={-1}>
        <PasswordForm prefill={prefillPhone} initialCaptcha={initial?.captcha ?? null} onSuccess={onSuccess} />
      </div>
      <div {...panelProps('sms')} tabIndex={-1}>
        <SmsForm prefill={prefillPhone} onSuccess={onSuccess} />
      </div>
      <WechatButton redirect={params.get('redirect')} />
    </AuthShell>
  );
}

type PasswordField = 'username' | 'password' | 'code';

function PasswordForm({
  prefill,
  initialCaptcha,
  onSuccess,
}: {
  prefill: string;
  initialCaptcha: CaptchaResponse | null;
  onSuccess: (res: LoginResponse, rememberMe: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(prefill);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(initialCaptcha);
  const { busy: captchaLoading, run: runCaptcha } = useAction();
  const { busy, run } = useAction();
  const form = useFormErrors<PasswordField>();
  const captchaEnabled = captcha?.enabled ?? true;

  const refreshCaptcha = useCallback(async () => {
    setCode('');
    await runCaptcha(
      async () => setCaptcha(await fetchCaptcha()),
      () => setCaptcha(null),
    );
  }, [runCaptcha]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ok = form.applyChecks({
      username: checkRequired(username),
      password: checkRequired(password),
      code: captchaEnabled ? checkCaptcha(code) : undefined,
    });
    if (!ok) return;
    void run(
      async () =>
        onSuccess(await loginWithPassword({ username: username.trim(), password, code: code.trim(), uuid: captcha?.uuid ?? '', rememberMe }), rememberMe),
      (error) => {
        form.applyServerError(error, { uuid: 'code' });
        // The captcha is spent after every attempt: fetch a new one; everything else stays as typed.
        void refreshCaptcha();
      },
    );
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className={s.form}>
      <FormAlert message={form.formError} />
      <TextField label={t('auth:login.account')} autoComplete="username" required {...form.bind('username', username, setUsername)} />
      <TextField label={t('auth:login.password')} type="password" autoComplete="current-password" required {...form.bind('password', password, setPassword)} />
      {captchaEnabled ? (
        <TextField
          label={t('auth:login.captcha')}
          autoComplete="off"
          inputMode="text"
          maxLength={CAPTCHA_MAX_LENGTH}
          required
          {...form.bind('code', code, setCode)}
          addon={
            <button
              type="button"
              className={s.captchaButton}
              onClick={() => void refreshCaptcha()}
              aria-label={captcha ? t('auth:login.captchaImage') : t('auth:login.captchaUnavailable')}
              aria-busy={captchaLoading || undefined}
            >
              {captcha ? <img src={captcha.img} alt="" width={120} height={44} /> : <span className={s.captchaRetry}>{t('common:actions.retry')}</span>}
            </button>
          }
        />
      ) : null}
      <div className={s.row}>
        <Checkbox label={t('auth:login.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <Link to="/regist?mode=reset">{t('auth:login.forgot')}</Link>
      </div>
      <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </form>
  );
}

type SmsField = 'phone' | 'code';

function SmsForm({ prefill, onSuccess }: { prefill: string; onSuccess: (res: LoginResponse, rememberMe: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(prefill);
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const { busy, run } = useAction();
  const form = useFormErrors<SmsField>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.applyChecks({ phone: checkPhone(phone), code: checkSmsCode(code) })) return;
    void run(async () => onSuccess(await loginWithSms({ phone: phone.trim(), code: code.trim(), rememberMe }), rememberMe), form.applyServerError);
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className={s.form}>
      <FormAlert message={form.formError} />
      <PhoneCodeFields form={form} purpose="login" phone={phone} setPhone={setPhone} code={code} setCode={setCode} />
      <div className={s.row}>
        <Checkbox label={t('auth:login.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
      </div>
      <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </form>
  );
}
