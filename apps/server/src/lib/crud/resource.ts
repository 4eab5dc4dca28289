import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { getTableConfig, QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../lazy-libs';
import {
  INT4_MAX,
  INT4_MIN,
  adminListQuery,
  dbId,
  idsBody,
  okResponse,
  resourcePermission,
  resourceRowSchema,
  resourceSchemas,
  exportStatusResponse,
  bulkMessageBody,
  bulkResponse,
  bulkUpdateBody,
  scopeFieldOf,
  MESSAGE_RESOURCES,
  type FieldDef,
  type ResourceAction,
  type ResourceDef,
  wireNames,
  CHILD_DATA_RESOURCES,
} from '@rp/shared';
import type { Db, Tx } from '../../db/client';
import { audit } from '../audit';
import { ok, page } from '../envelope';
import { AppError } from '../errors';
import { sameRichText, sanitizeRichText } from '../sanitize';
import { eventSessions, messages as messagesTable, users } from '../../db/schema/index';
import { requireResource } from '../../plugins/auth';
import { activityScope, assertInScope, scopeWhere } from '../scope';
import { sheetName, startExportJob, type ExportRequest, type ExportSource } from './export-job';
import { logPiiAccess, requirePurpose } from '../child-access';
import { ACCOUNTS_REF, accountMatches, exportColumns, exportFileName, exportRows, resourceTitle, servedTables, withRefNames, type Lang } from './display';
import { containsPattern } from '../like';

type Row = Record<string, unknown>;

export interface ResourceHooks {
  /** checks across fields and with other rows; throw AppError to refuse */
  validate?(data: Row, ctx: { db: Db | Tx; before: Row | null }): Promise<Row | void> | Row | void;
  /** after a successful create/update/delete, inside the same transaction */
  afterWrite?(ctx: { db: Tx; before: Row | null; after: Row | null }): Promise<void>;
  /** shapes a row for the admin screens (e.g. adds URLs of stored files) */
  present?(row: Row): Row;
  /**
   * rows (wire form) as people read them, a page or an export batch at a time: values derived from other tables
   * (an order's shown state from its payments and refunds). The list, the detail and the export all use it.
   */
  presentRows?(rows: Row[], ctx: { db: Db | Tx }): Promise<Row[]>;
  /** filters the stored column cannot answer (a derived value): field name → the condition for the value asked */
  filterWhere?: Record<string, (value: string) => SQL>;
}

/** The columns a definition maps to: i18n fields have two. */
function columnsOf(def: ResourceDef, table: PgTable): Map<string, { field: FieldDef; column: PgColumn }> {
  const map = new Map<string, { field: FieldDef; column: PgColumn }>();
  const cols = table as unknown as Record<string, PgColumn>;
  for (const f of def.fields) {
    for (const n of f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name]) {
      const column = cols[n];
      if (!column) throw new Error(`resource ${def.name}: table has no column ${n}`);
      map.set(n, { field: f, column });
    }
  }
  return map;
}

