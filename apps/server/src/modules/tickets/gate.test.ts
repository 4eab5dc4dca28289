import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkins, gateDevices, gateScans, visitors } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { gateClient, gateDevice, setupGate } from './gate.helpers';
import { setupTickets } from './tickets.helpers';
import { endOfChinaDay } from './gate.service';

const get = useTestApp();

/** what an applied batch may change: admissions, the log, the gate's own record of scans */
async function state(db: ReturnType<typeof get>['database']['db']) {
  const v = await db
    .select({ id: visitors.id, status: visitors.status, usedAt: visitors.usedAt, usedGate: visitors.usedGate })
    .from(visitors)
    .orderBy(visitors.id);
  const c = await db.select().from(checkins).orderBy(checkins.id);
  const g = await db.select().from(gateScans).orderBy(gateScans.id);
  return JSON.stringify([v, c, g]);
}

describe('offline gate: device sessions and the download (issue 38)', () => {
  it('downloads the session’s passes in pages with only the gate’s fields: codes, kind, group size, masked name', async () => {
    const { app, database } = get();
    const g = await setupGate(database.db, app, 5);
    const other = await setupGate(database.db, app, 2);
    const dev = gateClient(app, await gateDevice(g.boss, g.session.id, 'East gate'));
    const pages: { passes: Record<string, unknown>[]; next: string | null; total: number }[] = [];
    let after: string | null = '';
    while (after !== null) {
      const r = await dev.get(`/api/gate/passes?size=2${after ? `&after=${after}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      pages.push(r.json().data);
      after = r.json().data.next;
    }
    const all = pages.flatMap((p) => p.passes);
    expect(all.filter((p) => p.kind === 'visitor')).toHaveLength(5);
    expect(all.filter((p) => p.kind === 'group')).toEqual([expect.objectContaining({ groupSize: 5, shortCode: g.groupCode })]);
    expect(pages[0]!.total).toBe(5);
    expect(all.map((p) => p.shortCode)).not.toContain(other.passes[0]!.shortCode);
    expect(all.find((p) => p.shortCode === g.passes[0]!.shortCode)).toMatchObject({ name: '王**', groupSize: 1, usedAt: null });
    const body = JSON.stringify(all);
    for (const secret of ['王小0', '13800138']) expect(body).not.toContain(secret);
    expect(Object.keys(all[0]!).sort()).toEqual(['groupId', 'groupSize', 'id', 'kind', 'name', 'passCode', 'shortCode', 'usedAt', 'usedGate']);
    // a bad cursor or page size is a 400 naming it
    expect((await dev.get('/api/gate/passes?after=x1')).statusCode).toBe(400);
    expect((await dev.get('/api/gate/passes?size=99999')).json().fieldErrors).toHaveProperty('size');
  });

  it('refuses a missing, revoked or expired device in zh and en; sign-out revokes; the day ends at midnight China time', async () => {
    const { app, database } = get();
    const g = await setupGate(database.db, app, 1);
    expect((await gateClient(app, 'nope').get('/api/gate/me')).json().code).toBe('GATE_DEVICE_UNKNOWN');
    expect((await app.inject({ method: 'GET', url: '/api/gate/me' })).statusCode).toBe(401);
    const token = await gateDevice(g.boss, g.session.id, 'East gate');
    const me = (await gateClient(app, token).get('/api/gate/me')).json().data;
    expect(me).toMatchObject({ passCount: 1, device: { gate: 'East gate', state: 'active', sessionName: 'Morning' } });
    expect((await g.boss.post(`/api/admin/gate/devices/${me.device.id}/revoke`, {})).statusCode).toBe(200);
    for (const [lang, text] of [
      ['zh', '该入口设备已退出或被撤销，本机保存的入场码已清除'],
      ['en', 'This gate device was signed out or revoked: its stored passes are wiped'],
    ] as const) {
      for (const r of [await gateClient(app, token, lang).get('/api/gate/passes'), await gateClient(app, token, lang).sync([])]) {
        expect(r.statusCode).toBe(401);
        expect(r.json()).toMatchObject({ code: 'GATE_DEVICE_REVOKED', resultStr: text });
      }
    }
    const second = gateClient(app, await gateDevice(g.boss, g.session.id, 'West gate'));
    expect((await second.post('/api/gate/signout')).statusCode).toBe(200);
    expect((await second.get('/api/gate/me')).json().code).toBe('GATE_DEVICE_REVOKED');
    const third = await gateDevice(g.boss, g.session.id, 'North gate');
    await database.db
      .update(gateDevices)
      .set({ createdAt: new Date(Date.now() - 7_200_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gateDevices.gate, 'North gate'));
    expect((await gateClient(app, third).get('/api/gate/me')).json().code).toBe('GATE_DEVICE_EXPIRED');
    expect(endOfChinaDay(new Date('2026-05-01T15:59:00Z')).toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(endOfChinaDay(new Date('2026-05-01T16:00:00Z')).toISOString()).toBe('2026-05-02T16:00:00.000Z');
  });

  it('a regional organiser makes devices, revokes them and reads the doors of her own sessions only', async () => {
    const { app, database } = get();
    const db = database.db;
    const a = await setupGate(db, app, 1);
    const b = await setupTickets(db, app);
    expect(
      (await a.boss.post('/api/admin/roles', { code: 'gate-a', nameZh: 'A 入口', permissions: ['checkin.scan'], activityIds: [a.activity.id] })).statusCode,
    ).toBe(200);
    const u = await buildUser(db, { roles: ['member', 'gate-a'] });
    const regional = client(app, await loginAs(app, u.phone, u.password), 'en');
    expect((await regional.post('/api/admin/gate/devices', { sessionId: a.session.id, gate: 'East gate' })).statusCode).toBe(200);
    const refused = await regional.post('/api/admin/gate/devices', { sessionId: b.session.id, gate: 'East gate' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OUT_OF_SCOPE');
    expect((await regional.get(`/api/admin/gate/overview?sessionId=${b.session.id}`)).json().code).toBe('OUT_OF_SCOPE');
    const theirs = (await a.boss.post('/api/admin/gate/devices', { sessionId: b.session.id, gate: 'Hall B' })).json().data.device.id;
    expect((await regional.post(`/api/admin/gate/devices/${theirs}/revoke`, {})).json().code).toBe('OUT_OF_SCOPE');
    expect((await db.select().from(gateDevices).where(eq(gateDevices.id, theirs)))[0]!.revokedAt).toBeNull();
    // a member without the permission, and a session that does not exist
    const m = await buildUser(db);
    expect(
      (await client(app, await loginAs(app, m.phone, m.password)).post('/api/admin/gate/devices', { sessionId: a.session.id, gate: 'x' })).statusCode,
    ).toBe(403);
    expect((await a.boss.post('/api/admin/gate/devices', { sessionId: 999999, gate: 'x' })).statusCode).toBe(404);
    expect((await a.boss.post('/api/admin/gate/devices', { sessionId: a.session.id, gate: 'x'.repeat(41) })).json().fieldErrors).toHaveProperty('gate');
  });
});

describe('offline gate: batches (issue 38)', () => {
  it('applies a batch once: the same batch again changes nothing; the rest of a batch with bad scans is applied', async () => {
    const { app, database } = get();
    const db = database.db;
    const g = await setupGate(db, app, 3);
    const other = await setupGate(db, app, 1);
    const dev = gateClient(app, await gateDevice(g.boss, g.session.id, 'East gate'));
    const batch = dev.scans([
      { code: g.passes[0]!.shortCode },
      { code: 'ZZZZZZZZZZZZ' },
      { code: other.passes[0]!.passCode },
      { code: g.passes[1]!.shortCode, at: new Date(Date.now() + 3_600_000) },
      { code: g.passes[2]!.passCode, admitted: false },
    ]);
    const first = await dev.sync(batch, 4);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['admitted', 'unknown', 'otherSession', 'clockOff', 'refused']);
    expect(first.json().data.results[3].reason).toBe('The scan’s time is too far from the server’s clock: not applied');
    const after = await state(db);
    const again = await dev.sync(batch);
    expect(again.json().data.results.every((r: { repeated: boolean }) => r.repeated)).toBe(true);
    expect(await state(db)).toBe(after);
    const [v0] = await db.select().from(visitors).where(eq(visitors.id, g.passes[0]!.id));
    expect(v0).toMatchObject({ status: 'used', usedGate: 'East gate' });
    expect((await db.select().from(visitors).where(eq(visitors.id, g.passes[1]!.id)))[0]!.status).toBe('valid');
    expect((await db.select().from(visitors).where(eq(visitors.id, other.passes[0]!.id)))[0]!.status).toBe('valid');
    // the device's last word: scans pending
    expect((await db.select().from(gateDevices))[0]).toMatchObject({ pending: 0 });

    // a counter reused with other contents is flagged (once), nothing else changes
    const reused = [{ ...batch[1]!, code: g.passes[1]!.shortCode }];
    const r = await dev.sync(reused);
    expect(r.json().data.results[0]).toMatchObject({ outcome: 'nonceReused', repeated: false });
    expect((await dev.sync(reused)).json().data.results[0]).toMatchObject({ outcome: 'nonceReused', repeated: true });
    expect((await db.select().from(visitors).where(eq(visitors.id, g.passes[1]!.id)))[0]!.status).toBe('valid');
    expect(await db.select().from(gateScans).where(eq(gateScans.outcome, 'nonceReused'))).toHaveLength(1);
    // hostile batches: 400 naming the field, nothing written
    const before = await state(db);
    for (const bad of [
      { sentAt: 'soon', scans: [] },
      { sentAt: new Date().toISOString(), scans: [{ counter: 0, code: 'x', at: new Date().toISOString(), admitted: true }] },
      {
        sentAt: new Date().toISOString(),
        scans: Array.from({ length: 501 }, (_, i) => ({ counter: i + 1, code: 'x', at: new Date().toISOString(), admitted: true })),
      },
    ])
      expect((await dev.post('/api/gate/sync', bad)).statusCode).toBe(400);
    expect(await state(db)).toBe(before);
  });

  it('two gates admitting one pass offline → one admission and one conflict in the organiser’s view (en); the admissions feed', async () => {
    const { app, database } = get();
    const db = database.db;
    const g = await setupGate(db, app, 2);
    const east = gateClient(app, await gateDevice(g.boss, g.session.id, 'East gate'));
    const west = gateClient(app, await gateDevice(g.boss, g.session.id, 'West gate'));
    const t0 = new Date(Date.now() - 120_000);
    const t1 = new Date(Date.now() - 60_000);
    expect((await east.sync(east.scans([{ code: g.passes[0]!.shortCode, at: t0 }]))).json().data.results[0].outcome).toBe('admitted');
    expect(
      (
        await west.sync(
          west.scans([
            { code: g.passes[0]!.passCode, at: t1 },
            { code: g.passes[1]!.shortCode, at: t1 },
          ]),
          3,
        )
      )
        .json()
        .data.results.map((r: { outcome: string }) => r.outcome),
    ).toEqual(['conflict', 'admitted']);
    expect(await db.select().from(checkins).where(eq(checkins.result, 'admitted'))).toHaveLength(2);
    const [v] = await db.select().from(visitors).where(eq(visitors.id, g.passes[0]!.id));
    expect(v).toMatchObject({ usedGate: 'East gate', usedAt: t0 });

    const hm = (d: Date, lang: string) =>
      new Intl.DateTimeFormat(lang, { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
    const view = (await g.boss.get(`/api/admin/gate/overview?sessionId=${g.session.id}`)).json().data;
    expect(view.admitted).toBe(2);
    expect(view.gates).toEqual([
      { gate: 'East gate', admitted: 1 },
      { gate: 'West gate', admitted: 1 },
    ]);
    expect(view.perMinute).toHaveLength(2);
    expect(view.devices.map((d: { gate: string; pending: number; lastSeenAt: string | null }) => [d.gate, d.pending, d.lastSeenAt !== null])).toEqual([
      ['East gate', 0, true],
      ['West gate', 3, true],
    ]);
    expect(view.conflicts).toHaveLength(1);
    expect(view.conflicts[0].text).toBe(`admitted twice: East gate ${hm(t0, 'en-GB')}, West gate ${hm(t1, 'en-GB')}, both offline`);
    // an online admission at the first gate is told apart
    await g.boss.post('/api/admin/checkin', { code: g.passes[1]!.passCode, gate: 'x' });
    const east2 = await east.sync(east.scans([{ code: g.passes[1]!.shortCode, at: new Date() }]));
    expect(east2.json().data.results[0].outcome).toBe('conflict');

    // other gates' admissions since a cursor
    const feed = (await east.get('/api/gate/admissions?since=0')).json().data;
    expect(feed.admissions.map((a: { gate: string }) => a.gate)).toEqual(['East gate', 'West gate']);
    expect((await east.get(`/api/gate/admissions?since=${feed.cursor}`)).json().data.admissions).toEqual([]);
  });

  it('a group pass scanned offline admits its order’s still-valid visitors; the download then shows them used', async () => {
    const { app, database } = get();
    const g = await setupGate(database.db, app, 3);
    const dev = gateClient(app, await gateDevice(g.boss, g.session.id, 'East gate'));
    await g.boss.post('/api/admin/checkin', { code: g.passes[0]!.passCode, gate: 'North gate' });
    const r = await dev.sync(dev.scans([{ code: g.groupCode.toLowerCase() }]));
    expect(r.json().data.results[0].outcome).toBe('admitted');
    const passes = (await dev.get('/api/gate/passes')).json().data.passes as { id: number; usedGate: string | null }[];
    expect(g.passes.map((p) => passes.find((x) => x.id === p.id)!.usedGate)).toEqual(['North gate', 'East gate', 'East gate']);
    // scanned again offline: every visitor already in → a conflict, nothing admitted twice
    expect((await dev.sync(dev.scans([{ code: g.groupCode }]))).json().data.results[0].outcome).toBe('conflict');
    expect((await database.db.select().from(checkins)).filter((c) => c.result === 'admitted')).toHaveLength(3);
  });

  it('shows the conflict in Chinese with each side online or offline', async () => {
    const { app, database } = get();
    const g = await setupGate(database.db, app, 1);
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const zh = client(app, await loginAs(app, admin.phone, admin.password), 'zh');
    const gate = gateClient(app, await gateDevice(zh, g.session.id, '东门'));
    const online = await gateClient(app, await gateDevice(zh, g.session.id, '西门')).post('/api/gate/scan', { code: g.passes[0]!.shortCode });
    expect(online.json().data).toMatchObject({ result: 'admitted', usedGate: '西门' });
    await gate.sync(gate.scans([{ code: g.passes[0]!.shortCode }]));
    const text = (await zh.get(`/api/admin/gate/overview?sessionId=${g.session.id}`)).json().data.conflicts[0].text as string;
    expect(text).toMatch(/^重复入场：西门 \d\d:\d\d（在线），东门 \d\d:\d\d（离线）$/);
  });
});
