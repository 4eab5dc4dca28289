// Issue 37 part 3 on the PostgreSQL tier: the retention job on two instances at once anonymises each due activity
// once, leaves the books balanced and certificates verifiable, touches no other activity, and resumes after a crash.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, awards, certificates, erasures, teamMembers } from '../../db/schema/index';
import type { Storage } from '../../lib/storage';
import { useSecondInstance, useTestApp } from '../../test/context';
import { ledgerMismatches, payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';
import { anonymiseDueActivity } from './retention';

const t = useTestApp();
const second = useSecondInstance(t);
const DAY = 86_400_000;
const run = promisify(execFile);

/** A paid team of three in its own activity, one player holding a certificate. */
async function paidActivity() {
  const { app, database } = t();
  const db = database.db;
  const m = await setupMoney(db, app);
  const { ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 3);
  const o = (await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids })).json().data;
  await payWithSandbox(app, m.c, o.orderNo);
  const [award] = await db.insert(awards).values({ activityId: m.activity.id, nameZh: '一等奖', nameEn: 'First prize', kind: 'player' }).returning();
  const certCode = 'ABCDEFGHJKLMNPQ' + String.fromCharCode(50 + m.activity.id);
  await db.insert(certificates).values({ awardId: award!.id, activityId: m.activity.id, memberId: ids[0]!, name: '选手0', certCode });
  return { ...m, ids, certCode };
}

const end = (id: number, daysAgo: number) =>
  t()
    .database.db.update(activities)
    .set({ beginTime: new Date(Date.now() - (daysAgo + 2) * DAY), finishTime: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(activities.id, id));

describe('the retention job across two instances', () => {
  it('anonymises each due activity once; ledger balanced, certificates verify, other activities untouched', async () => {
    const db = t().database.db;
    const due = await paidActivity();
    const kept = await paidActivity();
    await end(due.activity.id, 200);
    const keptBefore = await db.select().from(teamMembers).where(eq(teamMembers.activityId, kept.activity.id)).orderBy(teamMembers.id);

    // both instances, five runs each, all at once
    const b = second();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => anonymiseDueActivity((i % 2 ? b.app : t().app).deps).catch((e: Error) => e.name)));
    expect(results.filter((r) => r === true)).toHaveLength(1);
    expect(results.filter((r) => typeof r === 'string')).toEqual([]);
    expect(await db.select().from(erasures)).toMatchObject([{ kind: 'retention', activityId: due.activity.id, players: 3 }]);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'anonymise'))).toHaveLength(1);
    for (const m of await db.select().from(teamMembers).where(eq(teamMembers.activityId, due.activity.id))) {
      expect(m).toMatchObject({ cardEnc: '', cardMasked: '', cardHash: `anon:${m.id}` });
      expect(m.anonymisedAt).not.toBeNull();
    }
    expect(await db.select().from(teamMembers).where(eq(teamMembers.activityId, kept.activity.id)).orderBy(teamMembers.id)).toEqual(keptBefore);

    // the books: our own check and the operators' script
    expect(await ledgerMismatches(db)).toEqual([]);
    const script = path.resolve(__dirname, '../../../../../scripts/check-ledger.mjs');
    const out = await run(process.execPath, [script], { env: { ...process.env, DATABASE_URL: t().url! } });
    expect(out.stdout).toContain('✓ ledger sum ≠ paid − refunded: none');
    // the certificate still verifies, with its holder's name, through either instance
    for (const app of [t().app, b.app]) {
      const v = await app.inject({ method: 'GET', url: `/api/lAward/verifyCertCode?certCode=${due.certCode}` });
      expect(v.statusCode, v.body).toBe(200);
      expect(v.json().data.name).toBe('选手0');
    }
  });

  it('resumes after a crash: a run that fails half-way leaves nothing marked, the next one finishes', async () => {
    const db = t().database.db;
    const due = await paidActivity();
    await end(due.activity.id, 200);
    // a photo on one player so the run reaches the object store, which fails the first time (a crash mid-run)
    await db.update(teamMembers).set({ headImg: '/api/files/private/avatars/2026/01/aaaaaaaaaaaaaaaaaaaaaaaa.jpg' }).where(eq(teamMembers.id, due.ids[0]!));
    const real = t().app.deps.storage;
    const crashing: Storage = Object.assign(Object.create(Object.getPrototypeOf(real)), real, {
      remove: async () => {
        throw new Error('connection lost');
      },
    });
    await expect(anonymiseDueActivity({ database: t().database, storage: crashing })).rejects.toThrow('connection lost');
    expect(await db.select().from(erasures)).toEqual([]);
    expect((await db.select().from(teamMembers).where(eq(teamMembers.id, due.ids[0]!)))[0]!.anonymisedAt).toBeNull();
    expect((await db.select().from(activities).where(eq(activities.id, due.activity.id)))[0]!.anonymisedAt).toBeNull();
    expect(await anonymiseDueActivity(second().app.deps)).toBe(true);
    expect(await db.select().from(erasures)).toHaveLength(1);
    expect((await db.select().from(teamMembers).where(eq(teamMembers.id, due.ids[0]!)))[0]!).toMatchObject({ headImg: null, cardEnc: '' });
  });
});
