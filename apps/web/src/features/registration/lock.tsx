import { Button, Tooltip, type ButtonProps } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationBlock, withdrawalBlock } from '@rp/shared/rules/activity-window';
import type { ActivityItem } from '../../lib/contract';
import { formatDate } from '../../lib/format';
import type { AppLang } from '../../lib/i18n';

/**
 * Whether coaches may change this activity's registrations (issue 8). The reason comes from the same rule
 * the server enforces (rules/activity-window), so a disabled button and a refused call say the same thing.
 */
export interface WriteLock {
  locked: boolean;
  /** why writes are off, shown in the page's alert and each disabled control's tooltip */
  reason: string;
  withdrawLocked: boolean;
  withdrawReason: string;
}

/** The id of the page alert that states the reason; disabled controls point at it (aria-describedby). */
export const LOCK_REASON_ID = 'reg-closed-reason';

const open: WriteLock = { locked: false, reason: '', withdrawLocked: false, withdrawReason: '' };
const Ctx = createContext<WriteLock>(open);

export function useComputedLock(activity: ActivityItem): WriteLock {
  const { t, i18n } = useTranslation();
  const lang: AppLang = i18n.language === 'en' ? 'en' : 'zh';
  return useMemo(() => {
    const block = registrationBlock(activity);
    const wBlock = withdrawalBlock(activity);
    const reason =
      block === 'reg.activityFinished'
        ? t('registration:lock.finished', { date: formatDate(activity.finishTime, lang) })
        : block === 'reg.signUpEnded'
          ? t('registration:lock.ended', { date: formatDate(activity.signUpEnd, lang) })
          : block === 'reg.signUpNotStarted'
            ? t('registration:lock.notStarted', { date: formatDate(activity.signUpBegin, lang) })
            : '';
    const withdrawReason =
      wBlock === 'reg.activityFinished'
        ? reason || t('registration:lock.finished', { date: formatDate(activity.finishTime, lang) })
        : wBlock
          ? t('registration:lock.withdrawClosed')
          : '';
    return { locked: block !== null, reason, withdrawLocked: wBlock !== null, withdrawReason };
  }, [activity, lang, t]);
}

export function WriteLockProvider({ value, children }: { value: WriteLock; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useWriteLock(): WriteLock {
  return useContext(Ctx);
}

/**
 * A write button: while the activity is closed it is disabled, says why on hover/focus of its wrapper
 * (tooltip) and to screen readers (aria-describedby → the page alert).
 */
export function WriteButton({ lock = 'write', disabled, ...props }: ButtonProps & { lock?: 'write' | 'withdraw' }) {
  const l = useWriteLock();
  const locked = lock === 'withdraw' ? l.withdrawLocked : l.locked;
  if (!locked) return <Button disabled={disabled} {...props} />;
  const reason = lock === 'withdraw' ? l.withdrawReason : l.reason;
  return (
    <Tooltip title={reason}>
      <span className="reg-locked" data-locked-reason={reason}>
        <Button {...props} disabled aria-describedby={LOCK_REASON_ID} style={{ ...props.style, pointerEvents: 'none' }} />
      </span>
    </Tooltip>
  );
}
