import type { Permission } from '../roles';

/**
 * One definition per admin resource drives the CRUD routes, permission checks, audit entries, Excel
 * export and the admin list/detail/form screens (design §2).
 */
export type FieldKind =
  | 'text' // single line
  | 'textarea'
  | 'richText' // HTML, sanitised on the server before saving
  | 'int'
  | 'money' // integer fen on the wire and in the server; staff type and read yuan with two decimals (¥1,960.00)
  | 'permille' // integer per mille on the wire (800); staff type and read a percentage (80%)
  | 'boolean'
  | 'datetime'
  | 'enum'
  | 'image' // storage key of an uploaded image
  | 'file' // storage key of an uploaded file
  | 'ref'; // id of a row of another resource

export interface FieldDef {
  /** wire name; with `i18n` the wire carries `<name>Zh` and `<name>En` */
  name: string;
  kind: FieldKind;
  /** zh and en columns; the public side shows the visitor's language and falls back to the other */
  i18n?: boolean;
  required?: boolean;
  /** max characters (text) or max value (int; money in fen, permille in ‰) */
  max?: number;
  min?: number;
  options?: readonly { value: number | string; labelKey: string }[];
  /**
   * resource name for kind 'ref'; 'accounts' names a member's account (no generic resource serves accounts): shown
   * by nickname and masked phone (林小雨 · 138****1234), and with filter 'like' found by phone, login name or nickname
   */
  ref?: string;
  /**
   * kind 'ref': the form field whose value the referenced rows must carry in their own field of that name; the form
   * offers only those and nothing before it is chosen (a ticket's sessions: the chosen activity's — issue 34)
   */
  dependsOn?: string;
  /** shown as a column in the admin list */
  list?: boolean;
  /** filter in the admin list: 'eq' exact, 'like' contains (case-insensitive), 'range' (datetime: `<name>From`, `<name>To`) */
  filter?: 'eq' | 'like' | 'range';
  sortable?: boolean;
  /** set by the server, never by the form */
  readOnly?: boolean;
  default?: number | string | boolean;
  /** 'date': an int holding a calendar date as YYYYMMDD (a birth date), read as YYYY-MM-DD (issue 34) */
  format?: 'date';
}

export interface ResourceDef {
  /** /api/admin/<name> */
  name: string;
  /** i18n key (admin namespace) of the menu and page title */
  labelKey: string;
  read: Permission;
  write: Permission;
  fields: readonly FieldDef[];
  defaultSort: string;
  /** false when rows come from a dedicated flow (e.g. pictures from uploads), not the generic form */
  creatable?: boolean;
  /** false when rows change only through their own flows (orders, ledger, refunds): no update or delete routes */
  editable?: boolean;
}

/** The wire names of a field (i18n fields have two). */
export function wireNames(f: FieldDef): string[] {
  return f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name];
}
