import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '@rp/shared/rules/phone';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@rp/shared/limits';
import type { SmsPurpose } from '../../lib/contract';
import { sendSmsCode } from './api';
import { TextField } from '../../ui/TextField';
import { useCountdown } from './useCountdown';
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
  const [sending, setSending] = useState(false);
  const [remaining, start] = useCountdown();

  const send = async () => {
    if (sending || remaining > 0 || !validatePhone()) return;
    setSending(true);
    try {
      await sendSmsCode({ phone: phone.trim(), type: purpose });
      start(SMS_RESEND_SECONDS);
      onSent(t('auth:sms.sent', { phone: maskPhone(phone.trim()) }));
    } catch (error) {
      // 429 (sent less than 60 s ago) and other failures: the server's own message.
      onError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className={s.codeButton} onClick={() => void send()} disabled={sending || remaining > 0}>
      {sending ? t('auth:sms.sending') : remaining > 0 ? t('auth:sms.resend', { seconds: remaining }) : t('auth:sms.send')}
    </button>
  );
}

interface FieldProps {
  phone: string;
  purpose: SmsPurpose;
  validatePhone: () => boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** a failed send: the form shows it once */
  onSendError: (error: unknown) => void;
}

/** The SMS code input with its send button, and the "code sent" line under it (login and register share it). */
export function SmsCodeField({ phone, purpose, validatePhone, value, onChange, error, onSendError }: FieldProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <>
      <TextField
        label={t('auth:sms.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        addon={<SmsCodeButton phone={phone} purpose={purpose} validatePhone={validatePhone} onError={onSendError} onSent={setSent} />}
      />
      {sent ? (
        <p className={s.sent} role="status">
          {sent}
        </p>
      ) : null}
    </>
  );
}
