import type { AuditAction } from '@rp/shared/resources/labels';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

/** Records who changed what and when, before → after (design §4): pass the change's own transaction. */
export async function audit(
  db: DbOrTx,
  entry: { userId: number | null; resource: string; recordId: string | number | null; action: AuditAction; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    resource: entry.resource,
    recordId: entry.recordId === null ? null : String(entry.recordId),
    action: entry.action,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
}
