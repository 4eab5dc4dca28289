import { useEffect, useState, type CSSProperties } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountOption } from '@rp/shared';
import { accountsQuery } from './api';

/** What a staff member sees for an account: nickname and phone (or login name). */
export const accountLabel = (a: AccountOption) => `${a.nickName} · ${a.phone ?? a.username}`;

/** The text typed, settled for 250 ms (one request per pause, not per key). */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export interface AccountSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  disabled?: boolean;
  /** label of an account chosen before this screen opened (only its id is known) */
  initialLabel?: string;
  style?: CSSProperties;
  'aria-describedby'?: string;
}

/**
 * Picks an account by phone (prefix) or nickname: staff type, the server answers at most 20 matches
 * (GET /api/admin/accounts). Replaces typing a numeric account id.
 */
export function AccountSelect({ id, value, onChange, disabled, initialLabel, style, ...aria }: AccountSelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<AccountOption | null>(null);
  const q = useSettled(text.trim()).slice(0, 50);
  const query = useQuery(accountsQuery(q));
  const found = q ? (query.data ?? []) : [];
  const options = found.map((a) => ({ value: a.id, label: accountLabel(a), account: a }));
  // keep the chosen account's label when the search moves on
  if (value != null && !options.some((o) => o.value === value)) {
    const label = picked?.id === value ? accountLabel(picked) : (initialLabel ?? t('admin:accounts.byId', { id: value }));
    options.unshift({ value, label, account: picked ?? ({ id: value, nickName: label, username: '', phone: null } as AccountOption) });
  }
  const typing = text.trim() !== q || query.isFetching;
  return (
    <Select<number | null>
      id={id}
      {...aria}
      value={value ?? null}
      disabled={disabled}
      allowClear
      placeholder={t('admin:accounts.placeholder')}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      loading={typing && text.trim().length > 0}
      options={options}
      onChange={(v, option) => {
        const a = (Array.isArray(option) ? option[0] : option)?.account as AccountOption | undefined;
        setPicked(a ?? null);
        setText('');
        onChange?.(v ?? null);
      }}
      notFoundContent={
        <Typography.Text type="secondary">
          {!text.trim() ? t('admin:accounts.hint') : typing ? t('admin:accounts.searching') : t('admin:accounts.none')}
        </Typography.Text>
      }
      style={style ?? { width: '100%', maxWidth: 480 }}
    />
  );
}
