import type { FieldDef } from './registry';

/** A value of the right JavaScript type for a field, as the server sends it and the antd controls hand it on (tests). */
export function sampleValue(f: FieldDef): unknown {
  switch (f.kind) {
    case 'int':
    case 'money':
    case 'permille':
      return f.min ?? 2026;
    case 'ref':
      return 7;
    case 'enum':
      return f.options?.[0]?.value ?? 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2026-05-01T09:00:00+08:00';
    case 'richText':
      return '<p>x</p>';
    default:
      return 'x';
  }
}
