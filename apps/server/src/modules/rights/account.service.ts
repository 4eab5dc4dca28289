import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import {
  consultMessages,
  consultThreads,
  erasures,
  feedback,
  loginLog,
  messages,
  orders,
  orgAddresses,
  sessions,
  userOauth,
  users,
  wechatOpenids,
} from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { avatarKey } from '../users/index';
import { anonymiseRows } from './anonymise';

/**
 * Deletes an account at its holder's request, at once and for good: its players, teachers, volunteers and
 * visitors anonymised as the retention job does, the account's own phone, name, avatar, WeChat links,
 * addresses, consultation, feedback, messages and sign-in history removed, every session ended. Kept, without
 * what identifies the person: orders, payments, refunds, invoices and the ledger (amounts and references — the
 * Accounting Law and tax rules), certificates (the holder's name and number, so they still verify), the policy
 * acceptances and guardian consents' decisions (proof of consent). Refused while an order waits for payment.
 */
export async function deleteAccount(deps: Pick<AppDeps, 'database' | 'storage'>, userId: number, now = new Date()) {
  return deps.database.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u || u.deletedAt) throw new AppError('NOT_FOUND');
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, ['unpaid'])))
      .limit(1);
    if (open) throw new AppError('ACCOUNT_ORDER_OPEN');
    const done = await anonymiseRows(tx, deps.storage, { userId }, now);
    const avatar = u.avatar ? avatarKey(u.avatar) : null;
    await tx
      .update(users)
      .set({
        username: `deleted-${u.id}-${crypto.randomBytes(6).toString('hex')}`,
        phone: null,
        nickName: '',
        avatar: null,
        // no password can ever match this: the account cannot sign in again
        passwordHash: `!deleted:${crypto.randomBytes(24).toString('hex')}`,
        status: 0,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(userOauth).where(eq(userOauth.userId, userId));
    await tx.delete(wechatOpenids).where(eq(wechatOpenids.userId, userId));
    await tx.delete(orgAddresses).where(eq(orgAddresses.userId, userId));
    await tx.delete(consultMessages).where(eq(consultMessages.userId, userId));
    await tx.delete(consultThreads).where(eq(consultThreads.userId, userId));
    await tx.delete(feedback).where(eq(feedback.userId, userId));
    await tx.delete(messages).where(eq(messages.receiverId, userId));
    await tx.delete(loginLog).where(eq(loginLog.userId, userId));
    await tx.update(orders).set({ payerPhone: null }).where(eq(orders.userId, userId));
    let files = done.files;
    if (avatar) {
      await deps.storage.remove(avatar);
      files++;
    }
    await tx.insert(erasures).values({ kind: 'deletion', userId, players: done.players, files, createdAt: now });
    await audit(tx, { userId, resource: 'users', recordId: userId, action: 'deleteAccount', after: { players: done.players, files } });
    return { players: done.players, files };
  });
}
