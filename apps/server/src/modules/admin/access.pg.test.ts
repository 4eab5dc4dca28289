// The last administrator under concurrency (PGlite runs one transaction at a time, so only PostgreSQL proves it):
// two administrators demote each other at the same moment through two instances → one of them stays.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('staff accounts under concurrency, two instances on one PostgreSQL', () => {
  it('two administrators taking each other’s role at once → exactly one succeeds, one administrator is left', async () => {
    const { app, database } = t();
    for (let round = 0; round < 5; round++) {
      await database.db.execute(sql`delete from ${users}`);
      const a = await buildUser(database.db, { roles: ['admin'] });
      const b = await buildUser(database.db, { roles: ['admin'] });
      const ha = await loginAs(app, a.username, a.password);
      const hb = await loginAs(second!.app, b.username, b.password);
      const [ra, rb] = await Promise.all([
        app.inject({ method: 'PUT', url: `/api/admin/users/${b.id}`, headers: ha, payload: { roles: ['member'] } }),
        second!.app.inject({ method: 'PUT', url: `/api/admin/users/${a.id}`, headers: hb, payload: { roles: ['member'] } }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      // the loser is refused: 409 LAST_ADMIN, or 403 when the winner's demotion reached it first
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const left = await database.db
        .select()
        .from(users)
        .where(sql`'admin' = any(${users.roles})`);
      expect(left.length).toBe(1);
    }
  });
});
