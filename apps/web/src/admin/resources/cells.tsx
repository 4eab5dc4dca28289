import { Image, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/link';
import { formatDate, formatDateTime as formatDateTimeIn } from '../../lib/format';
import { currentLang } from '../../lib/i18n';
import { formatPercent, formatYmd, formatYuan } from '@rp/shared/resources/display';
import { refOptionsQuery } from './api';
import { imageUrlOf, localized, refLabel, type Lang, type Row } from './model';
import type { FieldDef } from './registry';

/** Options of an enum field with their translated labels. */
export function useEnumOptions(field: FieldDef) {
  const { t } = useTranslation();
  return (field.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
}

/**
 * Options of a ref field: rows of the referenced resource, labelled by name/title; with `where`, only the rows
 * carrying those values (a dependent select, FieldDef.dependsOn). `ready` once the rows have been read.
 */
export function useRefOptions(field: FieldDef, enabled = true, where?: Row) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const query = useQuery({ ...refOptionsQuery(field.ref ?? ''), enabled: enabled && !!field.ref });
  const options = (query.data ?? [])
    .filter((row) => !where || Object.entries(where).every(([k, v]) => row[k] === v))
    .map((row) => ({ value: row.id as number, label: refLabel(row, lang) }));
  return { options, loading: query.isLoading, ready: query.isSuccess };
}

/** What a date picker of the admin accepts and shows (issue 24): 2026-05-01 09:30. */
export const ADMIN_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
/** A date-time in a table cell: the site's one format (lib/format, in the reader's language and China time), '—' if none. */
export const formatDateTime = (v: unknown) => (typeof v === 'string' && formatDateTimeIn(v, currentLang())) || '—';

/** How a value of a field shows in a table cell. */
export function FieldCell({ field, row }: { field: FieldDef; row: Row }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const value = localized(row, field, lang);
  switch (field.kind) {
    case 'image': {
      const url = imageUrlOf(row, field);
      return url ? (
        <Image
          src={url}
          width={64}
          height={48}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          alt={t('admin:resource.thumbnailAlt', { id: String(row.id) })}
        />
      ) : (
        <span>—</span>
      );
    }
    case 'enum': {
      const opt = field.options?.find((o) => o.value === value);
      return opt ? (
        <Tag color={value === 1 ? 'blue' : undefined}>{t(opt.labelKey)}</Tag>
      ) : (
        <span>{value === null || value === undefined ? '—' : String(value)}</span>
      );
    }
    case 'boolean':
      return value ? <Tag color="success">{t('admin:resource.yes')}</Tag> : <Tag>{t('admin:resource.no')}</Tag>;
    case 'datetime':
      return <span>{formatDateTime(value)}</span>;
    case 'ref':
      return <RefCell field={field} value={value} name={row[`${field.name}Name`]} />;
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{typeof value === 'number' ? formatYuan(value) : '—'}</span>;
    case 'permille':
      return <span>{typeof value === 'number' ? formatPercent(value) : '—'}</span>;
    case 'int':
      if (field.format === 'date' && typeof value === 'number')
        return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(formatYmd(value), lang) || formatYmd(value)}</span>;
      return <span>{value === null || value === undefined ? '—' : String(value)}</span>;
    default:
      return <span className="rp-cell-text">{value === null || value === undefined || value === '' ? '—' : String(value)}</span>;
  }
}

/** A referenced row by its name: the one the server sent with the row (`<field>Name`), else from the referenced rows. */
function RefCell({ field, value, name }: { field: FieldDef; value: unknown; name: unknown }) {
  const named = typeof name === 'string' && name !== '';
  const { options } = useRefOptions(field, value !== null && value !== undefined && !named);
  if (value === null || value === undefined) return <span>—</span>;
  const label = named ? name : (options.find((o) => o.value === value)?.label ?? `#${String(value)}`);
  // an order opens its detail (lines, attempts, refunds, invoice)
  if (field.ref === 'orders') return <Link to={`/admin/r/orders/${String(value)}`}>{label}</Link>;
  return <span>{label}</span>;
}
