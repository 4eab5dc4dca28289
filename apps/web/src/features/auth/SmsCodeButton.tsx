import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '@rp/shared/rules/phone';
import type { SmsPurpose } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { sendSmsCode } from './api';
import { useCountdown } from './useCountdown';
import s from './auth.module.css';

/** Resend wait (spec 9 leaves the value open; the server allows one code per 60 s). */
export const SMS_RESEND_SECONDS = 60;

interface Props {
  phone: string;
  purpose: SmsPurpose;
  /** Validates the phone field first; returns false (and shows the field error) when it is invalid. */
  validatePhone: () => boolean;
  onError: (message: string, fieldErrors: Record<string, string>) => void;
}

export function SmsCodeButton({ phone, purpose, validatePhone, onError }: Props) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [remaining, start] = useCountdown();

  const send = async () => {
    if (sending || remaining > 0 || !validatePhone()) return;
    setSending(true);
    try {
      await sendSmsCode({ phone: phone.trim(), type: purpose });
      start(SMS_RESEND_SECONDS);
      notify.success(t('auth:sms.sent', { phone: maskPhone(phone.trim()) }));
    } catch (error) {
      // 429 (sent less than 60 s ago) and other failures: the server's own message.
      if (isApiError(error)) onError(error.message, error.fieldErrors);
      else onError(t('errors:client.serverBusy'), {});
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
