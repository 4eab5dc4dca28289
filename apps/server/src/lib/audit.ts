import type { AuditAction } from '@rp/shared/resources/labels';
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
  await db.insert(auditLog).values(
    list.map((entry) => ({
      userId: entry.userId,
      resource: entry.resource,
      recordId: entry.recordId === null ? null : String(entry.recordId),
      action: entry.action,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })),
  );
}
