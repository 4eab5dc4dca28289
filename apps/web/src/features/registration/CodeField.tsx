import { Button, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@rp/shared';
import { notify } from '../../lib/notify';
import { pickCode, redeemCode } from './api';
import { errorText } from './common';
import { checkCode } from './model';
import s from './registration.module.css';

interface Props {
  member: Pick<MemberItem, 'id' | 'name' | 'team'>;
  activityId: number;
  disabled?: boolean;
  value: string;
  onChange: (code: string) => void;
  onRedeemed: (m: MemberItem) => void;
  /** spec 8.2: on failure the field clears and the form locks */
  onFailed?: () => void;
  inputId?: string;
}

/** Redemption code input + redeem button + get-code + buy link (spec 2.4, 2.5, 8.2). */
export function CodeField({ member, activityId, disabled, value, onChange, onRedeemed, onFailed, inputId }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [noCode, setNoCode] = useState<string | null>(null);

  const redeem = async () => {
    const problem = checkCode(value, !!member.team);
    if (problem) {
      notify.error(t(problem));
      return;
    }
    setBusy(true);
    try {
      const res = await redeemCode({ id: member.id, activityId, code: value.trim() });
      notify.success(res.resultStr);
      onRedeemed(res.data);
    } catch (e) {
      notify.error(errorText(e, t('registration:notice.serverBusy')));
      onChange('');
      onFailed?.();
    } finally {
      setBusy(false);
    }
  };

  const getCode = async () => {
    setNoCode(null);
    try {
      const c = await pickCode(activityId, member.id);
      onChange(c.codeName);
    } catch (e) {
      const msg = errorText(e, t('registration:notice.serverBusy'));
      setNoCode(msg);
      notify.error(msg);
    }
  };

  return (
    <div>
      <div className={s.codeRow}>
        <Input
          id={inputId}
          aria-label={`${t('registration:field.code')} ${member.name}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled || busy}
          style={{ maxWidth: 220 }}
          maxLength={64}
        />
        <Button onClick={() => void redeem()} loading={busy} disabled={disabled}>
          {t('registration:actions.redeem')}
        </Button>
        <Button type="link" onClick={() => void getCode()} disabled={disabled}>
          {t('registration:actions.getCode')}
        </Button>
        <Link to={`/activityOrder?id=${activityId}`}>{t('registration:actions.buy')}</Link>
      </div>
      {noCode ? (
        <div className={s.muted} role="status">
          {noCode}
        </div>
      ) : null}
    </div>
  );
}
