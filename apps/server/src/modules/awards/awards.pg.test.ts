// Races only a real server can prove (PGlite runs one transaction at a time): two app instances on one
// PostgreSQL database. One judge's score of a round sent ten times at once; one award granted ten times at once.
import { describe, expect, it } from 'vitest';
import { certificates, scores } from '../../db/schema/index';
import { useSecondInstance, useTestApp } from '../../test/context';
import { loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { awardsSetup } from './awards.helpers';

const t = useTestApp();
const other = useSecondInstance(t);

describe('scores and awards under concurrency, two instances on one PostgreSQL', () => {
  it('one round scored 10 times at once across two instances → one row (the rest correct it), every answer 200; after publication all 409', async () => {
    const { app, database } = t();
    const s = await awardsSetup(app, database.db);
    const h = await loginAs(app, s.judgeUser.phone, s.judgeUser.password);
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client(i % 2 ? other().app : app, h).post('/api/lTeam/team/score', { teamId: s.a.team.id, round: 1, score: 70 + i }),
      ),
    );
    expect(rs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await database.db.select().from(scores);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.points).toBeGreaterThanOrEqual(7000);
    expect(rows[0]!.points).toBeLessThanOrEqual(7900);
    // publication and corrections at once: whatever the order, nothing lands after the publication answered
    const racing = Array.from({ length: 6 }, (_, i) =>
      client(i % 2 ? other().app : app, h).post('/api/lTeam/team/score', { teamId: s.a.team.id, round: 1, score: 10 + i }),
    );
    const published = await s.staff.post('/api/admin/results/publish', { activityId: s.activity.id, programId: s.sumo.id });
    expect(published.statusCode).toBe(200);
    const atPublication = (await database.db.select().from(scores))[0]!.points;
    await Promise.all(racing);
    expect((await database.db.select().from(scores))[0]!.points).toBe(atPublication);
    expect((await client(app, h).post('/api/lTeam/team/score', { teamId: s.a.team.id, round: 1, score: 1 })).statusCode).toBe(409);
  });

  it('one award granted to one team 10 times at once → one valid certificate', async () => {
    const { app, database } = t();
    const s = await awardsSetup(app, database.db);
    const awardId = (await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: 'First prize', kind: 'team' })).json().data
      .id;
    const h = await loginAs(app, s.admin.phone, s.admin.password);
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client(i % 2 ? other().app : app, h).post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await database.db.select().from(certificates)).toHaveLength(1);
  });

  it('one certificate reissued 8 times at once across two instances → one new certificate, one valid, the voucher kept once', async () => {
    const { app, database } = t();
    const s = await awardsSetup(app, database.db);
    const awardId = (
      await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '晋级奖', nameEn: 'Promotion', kind: 'team', promotes: true })
    ).json().data.id;
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })).json().data;
    const h = await loginAs(app, s.admin.phone, s.admin.password);
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client(i % 2 ? other().app : app, h).post(`/api/admin/certificates/${cert.id}/reissue`, {})),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 404)).toHaveLength(7);
    const rows = await database.db.select().from(certificates);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'valid')).toMatchObject([{ voucher: cert.voucher }]);
  });
});
