import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/link';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { startSession } from '../../lib/session';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { PolicyCheckbox } from '../../ui/PolicyCheckbox';
import type { WxSignUpResponse } from '../../lib/contract';
import { wechatSignUp } from './api';
import { PhoneCodeFields } from './SmsCodeButton';
import { useAction } from './useAction';
import { useFormErrors } from './useFormErrors';
import { checkPhone, checkSmsCode } from './validation';
import s from './auth.module.css';

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
  // issue 37: a sign-up accepts the privacy policy (never pre-ticked; the server refuses without it)
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const form = useFormErrors<'phone' | 'code' | 'acceptPrivacy'>();

  const finish = (res: WxSignUpResponse) => {
    if ('confirm' in res) return setAsking(res.confirm);
    startSession({ token: res.token, user: res.user, rememberMe: false, expiresAt: res.expiresAt });
    notify.success(t(res.created ? 'auth:wechat.signedUp' : 'auth:wechat.linked'));
    void navigate(safeRedirect(res.redirect), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (
      !form.applyChecks({
        phone: checkPhone(phone),
        code: checkSmsCode(code),
        acceptPrivacy: acceptPrivacy ? undefined : 'common:policy.acceptPrivacyRequired',
      })
    )
      return;
    setDeclined(false);
    void run(async () => finish(await wechatSignUp({ ticket, phone: phone.trim(), code: code.trim(), acceptPrivacy: true })), form.applyServerError);
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
        <button type="submit" className={`${btn.primary} ${btn.block}`} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? t('auth:wechat.signUpSubmitting') : t('auth:wechat.signUpSubmit')}
        </button>
      </form>
      {passwordBelow ? <p className={s.altHint}>{t('auth:wechat.orPassword')}</p> : null}
    </section>
  );
}
