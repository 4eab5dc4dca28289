import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { payStatusColor } from '@rp/shared/rules/registration';
import { PAY_COLORS } from './common';

const LABELS: Record<number, string> = {
  0: 'registration:payStatus.0',
  1: 'registration:payStatus.1',
  2: 'registration:payStatus.2',
  3: 'registration:payStatus.3',
  4: 'registration:payStatus.4',
  5: 'registration:payStatus.5',
  6: 'registration:payStatus.6',
  7: 'registration:payStatus.7',
  8: 'registration:payStatus.8',
  9: 'registration:payStatus.9',
};
export function payStatusKey(s: number): string {
  return LABELS[s] ?? 'registration:payStatus.0';
}

export function PayStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={PAY_COLORS[payStatusColor(status)]}>{t(payStatusKey(status))}</Tag>;
}
