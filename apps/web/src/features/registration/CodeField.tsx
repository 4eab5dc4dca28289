import { Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { REDEEM_CODE_MAX } from '@rp/shared/limits';
import type { MemberItem } from '@rp/shared';
import { pickCodeMutation, redeemCodeMutation } from './api';
import { errorText, notice } from './common';
import { WriteButton, useWriteLock } from './lock';
import { checkCode } from './model';
import s from './registration.module.css';

interface Props {
  member: Pick<MemberItem, 'id' | 'name' | 'team'>;
  activityId: number;
  disabled?: boolean;
  value: string;
  onChange: (code: string) => void;
  /** after the registration lists refetched (redeemCodeMutation invalidates them) */
  onRedeemed?: (m: MemberItem) => void;
  /** spec 8.2: on failure the field clears and the form locks */
  onFailed?: () => void;
  inputId?: string;
}

/** Redemption code input + redeem button + get-code + buy link (spec 2.4, 2.5, 8.2). */
export function CodeField({ member, activityId, disabled, value, onChange, onRedeemed, onFailed, inputId }: Props) {
  const { t } = useTranslation();
  const redemption = useMutation(redeemCodeMutation);
  const picking = useMutation(pickCodeMutation);
  const busy = redemption.isPending;
  const [noCode, setNoCode] = useState<string | null>(null);
  const lock = useWriteLock();

  const redeem = () => {
    const problem = checkCode(value, !!member.team);
    if (problem) {
      notice.error(t(problem));
      return;
    }
    redemption.mutate(
      { id: member.id, activityId, code: value.trim() },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          onRedeemed?.(res.data);
        },
        onError: (e) => {
          notice.error(errorText(e, t('registration:notice.serverBusy')));
          onChange('');
          onFailed?.();
        },
      },
    );
  };

  const getCode = () => {
    setNoCode(null);
    picking.mutate(
      { activityId, memberId: member.id },
      {
        onSuccess: (c) => onChange(c.codeName),
        // one notice per action: the reason stays next to the field (no toast on top of it)
        onError: (e) => setNoCode(errorText(e, t('registration:notice.serverBusy'))),
      },
    );
  };

  return (
    <div>
      <div className={s.codeRow}>
        <Input
          id={inputId}
          aria-label={`${t('registration:field.code')} ${member.name}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled || busy || lock.locked}
          style={{ maxWidth: 220 }}
          maxLength={REDEEM_CODE_MAX}
        />
        <WriteButton onClick={redeem} loading={busy} disabled={disabled}>
          {t('registration:actions.redeem')}
        </WriteButton>
        <WriteButton type="link" onClick={getCode} disabled={disabled}>
          {t('registration:actions.getCode')}
        </WriteButton>
        {lock.locked ? null : <Link to={`/activityOrder?id=${activityId}&buy=1#buy`}>{t('registration:actions.buy')}</Link>}
      </div>
      {noCode ? (
        <div className={s.muted} role="status">
          {noCode}
        </div>
      ) : null}
    </div>
  );
}
