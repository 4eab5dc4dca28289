// Races only a real server can prove (PGlite runs one transaction at a time): two app instances on one PostgreSQL
// database, two gate devices sending their offline batches for the same passes at the same moment, each twice.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { checkins, gateScans, visitors } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { gateClient, gateDevice, setupGate } from './gate.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('offline gate batches under concurrency, two instances on one PostgreSQL', () => {
  it('two devices admitting the same 12 passes offline, each batch sent twice at once → one admission per pass, one conflict each', async () => {
    const { app, database } = t();
    const db = database.db;
    const g = await setupGate(db, app, 12);
    const east = gateClient(app, await gateDevice(g.boss, g.session.id, 'East gate'));
    const west = gateClient(second!.app, await gateDevice(g.boss, g.session.id, 'West gate'));
    const eastBatch = east.scans(g.passes.map((p) => ({ code: p.shortCode })));
    const westBatch = west.scans(g.passes.map((p) => ({ code: p.passCode })));
    const rs = await Promise.all([east.sync(eastBatch), west.sync(westBatch), east.sync(eastBatch), west.sync(westBatch)]);
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);

    const admitted = (await db.select().from(checkins)).filter((c) => c.result === 'admitted');
    expect(admitted).toHaveLength(12);
    expect(new Set(admitted.map((c) => c.visitorId)).size).toBe(12);
    expect((await db.select().from(visitors)).every((v) => v.status === 'used')).toBe(true);
    const scans = await db.select().from(gateScans);
    // one row per nonce: the retries added nothing
    expect(scans).toHaveLength(24);
    expect(scans.filter((s) => s.outcome === 'admitted')).toHaveLength(12);
    expect(scans.filter((s) => s.outcome === 'conflict')).toHaveLength(12);
    // each pass: one admission, one conflict, whichever gate won it
    for (const p of g.passes)
      expect(
        scans
          .filter((s) => s.visitorId === p.id)
          .map((s) => s.outcome)
          .sort(),
      ).toEqual(['admitted', 'conflict']);
    const view = (await g.boss.get(`/api/admin/gate/overview?sessionId=${g.session.id}`)).json().data;
    expect(view.admitted).toBe(12);
    expect(view.conflicts).toHaveLength(12);
    expect(view.conflicts.every((c: { text: string }) => c.text.endsWith('both offline'))).toBe(true);
  });
});
