import type { FastifyInstance } from 'fastify';

/** A JSON schema node of the OpenAPI document (3.1 = JSON Schema 2020-12: `type: ['string', 'null']`, `anyOf`, `enum`, …). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** fastify form: /api/admin/news/:id */
  url: string;
  /** OpenAPI form: /api/admin/news/{id} */
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  /** the media types of the body when it is not JSON (raw uploads) */
  consumes: string[];
  security: boolean;
}

/** Every operation of the app's OpenAPI document. */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>
    >;
  };
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        consumes: Object.keys(content).filter((c) => c !== 'application/json'),
        security: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return out;
}

/** The type of a schema node, a nullable one's non-null type (`['integer', 'null']` → integer). */
export function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
}

const PHONE = '13912345678';
const STRING_CANDIDATES = [PHONE, '86', '1', '123456', 'abc', 'A1'];

/**
 * A plausible valid value for a schema: ids are 1 (the first seeded row of every table), strings short
 * words that satisfy their pattern, enums their first value. Optional properties are left out.
 */
export function example(s: JsonSchema | undefined, name = ''): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return example(alt.find((a) => a.type !== 'null' && !(a.enum?.length === 1 && a.enum[0] === null)) ?? alt[0], name);
  if (s.allOf?.length) return example(s.allOf[0], name);
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      let v = 1;
      if (typeof s.minimum === 'number') v = Math.max(v, s.minimum + (s.exclusiveMinimum === true ? 1 : 0));
      if (typeof s.exclusiveMinimum === 'number') v = Math.max(v, s.exclusiveMinimum + 1);
      if (typeof s.maximum === 'number') v = Math.min(v, s.maximum);
      if (/count$/i.test(name)) v = Math.max(v, 1);
      return v;
    }
    case 'boolean':
      return false;
    case 'array': {
      const n = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: n }, () => example(s.items, name));
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const k of s.required ?? []) o[k] = example(s.properties?.[k], k);
      return o;
    }
    case 'string': {
      if (s.format === 'date-time') return new Date(Date.UTC(2026, 5, 1)).toISOString();
      if (/phone/i.test(name)) return PHONE;
      let v = s.pattern ? (STRING_CANDIDATES.find((c) => new RegExp(s.pattern!).test(c)) ?? '1') : name === 'q' ? 'co' : 'test';
      if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, 'x');
      if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
      return v;
    }
    default:
      return 'x';
  }
}

/** Paths of every field of a body schema (nested objects and the first item of arrays), e.g. team.program.id, members.0.name. */
export function fieldPaths(s: JsonSchema | null | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!s || depth > 4) return [];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) {
    const obj = alt.find((a) => typeOf(a) === 'object' || typeOf(a) === 'array');
    return obj ? fieldPaths(obj, prefix, depth) : [];
  }
  const out: (string | number)[][] = [];
  if (typeOf(s) === 'object') {
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      out.push([...prefix, k]);
      out.push(...fieldPaths(v, [...prefix, k], depth + 1));
    }
  } else if (typeOf(s) === 'array') {
    out.push(...fieldPaths(s.items, [...prefix, 0], depth + 1));
  }
  return out;
}

/** The baseline body with every optional object on the way to `path` filled in, and the value set at the path. */
export function withValue(schema: JsonSchema, path: (string | number)[], value: unknown): unknown {
  const base = example(schema);
  if (!path.length) return value;
  const root: unknown = structuredClone(base);
  let node = root as Record<string | number, unknown>;
  let s: JsonSchema | undefined = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    s = stepInto(s, key);
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = example(s, String(key)) as never;
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return root;
}

function stepInto(s: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!s) return undefined;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) s = alt.find((a) => typeOf(a) === 'object' || typeOf(a) === 'array') ?? s;
  return typeof key === 'number' ? s.items : s.properties?.[key];
}

/** Percent-encoding of the UTF-8 bytes (lone surrogates become U+FFFD instead of throwing). */
export function enc(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8'))
    out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** The URL of an operation with its path parameters and a query object. */
export function urlOf(op: Operation, path: Record<string, string>, query: Record<string, string | string[]>): string {
  let url = op.url;
  for (const [k, v] of Object.entries(path)) url = url.replace(`:${k}`, v);
  const qs: string[] = [];
  for (const [k, v] of Object.entries(query)) for (const x of ([] as string[]).concat(v)) qs.push(`${enc(k)}=${enc(x)}`);
  return qs.length ? `${url}?${qs.join('&')}` : url;
}

/** Baseline path and query parameters of an operation (required ones only, plus every path parameter). */
export function baseParams(op: Operation): { path: Record<string, string>; query: Record<string, string> } {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === 'path') path[p.name] = String(example(p.schema, p.name));
    else if (p.in === 'query' && p.required) query[p.name] = String(example(p.schema, p.name));
  }
  return { path, query };
}
