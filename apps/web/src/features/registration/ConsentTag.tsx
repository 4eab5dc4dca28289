import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsentState } from '@rp/shared';

/** A player's guardian consent in words (issue 37); nothing for a player who needs none. */
const LABELS: Record<Exclude<ConsentState, 'notNeeded'>, { key: string; color: string }> = {
  none: { key: 'registration:consent.state.none', color: 'warning' },
  pending: { key: 'registration:consent.state.pending', color: 'processing' },
  consented: { key: 'registration:consent.state.consented', color: 'success' },
  refused: { key: 'registration:consent.state.refused', color: 'error' },
  withdrawn: { key: 'registration:consent.state.withdrawn', color: 'error' },
};

export function ConsentTag({ state }: { state: ConsentState }) {
  const { t } = useTranslation();
  if (state === 'notNeeded') return null;
  const l = LABELS[state];
  return <Tag color={l.color}>{t(l.key)}</Tag>;
}
