import { z } from 'zod';
import { dbId, INT4_MAX, INT4_MIN } from '../schemas/common';
import type { FieldDef, ResourceDef } from './types';

function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'int':
    case 'money':
    case 'permille':
    case 'ref': {
      // every integer column is an int4: its range bounds what a definition leaves open
      let s = z.number('validation.invalidType').int('validation.invalidType');
      s = s.min(f.min ?? INT4_MIN, 'validation.tooSmall').max(f.max ?? INT4_MAX, 'validation.tooBig');
      if (f.kind === 'ref') s = s.positive('validation.invalid');
      return s;
    }
    case 'boolean':
      return z.boolean('validation.invalidType');
    case 'datetime':
      return z.iso.datetime({ offset: true, message: 'validation.datetime' });
    case 'enum': {
      const values = (f.options ?? []).map((o) => o.value);
      return z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral, z.ZodLiteral], 'validation.invalidOption');
    }
    default: {
      let s = z.string('validation.invalidType').trim();
      if (f.max !== undefined) s = s.max(f.max, 'validation.tooLong');
      return s;
    }
  }
}

export interface ResourceSchemaOptions {
  /** wire names whose column is NOT NULL: null is refused there (omit the field to keep or default it) */
  notNull?: ReadonlySet<string>;
}

/**
 * Request schemas of a resource: `create` (required fields required), `update` (every field optional).
 * Unknown and read-only fields are refused, so a form cannot set what the definition does not allow.
 * The server passes the NOT NULL columns, so `null` for them is a 400, never a database error.
 */
export function resourceSchemas(def: ResourceDef, opts: ResourceSchemaOptions = {}) {
  const create: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    if (f.readOnly) continue;
    const names = f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name];
    names.forEach((n, i) => {
      let s = fieldSchema(f);
      // For bilingual fields the Chinese text is the required one; English falls back to it.
      const required = f.required && i === 0;
      if (required && (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'richText' || f.kind === 'image' || f.kind === 'file')) {
        s = (s as z.ZodString).min(1, 'validation.required');
      }
      const optional = opts.notNull?.has(n) ? s.optional() : s.nullable().optional();
      update[n] = optional;
      create[n] = required ? s : optional;
    });
  }
  return { create: z.object(create).strict(), update: z.object(update).strict() };
}

function wireValue(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'int':
    case 'money':
    case 'permille':
    case 'ref':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return typeof f.options?.[0]?.value === 'number' ? z.number() : z.string();
    default:
      // texts, stored keys, and datetimes as ISO strings
      return z.string();
  }
}

/**
 * A row as the admin API sends it (GET/POST/PUT …/api/admin/<name>): every wire name of the definition,
 * null when unset; image fields also carry `<name>Url`, the public address of the stored file, and references
 * `<name>Name`, the referenced row's name in the reader's language.
 */
export function resourceRowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    for (const n of f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name]) {
      shape[n] = wireValue(f).nullable();
      if (f.kind === 'image') shape[`${n}Url`] = z.string().nullable().optional();
      if (f.kind === 'ref') shape[`${n}Name`] = z.string().nullable().optional();
    }
  }
  return z.object(shape);
}

export const adminListQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100000).default(0),
    size: z.coerce.number().int().min(1).max(500).default(25),
    sort: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

export const idsBody = z.object({ ids: z.array(dbId).min(1, 'validation.required').max(1000) });
