// The team batch redeem (POST api/lRedeemCode/web/redeemCode) takes each code like a single redeem:
// one conditional UPDATE per code, so racing batches through two instances leave one winner per code.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { redeemCodes, teamMembers } from '../../db/schema/index';
import { startInstance, useTestApp } from '../../test/context';
import { buildCodes } from '../../test/factories';
import { client, newTeam, playerBody, setupLimits } from './limits.helpers';

const t = useTestApp();
let second: Awaited<ReturnType<typeof startInstance>> | undefined;
beforeEach(async () => {
  second ??= await startInstance(t());
});
afterAll(async () => {
  await second?.close();
});

describe('team batch redeem under concurrency, two instances', () => {
  it('one code in 8 racing batches for 8 players: exactly one player gets it, every round', async () => {
    const winners: number[] = [];
    for (let round = 0; round < 10; round++) {
      // a coach per round: batch redeems are limited to 30 a minute per account
      const s = await setupLimits(t().database.db, t().app, { max: 5 });
      const via = [client(t().app, s.h), client(second!.app, s.h)];
      const teams = [await newTeam(via[0]!, s.activity.id, s.program.id), await newTeam(via[0]!, s.activity.id, s.program.id)];
      const members: { id: number; teamId: number }[] = [];
      for (let i = 0; i < 8; i++) {
        const team = teams[i % 2]!;
        const r = await via[0]!.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }));
        members.push({ id: r.json().data.id, teamId: team.id });
      }
      const [code] = await buildCodes(t().database.db, s.activity.id, 1, { ownerUserId: s.user.id });
      const rs = await Promise.all(
        members.map((m, i) =>
          via[i % 2]!.post('/api/lRedeemCode/web/redeemCode', {
            activityId: s.activity.id,
            teams: [{ teamId: m.teamId, teamers: [{ teamerId: m.id, codeName: code!.codeName }] }],
          }),
        ),
      );
      expect(rs.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
      const oks = rs.flatMap((r) => r.json().data as { ok: boolean }[]).filter((x) => x.ok).length;
      winners.push(oks);
      const [row] = await t().database.db.select().from(redeemCodes).where(eq(redeemCodes.id, code!.id));
      const registered = await t().database.db.select().from(teamMembers).where(eq(teamMembers.code, code!.codeName));
      expect(row!.status).toBe('used');
      expect(registered).toHaveLength(1);
      expect(row!.memberId).toBe(registered[0]!.id);
    }
    expect(winners).toEqual(Array(10).fill(1));
  });
});