function toWire(row: Row, cols: Map<string, { field: FieldDef }>): Row {
  const out: Row = {};
  for (const [n] of cols) {
    const v = row[n];
    out[n] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

const TEXT_KINDS = new Set(['text', 'textarea', 'richText']);

/** NOT NULL columns: texts take '' for null (a cleared optional text), the others refuse null (resourceSchemas). */
function notNullNames(cols: Map<string, { field: FieldDef; column: PgColumn }>) {
  const text = new Set<string>();
  const other = new Set<string>();
  for (const [n, c] of cols) if (c.column.notNull) (TEXT_KINDS.has(c.field.kind) ? text : other).add(n);
  return { text, other };
}

function fromWire(body: Row, cols: Map<string, { field: FieldDef; column: PgColumn }>): Row {
  const out: Row = {};
  for (const [n, v] of Object.entries(body)) {
    const c = cols.get(n);
    if (!c || v === undefined) continue;
    if (v === null && c.column.notNull && TEXT_KINDS.has(c.field.kind)) out[n] = '';
    else if (c.field.kind === 'datetime') out[n] = v === null ? null : new Date(v as string);
    else if (c.field.kind === 'richText' && typeof v === 'string') out[n] = sanitizeRichText(v);
    else out[n] = v;
  }
  return out;
}

/** The patch without rich texts that say what is stored already (an editor's rewrite of the markup is no change, issue 34). */
function withoutUnchangedRichText(patch: Row, before: Row, cols: Map<string, { field: FieldDef; column: PgColumn }>): Row {
  const stored = toWire(before, cols);
  return Object.fromEntries(Object.entries(patch).filter(([n, v]) => !(cols.get(n)?.field.kind === 'richText' && sameRichText(v, stored[n]))));
}

function defaults(def: ResourceDef): Row {
  const out: Row = {};
  for (const f of def.fields)
    if (f.default !== undefined && !f.readOnly) for (const n of f.i18n ? [`${f.name}Zh`, `${f.name}En`] : [f.name]) out[n] = f.default;
  return out;
}

/** WHERE and ORDER BY of an admin list from its query string, only over declared filters and sorts. */
export function listCriteria(def: ResourceDef, table: PgTable, query: Record<string, unknown>, filterWhere: ResourceHooks['filterWhere'] = {}) {
  const cols = columnsOf(def, table);
  const where: SQL[] = [];
  for (const f of def.fields) {
    if (!f.filter) continue;
    const custom = filterWhere[f.name];
    if (custom || (f.kind === 'ref' && f.filter === 'like')) {
      const raw = query[f.name];
      const value = String((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
      if (!value) continue;
      if (value.length > 50) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [f.name]: 'validation.tooLong' } });
      // a reference found by its name: the accounts whose nickname, phone or login name matches (issue 34)
      where.push(
        custom ? custom(value) : inArray(cols.get(f.name)!.column, new QueryBuilder().select({ id: users.id }).from(users).where(accountMatches(value))),
      );
      continue;
    }
    if (f.filter === 'range') {
      const column = cols.get(f.name)!.column;
      for (const [suffix, op] of [
        ['From', gte],
        ['To', lte],
      ] as const) {
        const raw = query[`${f.name}${suffix}`];
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (value === undefined || value === '') continue;
        const at = new Date(String(value));
        // a date alone means the whole day in the admin's view: the "to" end takes that day's last moment
        if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9999)
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { [`${f.name}${suffix}`]: 'validation.datetime' } });
        if (suffix === 'To' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) at.setTime(at.getTime() + 86_400_000 - 1);
        where.push(op(column, at));
      }
      continue;
    }
    for (const n of f.i18n ? [`${f.name}Zh`, `${f.name}En`, f.name] : [f.name]) {
      const raw = query[n];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value === undefined || value === '') continue;
      const targets = n === f.name && f.i18n ? [cols.get(`${f.name}Zh`)!, cols.get(`${f.name}En`)!] : [cols.get(n)!];
      if (f.filter === 'like') {
        const pattern = containsPattern(String(value));
        const parts = targets.map((t) => ilike(t.column, pattern));
        where.push(parts.length === 1 ? parts[0]! : or(...parts)!);
      } else {
        const v =
          f.kind === 'int' ||
          f.kind === 'money' ||
          f.kind === 'permille' ||
          f.kind === 'ref' ||
          (f.kind === 'enum' && typeof f.options?.[0]?.value === 'number')
            ? Number(value)
            : String(value);
        // an int4 column: "1.5", "1e400" or 99999999999 is a wrong filter, not a database error
        if (typeof v === 'number' && !(Number.isInteger(v) && v >= INT4_MIN && v <= INT4_MAX && /^\s*-?\d+\s*$/.test(String(value))))
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { [n]: 'validation.invalidType' } });
        where.push(eq(targets[0]!.column, v));
      }
    }
  }
  // ids=1,2,3: the rows a person ticked (bulk export), at most 1,000
  const rawIds = Array.isArray(query.ids) ? query.ids.join(',') : query.ids;
  if (rawIds !== undefined && rawIds !== '') {
    const ids = String(rawIds).split(',');
    if (ids.length > 1000 || !ids.every((x) => /^\d{1,10}$/.test(x) && Number(x) >= 1 && Number(x) <= INT4_MAX))
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { ids: 'validation.invalid' } });
    where.push(inArray((table as unknown as Record<string, PgColumn>).id!, ids.map(Number)));
  }
  const sorts = ([] as string[]).concat((query.sort as string | string[] | undefined) ?? def.defaultSort);
  const order: SQL[] = [];
  for (const s of sorts) {
    const [name, dir] = s.split(',');
    const c = name ? cols.get(name) : undefined;
    if (!c || !(c.field.sortable || name === 'id')) throw new AppError('VALIDATION_FAILED', { fieldErrors: { sort: 'validation.invalid' } });
    order.push(dir === 'asc' ? asc(c.column) : desc(c.column));
  }
  const idCol = (table as unknown as Record<string, PgColumn>).id!;
  order.push(desc(idCol));
  return { where: where.length ? and(...where) : undefined, order };
}

