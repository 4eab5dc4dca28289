import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { clearSession, startSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { PolicyCheckbox } from '../../ui/PolicyCheckbox';
import { isPhoneRegistered, register, resetPassword } from './api';
import { AuthShell } from './AuthShell';
import { PhoneCodeFields } from './SmsCodeButton';
import { useAction } from './useAction';
import { useFormErrors } from './useFormErrors';
import { AFTER_REGISTER, withRedirect } from './redirect';
import { PASSWORD_MAX } from '@rp/shared/limits';
import { checkConfirm, checkNewPassword, checkNickName, checkPhone, checkSmsCode } from './validation';
import s from './auth.module.css';

type Field = 'phone' | 'code' | 'nickName' | 'password' | 'confirm' | 'acceptPrivacy';

/**
 * /regist: account registration, which logs the new member in and goes on to ?redirect= (or the
 * personal center); /regist?mode=reset: forgotten password (phone + SMS code + new password), which
 * ends on /login with the phone prefilled.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const reset = params.get('mode') === 'reset';
  // A different key per mode: switching between them starts a clean form.
  return <RegisterForm key={reset ? 'reset' : 'register'} reset={reset} prefill={params.get('phone') ?? ''} redirect={params.get('redirect')} />;
}

function RegisterForm({ reset, prefill, redirect }: { reset: boolean; prefill: string; redirect: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const [phone, setPhone] = useState(prefill);
  const [code, setCode] = useState('');
  const [nickName, setNickName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // issue 37: never pre-ticked; the server refuses a sign-up without it
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const { busy, run } = useAction();
  const [phoneTaken, setPhoneTaken] = useState(false);
  const form = useFormErrors<Field>();

  // Registering an existing number would fail at the end; say so as soon as the number is complete.
  const checkRegistered = () => {
    if (reset || checkPhone(phone)) return;
    isPhoneRegistered(phone.trim()).then(setPhoneTaken, () => setPhoneTaken(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ok = form.applyChecks({
      phone: checkPhone(phone),
      code: checkSmsCode(code),
      nickName: reset ? undefined : checkNickName(nickName),
      password: checkNewPassword(password),
      confirm: checkConfirm(password, confirm),
      acceptPrivacy: reset || acceptPrivacy ? undefined : 'common:policy.acceptPrivacyRequired',
    });
    if (!ok) return;
    void run(async () => {
      if (reset) {
        await resetPassword({ phone: phone.trim(), code: code.trim(), password });
        // Every session of the account is revoked by the server; forget ours too.
        clearSession();
        notify.success(t('auth:reset.success'));
        void navigate(`/login?phone=${encodeURIComponent(phone.trim())}`, { replace: true });
      } else {
        const res = await register({ phone: phone.trim(), code: code.trim(), nickName: nickName.trim(), password, acceptPrivacy: true });
        startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
        notify.success(t('auth:register.welcome', { name: res.user.nickName || nickName.trim() }));
        void navigate(safeRedirect(redirect, AFTER_REGISTER), { replace: true });
      }
    }, form.applyServerError);
  };

  const footer = reset ? (
    <Link to="/login">{t('auth:reset.backToLogin')}</Link>
  ) : (
    <>
      <span>{t('auth:register.hasAccount')}</span> <Link to={withRedirect('/login', redirect)}>{t('auth:register.loginLink')}</Link>
    </>
  );

  return (
    <AuthShell
      titleId={titleId}
      title={reset ? t('auth:reset.heading') : t('auth:register.heading')}
      intro={reset ? t('auth:reset.intro') : t('auth:register.intro')}
      footer={footer}
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className={s.form}>
        <FormAlert message={form.formError} />
        <PhoneCodeFields
          form={form}
          purpose={reset ? 'password' : 'register'}
          phone={phone}
          setPhone={(v) => {
            setPhone(v);
            setPhoneTaken(false);
          }}
          onPhoneBlur={checkRegistered}
          code={code}
          setCode={setCode}
          phoneNote={
            phoneTaken ? (
              <p className={s.notice} role="status">
                {t('auth:register.phoneTaken')}{' '}
                <Link to={withRedirect(`/login?phone=${encodeURIComponent(phone.trim())}`, redirect)}>{t('auth:register.loginLink')}</Link>
              </p>
            ) : null
          }
        />
        {reset ? null : (
          <TextField label={t('auth:register.nickName')} autoComplete="nickname" maxLength={40} required {...form.bind('nickName', nickName, setNickName)} />
        )}
        <TextField
          label={reset ? t('auth:reset.newPassword') : t('auth:register.password')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          required
          hint={t('auth:register.passwordHint')}
          {...form.bind('password', password, setPassword)}
        />
        <TextField
          label={reset ? t('auth:reset.confirmPassword') : t('auth:register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          required
          {...form.bind('confirm', confirm, setConfirm)}
        />
        {reset ? null : (
          <PolicyCheckbox
            name="acceptPrivacy"
            labelKey="common:policy.acceptPrivacy"
            checked={acceptPrivacy}
            onChange={(v) => {
              setAcceptPrivacy(v);
              form.clearField('acceptPrivacy');
            }}
            error={form.fieldErrors.acceptPrivacy}
          />
        )}
        <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {reset ? (busy ? t('auth:reset.submitting') : t('auth:reset.submit')) : busy ? t('auth:register.submitting') : t('auth:register.submit')}
        </button>
      </form>
    </AuthShell>
  );
}
