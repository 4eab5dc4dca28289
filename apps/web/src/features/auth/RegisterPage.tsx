import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { clearSession, startSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { isPhoneRegistered, register, resetPassword } from './api';
import { AuthShell } from './AuthShell';
import { SmsCodeField } from './SmsCodeButton';
import { useFormErrors } from './useFormErrors';
import { AFTER_REGISTER, withRedirect } from './redirect';
import { PASSWORD_MAX } from '@rp/shared/limits';
import { checkConfirm, checkNewPassword, checkNickName, checkPhone, checkSmsCode } from './validation';
import s from './auth.module.css';

type Field = 'phone' | 'code' | 'nickName' | 'password' | 'confirm';

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
  const [busy, setBusy] = useState(false);
  const [phoneTaken, setPhoneTaken] = useState(false);
  const form = useFormErrors<Field>();

  const validatePhone = () => {
    const key = checkPhone(phone);
    if (key) {
      form.setFieldErrors((prev) => ({ ...prev, phone: t(key) }));
      form.focusFirstInvalid();
    }
    return !key;
  };

  // Registering an existing number would fail at the end; say so as soon as the number is complete.
  const checkRegistered = async () => {
    if (reset || checkPhone(phone)) return;
    try {
      setPhoneTaken(await isPhoneRegistered(phone.trim()));
    } catch {
      setPhoneTaken(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ok = form.applyChecks({
      phone: checkPhone(phone),
      code: checkSmsCode(code),
      nickName: reset ? undefined : checkNickName(nickName),
      password: checkNewPassword(password),
      confirm: checkConfirm(password, confirm),
    });
    if (!ok) return;
    setBusy(true);
    try {
      if (reset) {
        await resetPassword({ phone: phone.trim(), code: code.trim(), password });
        // Every session of the account is revoked by the server; forget ours too.
        clearSession();
        notify.success(t('auth:reset.success'));
        void navigate(`/login?phone=${encodeURIComponent(phone.trim())}`, { replace: true });
      } else {
        const res = await register({ phone: phone.trim(), code: code.trim(), nickName: nickName.trim(), password });
        startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
        notify.success(t('auth:register.welcome', { name: res.user.nickName || nickName.trim() }));
        void navigate(safeRedirect(redirect, AFTER_REGISTER), { replace: true });
      }
    } catch (error) {
      form.applyServerError(error);
    } finally {
      setBusy(false);
    }
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
      <form ref={form.formRef} noValidate onSubmit={(e) => void submit(e)} className={s.form}>
        <FormAlert message={form.formError} />
        <TextField
          label={t('auth:sms.phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          required
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            setPhoneTaken(false);
            form.clearField('phone');
          }}
          onBlur={() => void checkRegistered()}
          error={form.fieldErrors.phone}
        />
        {phoneTaken ? (
          <p className={s.notice} role="status">
            {t('auth:register.phoneTaken')} <Link to={withRedirect(`/login?phone=${encodeURIComponent(phone.trim())}`, redirect)}>{t('auth:register.loginLink')}</Link>
          </p>
        ) : null}
        <SmsCodeField
          phone={phone}
          purpose={reset ? 'password' : 'register'}
          validatePhone={validatePhone}
          value={code}
          onChange={(v) => {
            setCode(v);
            form.clearField('code');
          }}
          error={form.fieldErrors.code}
          onSendError={(error) => form.applyServerError(error, {}, true)}
        />
        {reset ? null : (
          <TextField
            label={t('auth:register.nickName')}
            name="nickName"
            autoComplete="nickname"
            maxLength={40}
            required
            value={nickName}
            onChange={(e) => {
              setNickName(e.target.value);
              form.clearField('nickName');
            }}
            error={form.fieldErrors.nickName}
          />
        )}
        <TextField
          label={reset ? t('auth:reset.newPassword') : t('auth:register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          required
          hint={t('auth:register.passwordHint')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            form.clearField('password');
          }}
          error={form.fieldErrors.password}
        />
        <TextField
          label={reset ? t('auth:reset.confirmPassword') : t('auth:register.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          required
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            form.clearField('confirm');
          }}
          error={form.fieldErrors.confirm}
        />
        <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {reset
            ? busy
              ? t('auth:reset.submitting')
              : t('auth:reset.submit')
            : busy
              ? t('auth:register.submitting')
              : t('auth:register.submit')}
        </button>
      </form>
    </AuthShell>
  );
}

