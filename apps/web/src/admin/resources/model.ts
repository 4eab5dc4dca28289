import type { FieldDef, ResourceDef } from './registry';

/**
 * Pure mapping from a resource definition to what the list and form screens show and send.
 * Unit-tested in model.test.ts; the React screens only render what these functions decide.
 */

export type Row = Record<string, unknown>;
export type Lang = 'zh' | 'en';

/** Spec 9 paginator: sizes offered and the default. */
export const PAGE_SIZES = [10, 20, 25, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** i18n key of a field's label: 'admin:fields.<resource>.<field>' (every one is checked by locales.test.ts). */
export function fieldLabelKey(def: Pick<ResourceDef, 'name'>, field: Pick<FieldDef, 'name'>): string {
  return `admin:fields.${def.name}.${field.name}`;
}

/** The wire names of a field: i18n fields carry `<name>Zh` and `<name>En`. */
export function wireNamesOf(f: FieldDef): string[] {
  return f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name];
}

/** The text of a bilingual field in the admin's language, falling back to the other one. */
export function localized(row: Row, f: FieldDef, lang: Lang): unknown {
  if (!f.i18n) return row[f.name];
  const zh = row[`${f.name}Zh`];
  const en = row[`${f.name}En`];
  return lang === 'en' ? en || zh : zh || en;
}

/** URL of an image field's stored file, as the server's present hook names it (`<name>Url`). */
export function imageUrlOf(row: Row, f: FieldDef): string | null {
  const v = row[`${f.name}Url`];
  return typeof v === 'string' && v ? v : null;
}

export interface ColumnSpec {
  field: FieldDef;
  /** the value sent in sort=<key>,asc|desc; undefined when not sortable */
  sortKey?: string;
}

/** Columns of the list: fields marked `list`, in definition order; `sortable` ones (and id) sort. */
export function listColumns(def: ResourceDef): ColumnSpec[] {
  return def.fields.filter((f) => f.list).map((f) => ({ field: f, sortKey: f.sortable || f.name === 'id' ? (f.i18n ? `${f.name}Zh` : f.name) : undefined }));
}

export type FilterControl = 'text' | 'number' | 'select' | 'ref' | 'boolean' | 'dateRange';

export interface FilterSpec {
  field: FieldDef;
  /** query parameter: the field name (the server matches both languages of an i18n field); a range sends `<param>From` and `<param>To` */
  param: string;
  mode: 'like' | 'eq' | 'range';
  control: FilterControl;
}

/** Filters of the list: 'like' → a text input; 'eq' → a select (enum, ref), number input or text; 'range' → a date range. */
export function filterSpecs(def: ResourceDef): FilterSpec[] {
  return def.fields
    .filter((f) => f.filter)
    .map((f) => {
      const mode = f.filter!;
      let control: FilterControl = 'text';
      if (mode === 'range') control = 'dateRange';
      else if (mode === 'eq') {
        if (f.kind === 'enum') control = 'select';
        else if (f.kind === 'ref') control = 'ref';
        else if (f.kind === 'int') control = 'number';
        else if (f.kind === 'boolean') control = 'boolean';
      }
      return { field: f, param: f.name, mode, control };
    });
}

