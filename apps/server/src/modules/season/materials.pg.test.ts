// Clothes-size stock under concurrency, across two app instances on one PostgreSQL database (issue 14).
// PostgreSQL tier only: on PGlite one transaction runs at a time.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { materials, teamMembers } from '../../db/schema/index';
import { useSecondInstance, useTestApp } from '../../test/context';
import { client, playerBody, setupLimits } from '../registration/limits.helpers';

const t = useTestApp();
const second = useSecondInstance(t);

describe('clothes sizes under concurrency, two instances', () => {
  it('10 concurrent takes of a size with 3 left: exactly 3 succeed, the rest 409 MATERIAL_OUT_OF_STOCK, none below 0 (5 rounds)', async () => {
    const { app, database } = t();
    const db = database.db;
    const s = await setupLimits(db, app);
    const a = client(app, s.h);
    const b = client(second().app, s.h);
    for (let round = 0; round < 5; round++) {
      const [m] = await db
        .insert(materials)
        .values({ activityId: s.activity.id, nameZh: `M${round}`, type: 1, quantity: 10, remaining: 3 })
        .returning();
      const rs = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).post('/api/lTeamMember/web/create', playerBody(s.activity.id, { clothes: { id: m!.id } }))),
      );
      expect(rs.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(rs.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'MATERIAL_OUT_OF_STOCK')).toBe(true);
      const [after] = await db.select().from(materials).where(eq(materials.id, m!.id));
      expect(after!.remaining).toBe(0);
      expect(await db.$count(teamMembers, eq(teamMembers.clothesId, m!.id))).toBe(3);
    }
  });

  it('crosswise size changes (A → B and B → A at once) never deadlock and keep the counts', async () => {
    const { app, database } = t();
    const db = database.db;
    const s = await setupLimits(db, app);
    const a = client(app, s.h);
    const b = client(second().app, s.h);
    const [x] = await db.insert(materials).values({ activityId: s.activity.id, nameZh: 'X', type: 1, quantity: 20, remaining: 20 }).returning();
    const [y] = await db.insert(materials).values({ activityId: s.activity.id, nameZh: 'Y', type: 1, quantity: 20, remaining: 20 }).returning();
    const players = [];
    for (let i = 0; i < 8; i++) {
      const body = playerBody(s.activity.id, { clothes: { id: i % 2 ? x!.id : y!.id } });
      const r = await a.post('/api/lTeamMember/web/create', body);
      players.push({ id: r.json().data.id as number, body, to: i % 2 ? y!.id : x!.id });
    }
    const rs = await Promise.all(players.map((p, i) => (i % 2 ? b : a).put('/api/lTeamMember/web/update', { ...p.body, id: p.id, clothes: { id: p.to } })));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const left = await db.select({ r: materials.remaining }).from(materials).where(eq(materials.activityId, s.activity.id));
    expect(left.map((l) => l.r)).toEqual([16, 16]);
  });
});