type PgCause = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * A write that names a row that does not exist (foreign key, SQLSTATE 23503) → 400 on that field. The
 * constraint name is mapped to its column through the table's own definition; the error's detail
 * (which quotes values) is never read.
 */
function referenceError(e: unknown, fkFields: Map<string, string>): AppError | null {
  for (let c = e as PgCause | undefined, i = 0; c && typeof c === 'object' && i < 6; c = c.cause as PgCause | undefined, i++) {
    if (c.code === '23503') {
      const field = typeof c.constraint === 'string' ? fkFields.get(c.constraint) : undefined;
      return new AppError('UNKNOWN_REFERENCE', field ? { field } : {});
    }
  }
  return null;
}

/**
 * Registers /api/admin/<name>: list (filters, sort, paging), export (xlsx of the filtered list), read,
 * create, update, delete — each behind the definition's permissions, each write audited. Every JSON
 * route declares its response (the row schema of the definition, resourceRowSchema).
 */
/** Every resource definition the server serves (the role editor's permission vocabulary). */
export const servedResources = new Map<string, ResourceDef>();

export function resourceRoutes(def: ResourceDef, table: PgTable, hooks: ResourceHooks = {}): FastifyPluginAsyncZod {
  servedResources.set(def.name, def);
  servedTables.set(def.name, { def, table });
  // the list's own parameters: a filter of the same name would be read as paging or sorting
  for (const f of def.fields)
    if (f.filter && ['page', 'size', 'sort', 'ids'].some((n) => wireNames(f).includes(n) || (f.filter === 'range' && n === f.name)))
      throw new Error(`resource ${def.name}: the filter ${f.name} collides with a list parameter`);
  for (const f of def.fields)
    if (f.kind === 'ref' && f.filter === 'like' && f.ref !== ACCOUNTS_REF && !hooks.filterWhere?.[f.name])
      throw new Error(`resource ${def.name}: a reference is found by its name only for accounts (${f.name})`);
  return async (app) => {
    const db = app.deps.database.db;
    const cols = columnsOf(def, table);
    const { create, update } = resourceSchemas(def, { notNull: notNullNames(cols).other });
    const idCol = (table as unknown as Record<string, PgColumn>).id!;
    const base = `/api/admin/${def.name}`;
    const tags = ['admin'];
    const presentOne = (row: Row) => (hooks.present ? hooks.present(toWire(row, cols)) : toWire(row, cols));
    /** rows as the screens show them: shaped, derived values added, references named (withRefNames) */
    const present = async (rows: Row[], lang: Lang) => {
      const shown = rows.map(presentOne);
      return withRefNames(db, def, hooks.presentRows ? await hooks.presentRows(shown, { db }) : shown, lang);
    };
    /** rows as an export reads them: the wire form with derived values */
    const exported = async (rows: Row[]) => {
      const wire = rows.map((r) => toWire(r, cols));
      return hooks.presentRows ? hooks.presentRows(wire, { db }) : wire;
    };
    const idParams = z.object({ id: dbId });
    const rowSchema = resourceRowSchema(def);
    const one = { 200: z.object({ resultCode: z.literal(1), resultStr: z.string(), data: rowSchema }) };
    const list = {
      200: z.object({
        resultCode: z.literal(1),
        resultStr: z.string(),
        content: z.array(rowSchema),
        totalElements: z.number().int(),
        totalPages: z.number().int(),
        number: z.number().int(),
        size: z.number().int(),
      }),
    };
    // foreign-key constraint name → wire field
    const fkFields = new Map<string, string>();
    for (const fk of getTableConfig(table).foreignKeys) {
      const colName = fk.reference().columns[0]?.name;
      const wire = [...cols].find(([, c]) => c.column.name === colName)?.[0];
      if (wire) fkFields.set(fk.getName(), wire);
    }
    const refChecked = async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } catch (e) {
        throw referenceError(e, fkFields) ?? e;
      }
    };

    // data scope (issue 14): the activity a row belongs to; a resource without one cannot be limited. Rows of a
    // session (the audience, the check-in log) belong to their session's activity (issue 34).
    const scopeField = scopeFieldOf(def);
    const scopeColumn = scopeField ? (table as unknown as Record<string, PgColumn>)[scopeField] : undefined;
    const scopeOf = (req: FastifyRequest, action: ResourceAction) => {
      const coarse = action === 'view' || action === 'export' ? def.read : def.write;
      const scope = activityScope(req.user!, coarse, resourcePermission(def.name, action));
      if (scope !== null && !scopeColumn) throw new AppError('OUT_OF_SCOPE');
      return scope;
    };
    const activityOf = async (row: Row, conn: Db | Tx): Promise<number | null> => {
      const v = scopeField ? ((row[scopeField] as number | null | undefined) ?? null) : null;
      if (scopeField !== 'sessionId' || v === null) return v;
      const [s] = await conn.select({ a: eventSessions.activityId }).from(eventSessions).where(eq(eventSessions.id, v));
      return s?.a ?? null;
    };
    /** Refuses a row (or a patch naming its activity or session) outside the scope; no lookup when unlimited. */
    const assertRowInScope = async (scope: readonly number[] | null, row: Row, conn: Db | Tx = db) => {
      if (scope !== null) assertInScope(scope, await activityOf(row, conn));
    };
    const scopedWhere = (req: FastifyRequest, action: ResourceAction, where: SQL | undefined) => whereInScope(scopeOf(req, action), where);
    const whereInScope = (scope: readonly number[] | null, where: SQL | undefined) => {
      const limit = !scopeColumn
        ? undefined
        : scopeField === 'sessionId' && scope?.length
          ? inArray(
              scopeColumn,
              db
                .select({ id: eventSessions.id })
                .from(eventSessions)
                .where(inArray(eventSessions.activityId, [...scope])),
            )
          : scopeWhere(scopeColumn, scope);
      return limit ? (where ? and(where, limit) : limit) : where;
    };

    async function findOne(id: number): Promise<Row | null> {
      const [row] = await db.select().from(table).where(eq(idCol, id)).limit(1);
      return (row as Row) ?? null;
    }

    app.get(base, { schema: { tags, querystring: adminListQuery, response: list }, preHandler: requireResource(def, 'view') }, async (req) => {
      const { page: p, size } = req.query;
      const criteria = listCriteria(def, table, req.query as Record<string, unknown>, hooks.filterWhere);
      const { order } = criteria;
      const where = scopedWhere(req, 'view', criteria.where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset(p * size),
        db.select({ n: count() }).from(table).where(where),
      ]);
      return page(req, await present(rows as Row[], req.lang), Number(total?.n ?? 0), p, size);
    });

    // an export holding children's data says what it is for, and is logged with it (issue 37)
    const childExportPurpose = (query: unknown): string | null =>
      CHILD_DATA_RESOURCES.includes(def.name) ? requirePurpose((query as { purpose?: string }).purpose) : null;

    app.get(`${base}/export`, { schema: { tags, querystring: adminListQuery }, preHandler: requireResource(def, 'export') }, async (req, reply) => {
      const purpose = childExportPurpose(req.query);
      const criteria = listCriteria(def, table, req.query as Record<string, unknown>, hooks.filterWhere);
      const { order } = criteria;
      const where = scopedWhere(req, 'export', criteria.where);
      const rows = (await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(50_000)) as Row[];
      if (purpose) await logPiiAccess(db, { staffId: req.user!.id, kind: 'export', subject: def.name, rows: rows.length, purpose });
      const buf = await exportXlsx(def, await exportRows(db, def, await exported(rows), req.lang), req.lang);
      const name = exportFileName(def.name);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(buf);
    });

    /** the export of a list's query in a scope and a language: what an export job reads, on whichever instance runs it */
    const exportSource = ({ query, scope, lang }: ExportRequest): ExportSource => {
      const criteria = listCriteria(def, table, query, hooks.filterWhere);
      const where = whereInScope(scope, criteria.where);
      return {
        title: resourceTitle(def, lang),
        columns: exportColumns(def, lang),
        count: async () => Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0),
        batch: async (offset, limit) =>
          exportRows(
            db,
            def,
            await exported(
              (await db
                .select()
                .from(table)
                .where(where)
                .orderBy(...criteria.order)
                .limit(limit)
                .offset(offset)) as Row[],
            ),
            lang,
          ),
      };
    };
    app.deps.resourceExports.set(def.name, exportSource);

    // the same export as a job of the one queue: rows streamed to a file in batches, progress for the screen's bar (issues 14, 36)
    app.post(
      `${base}/export-jobs`,
      { schema: { tags, querystring: adminListQuery, response: { 200: exportStatusResponse } }, preHandler: requireResource(def, 'export') },
      async (req) => {
        const purpose = childExportPurpose(req.query);
        const e: ExportRequest = { query: req.query as Record<string, unknown>, scope: scopeOf(req, 'export'), lang: req.lang };
        const total = await exportSource(e).count();
        if (purpose) await logPiiAccess(db, { staffId: req.user!.id, kind: 'export', subject: def.name, rows: total, purpose });
        const job = await startExportJob(app.deps, { ...e, resource: def.name, staffId: req.user!.id, total }, req.log);
        return ok(req, { data: { jobId: job.jobId, total: job.total, done: 0, ready: false, failed: false } }, 'ok.query');
      },
    );

    app.get(`${base}/:id`, { schema: { tags, params: idParams, response: one }, preHandler: requireResource(def, 'view') }, async (req) => {
      const row = await findOne(req.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      await assertRowInScope(scopeOf(req, 'view'), row);
      return ok(req, { data: (await present([row], req.lang))[0]! }, 'ok.query');
    });

    if (def.creatable !== false)
      app.post(base, { schema: { tags, body: create, response: one }, preHandler: requireResource(def, 'create') }, async (req) => {
        let data = { ...defaults(def), ...fromWire(req.body as Row, cols) };
        const scope = scopeOf(req, 'create');
        // a new activity has no id yet: a person limited to activities cannot create one
        if (scope !== null) assertInScope(scope, scopeField === 'id' ? null : await activityOf(data, db));
        data = { ...data, ...((await hooks.validate?.(data, { db, before: null })) ?? {}) };
        const row = await refChecked(() =>
          db.transaction(async (tx) => {
            const [created] = (await tx
              .insert(table)
              .values(data as never)
              .returning()) as Row[];
            await audit(tx as unknown as Db, {
              userId: req.user!.id,
              resource: def.name,
              recordId: created!.id as number,
              action: 'create',
              after: toWire(created!, cols),
            });
            await hooks.afterWrite?.({ db: tx, before: null, after: created! });
            return created!;
          }),
        );
        return ok(req, { data: (await present([row], req.lang))[0]! }, 'ok.create');
      });

    // a system message to the owners of the ticked rows (rows that belong to an account), once per account
    if (MESSAGE_RESOURCES.includes(def.name) && !(table as unknown as Record<string, PgColumn>).userId)
      throw new Error(`resource ${def.name}: MESSAGE_RESOURCES names it but its table has no userId`);
    if (MESSAGE_RESOURCES.includes(def.name))
      app.post(
        `${base}/message`,
        { schema: { tags, body: bulkMessageBody, response: { 200: bulkResponse } }, preHandler: requireResource(def, 'view') },
        async (req) => {
          if (!req.user!.permissions.includes('messages.send')) throw new AppError('FORBIDDEN');
          const scope = scopeOf(req, 'view');
          const ids = [...new Set(req.body.ids)];
          const rows = (await db.select().from(table).where(inArray(idCol, ids))) as Row[];
          if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
          for (const r of rows) await assertRowInScope(scope, r);
          const owners = [...new Set(rows.map((r) => r.userId as number | null).filter((x): x is number => typeof x === 'number'))];
          const b = req.body;
          await db.transaction(async (tx) => {
            if (owners.length)
              await tx.insert(messagesTable).values(
                owners.map((receiverId) => ({
                  receiverId,
                  type: 1,
                  titleZh: b.titleZh,
                  titleEn: b.titleEn,
                  contentZh: b.contentZh,
                  contentEn: b.contentEn,
                  publisherZh: req.user!.nickName,
                  publisherEn: req.user!.nickName,
                })),
              );
            await audit(tx as unknown as Db, {
              userId: req.user!.id,
              resource: def.name,
              recordId: null,
              action: 'message',
              after: { ids, receivers: owners.length, titleZh: b.titleZh },
            });
          });
          return ok(req, { data: { count: owners.length } }, 'ok.create');
        },
      );

    if (def.editable === false) return;

    app.put(`${base}/:id`, { schema: { tags, params: idParams, body: update, response: one }, preHandler: requireResource(def, 'edit') }, async (req) => {
      const before = await findOne(req.params.id);
      if (!before) throw new AppError('NOT_FOUND');
      let patch = withoutUnchangedRichText(fromWire(req.body as Row, cols), before, cols);
      const scope = scopeOf(req, 'edit');
      await assertRowInScope(scope, before);
      if (scopeField && scopeField !== 'id' && patch[scopeField] !== undefined) await assertRowInScope(scope, patch);
      for (const f of def.fields) {
        // a required field may not be cleared
        if (f.required)
          for (const n of f.i18n ? [`${f.name}Zh`] : [f.name])
            if (patch[n] === null || patch[n] === '') throw new AppError('VALIDATION_FAILED', { fieldErrors: { [n]: 'validation.required' } });
      }
      patch = { ...patch, ...((await hooks.validate?.({ ...before, ...patch }, { db, before })) ?? {}) };
      const row = await refChecked(() =>
        db.transaction(async (tx) => {
          const [after] = (
            Object.keys(patch).length
              ? await tx
                  .update(table)
                  .set(patch as never)
                  .where(eq(idCol, req.params.id))
                  .returning()
              : [before]
          ) as Row[];
          await audit(tx as unknown as Db, {
            userId: req.user!.id,
            resource: def.name,
            recordId: req.params.id,
            action: 'update',
            before: toWire(before, cols),
            after: toWire(after!, cols),
          });
          await hooks.afterWrite?.({ db: tx, before, after: after! });
          return after!;
        }),
      );
      return ok(req, { data: (await present([row], req.lang))[0]! }, 'ok.update');
    });

    // bulk change (issue 14): one patch for the ticked rows, all or nothing, each row checked, validated,
    // audited and followed by the resource's own afterWrite (a volunteer admitted hears of it) like a single edit
    app.put(
      `${base}/bulk`,
      { schema: { tags, body: bulkUpdateBody, response: { 200: bulkResponse } }, preHandler: requireResource(def, 'edit') },
      async (req) => {
        const parsed = update.safeParse(req.body.patch);
        if (!parsed.success || !Object.keys(parsed.data as Row).length)
          throw new AppError('VALIDATION_FAILED', { fieldErrors: { patch: 'validation.invalid' } });
        const patch = fromWire(parsed.data as Row, cols);
        for (const f of def.fields)
          if (f.required)
            for (const n of f.i18n ? [`${f.name}Zh`] : [f.name])
              if (patch[n] === null || patch[n] === '') throw new AppError('VALIDATION_FAILED', { fieldErrors: { [n]: 'validation.required' } });
        const scope = scopeOf(req, 'edit');
        if (scopeField && scopeField !== 'id' && patch[scopeField] !== undefined) await assertRowInScope(scope, patch);
        const ids = [...new Set(req.body.ids)];
        await refChecked(() =>
          db.transaction(async (tx) => {
            const rows = (await tx.select().from(table).where(inArray(idCol, ids)).orderBy(asc(idCol)).for('update')) as Row[];
            if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
            for (const before of rows) {
              await assertRowInScope(scope, before, tx);
              const extra = (await hooks.validate?.({ ...before, ...patch }, { db: tx, before })) ?? {};
              const [after] = (await tx
                .update(table)
                .set({ ...patch, ...extra } as never)
                .where(eq(idCol, before.id as number))
                .returning()) as Row[];
              await audit(tx as unknown as Db, {
                userId: req.user!.id,
                resource: def.name,
                recordId: before.id as number,
                action: 'update',
                before: toWire(before, cols),
                after: toWire(after!, cols),
              });
              await hooks.afterWrite?.({ db: tx, before, after: after! });
            }
          }),
        );
        return ok(req, { data: { count: ids.length } }, 'ok.update');
      },
    );

    const remove = async (req: FastifyRequest, ids: number[]) => {
      const scope = scopeOf(req, 'delete');
      await db.transaction(async (tx) => {
        const rows = (await tx.select().from(table).where(inArray(idCol, ids))) as Row[];
        if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
        for (const r of rows) await assertRowInScope(scope, r, tx);
        try {
          await tx.delete(table).where(inArray(idCol, ids));
        } catch (e) {
          // 23503 foreign key, 23001 ON DELETE RESTRICT: rows elsewhere still point at this one
          const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
          if (code === '23503' || code === '23001') throw new AppError('IN_USE', 'error.inUse');
          throw e;
        }
        for (const r of rows) {
          await audit(tx as unknown as Db, { userId: req.user!.id, resource: def.name, recordId: r.id as number, action: 'delete', before: toWire(r, cols) });
          await hooks.afterWrite?.({ db: tx, before: r, after: null });
        }
      });
    };

    app.delete(
      `${base}/:id`,
      { schema: { tags, params: idParams, response: { 200: okResponse } }, preHandler: requireResource(def, 'delete') },
      async (req) => {
        await remove(req, [req.params.id]);
        return ok(req, {}, 'ok.delete');
      },
    );

    app.delete(base, { schema: { tags, body: idsBody, response: { 200: okResponse } }, preHandler: requireResource(def, 'delete') }, async (req) => {
      await remove(req, req.body.ids);
      return ok(req, {}, 'ok.delete');
    });
  };
}

/** The one-shot export (scripts): the same columns and cells as the export job. */
async function exportXlsx(def: ResourceDef, rows: Row[], lang: Lang): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheetName(resourceTitle(def, lang)));
  const columns = exportColumns(def, lang);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, r[c.key] as ExcelJS.CellValue])));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
