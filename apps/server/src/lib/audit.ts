import type { AuditAction } from '@rp/shared/resources/labels';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  userId: number | null;
  resource: string;
  recordId: string | number | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/**
 * Records who changed what and when, before → after (design §4): pass the change's own transaction. Several
 * entries of one change go in one statement, in their order.
 */
export async function audit(db: DbOrTx, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (!list.length) return;
  await db.insert(auditLog).values(list.map(rowOf));
}

const rowOf = (entry: AuditEntry) => ({
  userId: entry.userId,
  resource: entry.resource,
  recordId: entry.recordId === null ? null : String(entry.recordId),
  action: entry.action,
  before: entry.before === undefined ? null : JSON.stringify(entry.before),
  after: entry.after === undefined ? null : JSON.stringify(entry.after),
});

/**
 * The same entries as an INSERT to put in a WITH query of the change's own statement (issue 39 rush paths: one
 * statement fewer), written, in their order, only where `when` holds (say, a row was taken by that statement).
 */
export function auditInsert(entries: readonly AuditEntry[], when: SQL): SQL {
  const values = entries
    .map(rowOf)
    .map((r) => sql`(${r.userId}::int, ${r.resource}::text, ${r.recordId}::text, ${r.action}::text, ${r.before}::text, ${r.after}::text)`);
  return sql`insert into ${auditLog} (user_id, resource, record_id, action, before, after)
    select * from (values ${sql.join(values, sql`, `)}) v where ${when}`;
}
