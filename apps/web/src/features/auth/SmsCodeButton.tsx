import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '@rp/shared/rules/phone';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@rp/shared/limits';
import type { SmsPurpose } from '../../lib/contract';
import { sendSmsCode } from './api';
import { TextField } from '../../ui/TextField';
import { useAction } from './useAction';
import { useCountdown } from './useCountdown';
import { checkPhone } from './validation';
import s from './auth.module.css';

interface Props {
  phone: string;
  purpose: SmsPurpose;
  /** Validates the phone field first; returns false (and shows the field error) when it is invalid. */
  validatePhone: () => boolean;
  /** a failed send: the form shows it once (useFormErrors.applyServerError) */
  onError: (error: unknown) => void;
  /** a code went out: the form says so next to the field (a notice would cover the form on phones) */
  onSent: (message: string) => void;
}

export function SmsCodeButton({ phone, purpose, validatePhone, onError, onSent }: Props) {
  const { t } = useTranslation();
  const { busy: sending, run } = useAction();
  const [remaining, start] = useCountdown();

  const send = () => {
    if (sending || remaining > 0 || !validatePhone()) return;
    void run(async () => {
      await sendSmsCode({ phone: phone.trim(), type: purpose });
      start(SMS_RESEND_SECONDS);
      onSent(t('auth:sms.sent', { phone: maskPhone(phone.trim()) }));
    }, onError); // 429 (sent less than 60 s ago) and other failures: the server's own message
  };

  return (
    <button type="button" className={s.codeButton} onClick={send} disabled={sending || remaining > 0}>
      {sending ? t('auth:sms.sending') : remaining > 0 ? t('auth:sms.resend', { seconds: remaining }) : t('auth:sms.send')}
    </button>
  );
}

interface BoundField {
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string;
}
interface PhoneCodeProps {
  /** the form's useFormErrors (its fields include phone and code) */
  form: {
    bind: (field: 'phone' | 'code', value: string, set: (value: string) => void) => BoundField;
    checkField: (field: 'phone', key: string | undefined) => boolean;
    applyServerError: (error: unknown, aliases?: Partial<Record<string, 'phone' | 'code'>>, merge?: boolean) => void;
  };
  purpose: SmsPurpose;
  phone: string;
  setPhone: (value: string) => void;
  code: string;
  setCode: (value: string) => void;
  onPhoneBlur?: () => void;
  /** under the phone field (register: "already registered") */
  phoneNote?: ReactNode;
}

/** The phone, its SMS code input with the send button, and the "code sent" line (login and register share them). */
export function PhoneCodeFields({ form, purpose, phone, setPhone, code, setCode, onPhoneBlur, phoneNote }: PhoneCodeProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  // sending a code needs a valid phone first: its error shows under the field
  const validatePhone = () => form.checkField('phone', checkPhone(phone));
  return (
    <>
      <TextField
        label={t('auth:sms.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={11}
        required
        {...form.bind('phone', phone, setPhone)}
        onBlur={onPhoneBlur}
      />
      {phoneNote}
      <TextField
        label={t('auth:sms.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        required
        {...form.bind('code', code, setCode)}
        addon={
          <SmsCodeButton
            phone={phone}
            purpose={purpose}
            validatePhone={validatePhone}
            onError={(error) => form.applyServerError(error, {}, true)}
            onSent={setSent}
          />
        }
      />
      {sent ? (
        <p className={s.sent} role="status">
          {sent}
        </p>
      ) : null}
    </>
  );
}
