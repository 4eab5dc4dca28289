import { describe, expect, it } from 'vitest';
import { dictDetails, teamMembers, teams } from '../../db/schema/index';
import { demoDictionary } from '../../db/seed/demo-data';
import { useTestApp } from '../../test/context';
import { buildActivity, buildProgram, buildUser } from '../../test/factories';

const t = useTestApp();
const get = (url: string, lang = 'zh') => t().app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('site contact and home counts', () => {
  it('counts shown activities, distinct programs and venues, teams and registered players', async () => {
    const db = t().database.db;
    const a = await buildActivity(db, { venueZh: '北京国家会议中心' });
    const b = await buildActivity(db, { venueZh: '上海世博展览馆' });
    const c = await buildActivity(db, { venueZh: '北京国家会议中心' });
    const hidden = await buildActivity(db, { venueZh: '隐藏场馆', show: false });
    const sumo = await buildProgram(db, a.id, { nameZh: '相扑' });
    await buildProgram(db, b.id, { nameZh: '相扑' });
    await buildProgram(db, c.id, { nameZh: '创意' });
    await buildProgram(db, hidden.id, { nameZh: '隐藏项目' });
    const owner = await buildUser(db);
    const [team] = await db
      .insert(teams)
      .values({ activityId: a.id, userId: owner.id, programId: sumo.id, name: '雄鹰', number: `${a.id}-0001` })
      .returning();
    const member = (payStatus: number, i: number) => ({
      activityId: a.id,
      userId: owner.id,
      teamId: team!.id,
      name: `P${i}`,
      cardEnc: 'x',
      cardHash: `h${i}`,
      cardMasked: 'm',
      payStatus,
    });
    await db.insert(teamMembers).values([member(3, 1), member(9, 2), member(0, 3), member(7, 4)]);

    const first = await get('/api/lSite/web/stats');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('max-age=60');
    expect(first.json().data).toEqual({ activities: 3, programs: 2, venues: 2, teams: 1, players: 2 });
    // cached: a new activity shows within a minute, not on the next request
    await buildActivity(db, { venueZh: '深圳会展中心' });
    expect((await get('/api/lSite/web/stats')).json().data.activities).toBe(3);
  });

  it("serves the contact details in the reader's language from the one dictionary entry", async () => {
    await t()
      .database.db.insert(dictDetails)
      .values(demoDictionary().filter((d) => d.dictName === 'site_contact'));
    const zh = (await get('/api/lSite/web/contact')).json().data;
    const en = (await get('/api/lSite/web/contact', 'en')).json().data;
    expect(zh.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(en.email).toBe(zh.email);
    expect(zh.address).toMatch(/北京/);
    expect(en.address).toMatch(/Beijing/);
    expect(Object.keys(zh).sort()).toEqual(['address', 'email', 'hours', 'phone']);
  });
});
