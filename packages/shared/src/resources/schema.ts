import { z } from 'zod';
import type { FieldDef, ResourceDef } from './types';

function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'int':
    case 'ref': {
      let s = z.number().int('validation.invalidType');
      if (f.min !== undefined) s = s.min(f.min, 'validation.tooSmall');
      if (f.max !== undefined) s = s.max(f.max, 'validation.tooBig');
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

/**
 * Request schemas of a resource: `create` (required fields required), `update` (every field optional).
 * Unknown and read-only fields are refused, so a form cannot set what the definition does not allow.
 */
export function resourceSchemas(def: ResourceDef) {
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
      update[n] = s.nullable().optional();
      create[n] = required ? s : s.nullable().optional();
    });
  }
  return { create: z.object(create).strict(), update: z.object(update).strict() };
}

export const adminListQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100000).default(0),
    size: z.coerce.number().int().min(1).max(500).default(25),
    sort: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1, 'validation.required').max(1000) });