/** The query parameters of one filter: `<name>From` and `<name>To` for a range, else the name. */
export function filterParams(spec: Pick<FilterSpec, 'param' | 'mode'>): string[] {
  return spec.mode === 'range' ? [`${spec.param}From`, `${spec.param}To`] : [spec.param];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day 'yyyy-mm-dd' that exists (2026-02-30 does not). */
export function isDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The days of a range filter in the list state: [from, to], each undefined when open. */
export function rangeOf(spec: Pick<FilterSpec, 'param'>, filters: Record<string, string>): [string | undefined, string | undefined] {
  return [filters[`${spec.param}From`], filters[`${spec.param}To`]];
}

/** Whether the definition allows changing and deleting rows (orders, payments, ledger: no). */
export function isEditable(def: ResourceDef): boolean {
  return def.editable !== false;
}

/** Amounts are integer fen on the wire (kind 'money'): typed and shown as yuan (¥12.34). */
export function isMoneyField(f: Pick<FieldDef, 'kind'>): boolean {
  return f.kind === 'money';
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

/** 'name,asc' → { key, order }; anything else → null (the server's default sort applies). */
export function parseSort(raw: string | null | undefined): SortState | null {
  const m = /^([A-Za-z0-9_]+),(asc|desc)$/.exec(raw ?? '');
  return m ? { key: m[1]!, order: m[2] as 'asc' | 'desc' } : null;
}

export function sortParam(s: SortState | null): string | undefined {
  return s ? `${s.key},${s.order}` : undefined;
}

export interface ListParams {
  /** 1-based, as shown */
  page: number;
  size: number;
  sort: SortState | null;
  filters: Record<string, string>;
}

/** List state kept in the URL (?page=&size=&sort=&<filter>=) so reload and back keep the place. */
export function readListParams(def: ResourceDef, search: URLSearchParams): ListParams {
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const rawSize = Number(search.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const sortable = new Set(listColumns(def).flatMap((c) => (c.sortKey ? [c.sortKey] : [])));
  const sort = parseSort(search.get('sort'));
  const filters: Record<string, string> = {};
  for (const spec of filterSpecs(def)) {
    for (const param of filterParams(spec)) {
      const v = search.get(param)?.trim();
      // a range takes calendar days only (the server reads a bare day as that whole day)
      if (v && (spec.mode !== 'range' || isDay(v))) filters[param] = v;
    }
  }
  return { page, size, sort: sort && sortable.has(sort.key) ? sort : null, filters };
}

export function writeListParams(p: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.page > 1) out.set('page', String(p.page));
  if (p.size !== DEFAULT_PAGE_SIZE) out.set('size', String(p.size));
  const sort = sortParam(p.sort);
  if (sort) out.set('sort', sort);
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') out.set(k, v);
  return out;
}

/** The query of GET /api/admin/<name> (and of its export): page 0-based on the wire. */
export function listQuery(p: ListParams, { forExport = false } = {}): Record<string, string | number> {
  const q: Record<string, string | number> = { ...p.filters };
  const sort = sortParam(p.sort);
  if (sort) q.sort = sort;
  if (!forExport) {
    q.page = p.page - 1;
    q.size = p.size;
  }
  return q;
}

/** A date-time that closes a period (endTime, saleEnd, signUpEnd, finishTime): a date alone means the end of that day. */
export function isEndField(f: Pick<FieldDef, 'name'>): boolean {
  return /(End|end|finish|Finish)(Time|At)?$/.test(f.name) || /^(end|finish)/.test(f.name);
}

/**
 * The value a date-time field keeps (issue 24): a date alone (the picker reads it as 00:00) is the start of
 * that day for a start and the last minute of it (23:59) for an end; anything else as picked.
 */
export function datetimeValue(f: Pick<FieldDef, 'name'>, iso: string | null): string | null {
  if (!iso || !isEndField(f)) return iso;
  const m = /^(\d{4}-\d{2}-\d{2})T00:00(?::00)?(?:\.000)?([+-]\d{2}:\d{2}|Z)$/.exec(iso);
  return m ? `${m[1]}T23:59:00${m[2]}` : iso;
}

/** Fields the form edits (not read-only), in definition order. */
export function editableFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.readOnly);
}

/** Read-only fields shown as information on an existing row (id, counts, file name, …). */
export function infoFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.readOnly);
}

/** Whether a wire name must be filled in: required fields, and for bilingual ones the Chinese text. */
export function isRequired(f: FieldDef, wireName: string): boolean {
  return !!f.required && (!f.i18n || wireName.endsWith('Zh'));
}

/** Initial form values of a new row: the definition's defaults. */
export function createDefaults(def: ResourceDef): Row {
  const out: Row = {};
  for (const f of editableFields(def)) if (f.default !== undefined) for (const n of wireNamesOf(f)) out[n] = f.default;
  return out;
}

/** Form values of an existing row: every editable wire name, null when unset. */
export function formValuesOf(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const f of editableFields(def)) for (const n of wireNamesOf(f)) out[n] = row[n] ?? null;
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function normalise(f: FieldDef, v: unknown): unknown {
  if (isEmpty(v)) return null;
  switch (f.kind) {
    case 'int':
    case 'money':
    case 'permille':
    case 'ref': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? (f.kind === 'int' || f.kind === 'ref' ? Math.trunc(n) : Math.round(n)) : null;
    }
    case 'boolean':
      return v === true || v === 'true' || v === 1;
    case 'text':
    case 'textarea':
    case 'richText':
      return String(v);
    default:
      return v;
  }
}

/**
 * The JSON body of a create (POST) or update (PUT). Create sends the filled fields only (the server
 * applies defaults). Update sends what changed against the loaded row, with null for a cleared
 * optional field. Read-only and unknown names are never sent (the server refuses them).
 */
export function toRequestBody(def: ResourceDef, values: Row, original?: Row | null): Row {
  const body: Row = {};
  for (const f of editableFields(def)) {
    for (const n of wireNamesOf(f)) {
      if (!(n in values)) continue;
      const v = normalise(f, values[n]);
      if (!original) {
        if (v !== null) body[n] = v;
        continue;
      }
      const before = normalise(f, original[n]);
      if (v !== before) body[n] = v;
    }
  }
  return body;
}

/** Label of a row of another resource in a select: its name or title in the admin's language (an order: its number). */
export function refLabel(row: Row, lang: Lang): string {
  for (const base of ['name', 'title', 'label', 'orderNo']) {
    const zh = row[`${base}Zh`];
    const en = row[`${base}En`];
    const plain = row[base];
    const text = (lang === 'en' ? en || zh : zh || en) || plain;
    if (typeof text === 'string' && text.trim()) return `${text} (#${String(row.id)})`;
  }
  return `#${String(row.id)}`;
}

/** Splits server field errors into those shown under a form field and the rest. */
export function splitFieldErrors(def: ResourceDef, fieldErrors: Record<string, string>): { fields: [string, string][]; other: string[] } {
  const names = new Set(editableFields(def).flatMap(wireNamesOf));
  const fields: [string, string][] = [];
  const other: string[] = [];
  for (const [k, v] of Object.entries(fieldErrors)) {
    if (names.has(k)) fields.push([k, v]);
    else other.push(v);
  }
  return { fields, other };
}
