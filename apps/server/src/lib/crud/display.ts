import { ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATETIME_NUM_FMT, fenToYuan, formatPercent, formatYmd, formatYuan, maskPhone, YUAN_NUM_FMT, type FieldDef, type ResourceDef } from '@rp/shared';
import { AUDIT_FIELDS } from '@rp/shared/resources/audit';
import { AUDIT_LABELS, resourceLabel, YES_NO } from '@rp/shared/resources/labels';
import type { Db, Tx } from '../../db/client';
import { activities, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../like';

/**
 * The display form of a resource's values (issue 24), in the reader's language: the labels the screens
 * show (from the shared label table), names of referenced rows instead of ids, choice labels instead of
 * codes, yuan instead of fen, percentages instead of per mille. Exports and the audit trail use it.
 */
export type Lang = 'zh' | 'en';
type Row = Record<string, unknown>;

/** Tables of the served resources, for the names of referenced rows (filled by resourceRoutes). */
export const servedTables = new Map<string, { def: ResourceDef; table: PgTable }>();

export function resourceTitle(def: Pick<ResourceDef, 'labelKey' | 'name'>, lang: Lang): string {
  return resourceLabel(lang, def.labelKey) ?? def.name;
}

export function fieldTitle(def: Pick<ResourceDef, 'name'>, f: Pick<FieldDef, 'name'>, lang: Lang): string {
  return resourceLabel(lang, `admin:fields.${def.name}.${f.name}`) ?? f.name;
}

/** The value of a bilingual field in a language, falling back to the other one. */
function localized(row: Row, f: FieldDef, lang: Lang): unknown {
  if (!f.i18n) return row[f.name];
  const zh = row[`${f.name}Zh`];
  const en = row[`${f.name}En`];
  return lang === 'en' ? en || zh : zh || en;
}

/** The name of a row of another resource: its name, title or order number in the language; a team with its number. */
function nameOf(row: Row, lang: Lang): string {
  if (typeof row.number === 'string' && row.number && typeof row.name === 'string' && row.name) return `${row.name} (${row.number})`;
  for (const base of ['name', 'title', 'label', 'orderNo', 'number', 'codeName']) {
    const zh = row[`${base}Zh`];
    const en = row[`${base}En`];
    const text = (lang === 'en' ? en || zh : zh || en) || row[base];
    if (typeof text === 'string' && text.trim()) return text;
  }
  return `#${String(row.id)}`;
}

/**
 * A reference to a member's account (FieldDef.ref 'accounts'): no generic resource serves accounts, so they are
 * named here — nickname and masked phone (林小雨 · 138****1234), the login name when there is no phone — and
 * found by what staff type (issue 34).
 */
export const ACCOUNTS_REF = 'accounts';

export function accountName(a: { id: number; nickName: string; phone: string | null; username: string }): string {
  const who = a.phone ? maskPhone(a.phone) : a.username;
  return [a.nickName.trim(), who].filter(Boolean).join(' · ') || `#${a.id}`;
}

/** Accounts whose phone or login name starts with `q`, or whose nickname contains it. */
export function accountMatches(q: string): SQL {
  return or(like(users.phone, prefixPattern(q)), like(users.username, prefixPattern(q)), ilike(users.nickName, containsPattern(q)))!;
}

/** A value as a list (an audit entry may hold several ids of a reference). */
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
/** The id of a referenced row: the number, or the `id` of a recorded row ({ id, payStatus }). */
const idOf = (v: unknown): unknown => (v && typeof v === 'object' && 'id' in v ? (v as Row).id : v);
const listSeparator = (lang: Lang) => (lang === 'zh' ? '、' : ', ');

/** ref resource → id → name, for the referenced rows of these rows (one query per referenced resource). */
export type RefNames = Map<string, Map<number, string>>;

export async function loadRefNames(db: Db | Tx, def: Pick<ResourceDef, 'fields'>, rows: readonly Row[], lang: Lang): Promise<RefNames> {
  const wanted = new Map<string, Set<number>>();
  for (const f of def.fields) {
    if (f.kind !== 'ref' || !f.ref) continue;
    for (const r of rows)
      for (const v of listOf(r[f.name]).map(idOf)) if (typeof v === 'number') (wanted.get(f.ref) ?? wanted.set(f.ref, new Set()).get(f.ref)!).add(v);
  }
  const out: RefNames = new Map();
  for (const [ref, ids] of wanted) {
    if (ref === ACCOUNTS_REF) {
      const found = await db
        .select({ id: users.id, nickName: users.nickName, phone: users.phone, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
      out.set(ref, new Map(found.map((a) => [a.id, accountName(a)])));
      continue;
    }
    const served = servedTables.get(ref);
    if (!served || !ids.size) continue;
    const idCol = (served.table as unknown as Record<string, PgColumn>).id!;
    const found = (await db
      .select()
      .from(served.table)
      .where(inArray(idCol, [...ids]))) as Row[];
    out.set(ref, new Map(found.map((r) => [r.id as number, nameOf(r, lang)])));
  }
  return out;
}

function optionLabel(f: FieldDef, value: unknown, lang: Lang): string | null {
  const o = f.options?.find((x) => x.value === value);
  return o ? (resourceLabel(lang, o.labelKey) ?? String(value)) : null;
}

/** China time as Excel shows it (a cell holds no time zone: the date-time is moved by 8 hours). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An export's file name: the resource and the day it is made in China ('players-2026-11-29.xlsx' at 07:30 in Beijing, still the 28th in UTC). */
export function exportFileName(resource: string, now = new Date()): string {
  return `${resource}-${new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10)}.xlsx`;
}

/** A value as an export cell: a number (yuan, count), a date, or a text. */
export function cellValue(f: FieldDef, row: Row, lang: Lang, names: RefNames): string | number | Date | null {
  const v = localized(row, f, lang);
  if (v === null || v === undefined || v === '') return null;
  // lists only occur in audit entries: a reference names every row, anything else is counted
  if (Array.isArray(v))
    return f.kind === 'ref'
      ? v
          .map(idOf)
          .map((id) => (f.ref && names.get(f.ref)?.get(id as number)) ?? `#${String(id)}`)
          .join(listSeparator(lang))
      : v.length;
  switch (f.kind) {
    case 'money':
      return typeof v === 'number' ? fenToYuan(v) : null;
    case 'permille':
      return typeof v === 'number' ? formatPercent(v) : null;
    case 'datetime': {
      const d = new Date(String(v));
      return Number.isNaN(d.getTime()) ? String(v) : new Date(d.getTime() + CHINA_OFFSET_MS);
    }
    case 'boolean':
      return YES_NO[lang][v ? 0 : 1];
    case 'enum':
      return optionLabel(f, v, lang) ?? String(v);
    case 'ref':
      return (f.ref && names.get(f.ref)?.get(v as number)) ?? `#${String(v)}`;
    case 'int':
      if (f.format === 'date' && typeof v === 'number') return formatYmd(v);
      return typeof v === 'number' ? v : String(v);
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/** A value as a text (the audit trail): ¥1,960.00, 80%, 2026-05-01 09:30 (China time), labels, names. */
export function textValue(f: FieldDef, row: Row, lang: Lang, names: RefNames): string | null {
  const v = localized(row, f, lang);
  if (v === null || v === undefined || v === '') return null;
  if (f.kind === 'money' && typeof v === 'number') return formatYuan(v);
  const c = cellValue(f, row, lang, names);
  if (c instanceof Date) return c.toISOString().slice(0, 16).replace('T', ' ');
  return c === null ? null : String(c);
}

export interface ExportColumn {
  key: string;
  header: string;
  numFmt?: string;
  width: number;
}

/** Fields an export carries: every field but long texts and stored files (contents, intros, pictures). */
export function exportFields(def: Pick<ResourceDef, 'fields'>): FieldDef[] {
  return def.fields.filter((f) => !['richText', 'image', 'file'].includes(f.kind) && !/content|intro/i.test(f.name));
}

/** The columns of an export: the screen's titles in the exporter's language, money and dates formatted as such. */
export function exportColumns(def: ResourceDef, lang: Lang): ExportColumn[] {
  return exportFields(def).map((f) => {
    const header = fieldTitle(def, f, lang);
    const width = f.kind === 'datetime' ? 18 : Math.min(40, Math.max(10, header.length * (lang === 'zh' ? 2 : 1) + 4));
    return { key: f.name, header, width, ...(f.kind === 'money' ? { numFmt: YUAN_NUM_FMT } : f.kind === 'datetime' ? { numFmt: DATETIME_NUM_FMT } : {}) };
  });
}

/** Rows as export cells, keyed by field name (referenced names read once per batch). */
export async function exportRows(db: Db | Tx, def: ResourceDef, rows: readonly Row[], lang: Lang): Promise<Row[]> {
  const names = await loadRefNames(db, def, rows, lang);
  const fields = exportFields(def);
  return rows.map((r) => Object.fromEntries(fields.map((f) => [f.name, cellValue(f, r, lang, names)])));
}

/**
 * Rows as the admin screens list them: each reference also carries the referenced row's name in the reader's
 * language (`<field>Name`: 猫头鹰队 (12-0001), 林小雨 · 138****1234) — the screens need not read every referenced row.
 */
export async function withRefNames(db: Db | Tx, def: Pick<ResourceDef, 'fields'>, rows: Row[], lang: Lang): Promise<Row[]> {
  const refs = def.fields.filter((f) => f.kind === 'ref' && f.ref);
  if (!refs.length || !rows.length) return rows;
  const names = await loadRefNames(db, def, rows, lang);
  return rows.map((r) => ({
    ...r,
    ...Object.fromEntries(refs.map((f) => [`${f.name}Name`, typeof r[f.name] === 'number' ? (names.get(f.ref!)?.get(r[f.name] as number) ?? null) : null])),
  }));
}

const AUDIT_ALIASES: Record<string, string> = { teamMembers: 'players' };

/** The label of a key no definition declares: the same field name's label in any resource, else the key. */
function anyFieldLabel(lang: Lang, key: string): string {
  for (const { def } of servedTables.values()) {
    const label = resourceLabel(lang, `admin:fields.${def.name}.${key}`);
    if (label) return label;
  }
  const base = key.replace(/(Zh|En)$/, '');
  if (base !== key)
    for (const { def } of servedTables.values()) {
      const label = resourceLabel(lang, `admin:fields.${def.name}.${base}`);
      if (label) return label;
    }
  return key;
}

/** A value of a key no definition declares, read by its shape: …Fen yuan, …PerMille percent, ISO date-times in China time. */
function looseText(key: string, v: unknown, lang: Lang): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number' && /Fen$/.test(key)) return formatYuan(v);
  if (typeof v === 'number' && /PerMille$|^perMille$/.test(key)) return formatPercent(v);
  if (typeof v === 'boolean') return YES_NO[lang][v ? 0 : 1];
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Names of the activities whose ids appear in these values (arrays of ids), in the reader's language. */
async function loadActivityNames(db: Db | Tx, values: unknown[], lang: Lang): Promise<Map<number, string>> {
  const ids = [...new Set(values.flatMap((v) => (Array.isArray(v) ? v : [])).map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!ids.length) return new Map();
  const rows = await db.select({ id: activities.id, nameZh: activities.nameZh, nameEn: activities.nameEn }).from(activities).where(inArray(activities.id, ids));
  return new Map(rows.map((r) => [r.id, (lang === 'en' ? r.nameEn : r.nameZh) || r.nameZh || r.nameEn]));
}

/** Nested records read as fields of their own: { refund: { perMille, fen } } → refundPerMille, refundFen. */
function flatten(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [sub, x] of Object.entries(flatten(v as Row))) out[`${k}${sub.charAt(0).toUpperCase()}${sub.slice(1)}`] = x;
    else out[k] = v;
  return out;
}

const parseJson = (text: string | null): Row => {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Row) : { value: v };
  } catch {
    return { value: text };
  }
};

type AuditDef = Pick<ResourceDef, 'name' | 'labelKey' | 'fields'> & { served: boolean };

/** The fields an entry of a resource is read with: its definition's, then the audit-only ones (AUDIT_FIELDS). */
function auditDef(resource: string): AuditDef | undefined {
  const name = AUDIT_ALIASES[resource] ?? resource;
  const def = servedTables.get(name)?.def;
  const extra = AUDIT_FIELDS[name] ?? [];
  if (!def && !extra.length) return undefined;
  const own = new Set(def?.fields.map((f) => f.name));
  return { name, labelKey: def?.labelKey ?? '', fields: [...(def?.fields ?? []), ...extra.filter((f) => !own.has(f.name))], served: !!def };
}

export interface AuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * An audit page as people read it (issue 24): the data and action names, and for each changed field its
 * label and both values in display form. Referenced rows are named with one query per referenced resource.
 */
export async function auditDisplay<T extends { resource: string; action: string; before: string | null; after: string | null }>(
  db: Db | Tx,
  lang: Lang,
  entries: readonly T[],
): Promise<(T & { resourceLabel: string; actionLabel: string; changes: AuditChange[] })[]> {
  const parsed = entries.map((e) => ({
    e,
    before: parseJson(e.before),
    after: parseJson(e.after),
    served: auditDef(e.resource),
  }));
  // the referenced names of every entry of a resource, read together
  const names = new Map<string, RefNames>();
  const groups = new Map<string, typeof parsed>();
  for (const p of parsed) if (p.served) (groups.get(p.served.name) ?? groups.set(p.served.name, []).get(p.served.name)!).push(p);
  for (const [name, group] of groups)
    names.set(
      name,
      await loadRefNames(
        db,
        group[0]!.served!,
        group.flatMap((p) => [p.before, p.after]),
        lang,
      ),
    );
  const actions: Record<string, string> = AUDIT_LABELS[lang].actions;
  const extra: Record<string, string> = AUDIT_LABELS[lang].resources;
  const extraFields: Record<string, string> = AUDIT_LABELS[lang].fields;
  const words: Record<string, string> = AUDIT_LABELS[lang].values;
  // activity ids of entries without a definition (an API token's activities) read as the activities' names
  const activityNames = await loadActivityNames(
    db,
    parsed.filter((p) => !p.served?.served).flatMap((p) => [p.before.activityIds, p.after.activityIds]),
    lang,
  );
  const loose = (k: string, v: unknown): string | null => {
    if (k === 'activityIds' && Array.isArray(v)) return v.map((id) => activityNames.get(Number(id)) ?? `#${id}`).join(listSeparator(lang));
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map((x) => words[x] ?? x).join(listSeparator(lang));
    return looseText(k, v, lang);
  };
  return parsed.map(({ e, before, after, served }) => {
    const def = served;
    const refs = (def && names.get(def.name)) ?? new Map();
    const changes: AuditChange[] = [];
    const done = new Set<string>();
    for (const f of def?.fields ?? []) {
      const keys = f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name];
      for (const k of keys) done.add(k);
      if (!keys.some((k) => k in before || k in after)) continue;
      const field = fieldTitle(def!, f, lang);
      for (const [i, k] of keys.entries()) {
        const one = { ...f, i18n: false, name: k };
        const b = k in before ? textValue(one, before, lang, refs) : null;
        const a = k in after ? textValue(one, after, lang, refs) : null;
        if (b !== a)
          changes.push({
            field: k,
            label: f.i18n ? `${field} (${lang === 'zh' ? ['中文', '英文'][i] : ['Chinese', 'English'][i]})` : field,
            before: b,
            after: a,
          });
      }
    }
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (done.has(k)) continue;
      const b = loose(k, before[k]);
      const a = loose(k, after[k]);
      if (b !== a)
        changes.push({
          field: k,
          label: def ? (resourceLabel(lang, `admin:fields.${def.name}.${k}`) ?? anyFieldLabel(lang, k)) : (extraFields[k] ?? anyFieldLabel(lang, k)),
          before: b,
          after: a,
        });
    }
    return {
      ...e,
      resourceLabel: def?.served ? resourceTitle(def, lang) : (extra[e.resource] ?? e.resource),
      actionLabel: actions[e.action] ?? e.action,
      changes,
    };
  });
}
