import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guardianConsents, materials, plans, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { statementsOf } from '../../test/statements';

/**
 * The player list and a player's presentation (issue 39 item 3, rush paths): what they show, and how many SQL
 * statements they cost — the list is the session and one query (its page, the team, program, plan, clothes,
 * consent of each player and the total), a player's presentation one query.
 */
const t = useTestApp();

function api(h: Record<string, string>, lang = 'zh') {
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: { ...h, 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { get: (url: string) => call('GET', url), post: (url: string, p: unknown) => call('POST', url, p) };
}

/** A consent-asking activity with a plan and a clothes size; a coach's team and four players; another coach's player. */
async function world() {
  const { db } = t().database;
  const reg = await buildRegistrationActivity(db, { guardianConsentRequired: true });
  const [plan] = await db.insert(plans).values({ activityId: reg.activity.id, nameZh: '标准套餐', nameEn: 'Standard plan', priceFen: 30000 }).returning();
  const [size] = await db.insert(materials).values({ activityId: reg.activity.id, nameZh: '儿童M码', nameEn: 'Kids M', type: 1 }).returning();
  const u = await buildUser(db, { nickName: '李教练' });
  const h = await loginAs(t().app, u.phone, u.password);
  const a = api(h);
  const team = (await a.post('/api/lTeam/web/create', { activityId: reg.activity.id, name: '雄鹰队', program: { id: reg.sumo.id } })).json().data;
  const year = new Date().getUTCFullYear();
  const add = async (a2: ReturnType<typeof api>, name: string, birth: string, over: Record<string, unknown> = {}) => {
    const r = await a2.post('/api/lTeamMember/web/create', {
      activityId: reg.activity.id,
      name,
      cardType: 0,
      card: idCard(birth, false, 1 + (name.length % 9)),
      emerName: '妈妈',
      emerPhone: '13800138000',
      ...over,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { id: number };
  };
  const child = await add(a, '林小雨', `${year - 9}0601`, {
    team: { id: team.id },
    program: { id: reg.sumo.id },
    plan: { id: plan!.id },
    clothes: { id: size!.id },
  });
  const refused = await add(a, '陈小云', `${year - 10}0301`, { team: { id: team.id }, program: { id: reg.sumo.id } });
  const teen = await add(a, '王大明', `${year - 15}0101`, { team: { id: team.id }, program: { id: reg.sumo.id } });
  const loose = await add(a, '赵小花', `${year - 12}0701`, { program: { id: reg.girls.id }, card: idCard(`${year - 12}0701`, true) });
  // the latest row is the consent: pending then refused for one child, refused then consented for another
  const consent = (teamMemberId: number, status: 'pending' | 'refused' | 'consented') =>
    ({ teamMemberId, status, method: 'sms', guardianName: '陈妈妈', guardianPhone: '13900139000', relationship: '母亲' }) as const;
  await db
    .insert(guardianConsents)
    .values([consent(refused.id, 'pending'), consent(refused.id, 'refused'), consent(loose.id, 'refused'), consent(loose.id, 'consented')]);
  const other = await buildUser(db, { nickName: '别的教练' });
  await add(api(await loginAs(t().app, other.phone, other.password)), '外人', `${year - 11}0101`);
  return { ...reg, h, a, plan: plan!, size: size!, team, child, refused, teen, loose };
}

describe('the player list and a player’s presentation (issue 39 item 3)', () => {
  it('shows each player’s team, program, plan, clothes and consent, newest first, in both languages', async () => {
    const s = await world();
    const list = (lang: string) => api(s.h, lang).get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=0&size=30`);
    const zh = (await list('zh')).json();
    expect(zh).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 30 });
    const [full] = await t().database.db.select().from(teams).where(eq(teams.id, s.team.id));
    const team = { id: s.team.id, name: '雄鹰队', status: full!.status };
    const sumo = (name: string) => ({ id: s.sumo.id, name, type: 0, maximum: 3 });
    const rows = (en: boolean) =>
      [
        [s.loose.id, '赵小花', null, { id: s.girls.id, name: en ? "Girls' Firefighting" : '女子消防', type: 1, maximum: 4 }, null, null, 'consented'],
        [s.teen.id, '王大明', team, sumo(en ? 'Skill-based Sumo' : '技能相扑赛'), null, null, 'notNeeded'],
        [s.refused.id, '陈小云', team, sumo(en ? 'Skill-based Sumo' : '技能相扑赛'), null, null, 'refused'],
        [
          s.child.id,
          '林小雨',
          team,
          sumo(en ? 'Skill-based Sumo' : '技能相扑赛'),
          { id: s.plan.id, name: en ? 'Standard plan' : '标准套餐' },
          { id: s.size.id, name: en ? 'Kids M' : '儿童M码' },
          'none',
        ],
      ].map(([id, name, tm, program, plan, clothes, consent]) => ({ id, name, team: tm, program, plan, clothes, consent }));
    expect(zh.content).toMatchObject(rows(false));
    expect((await list('en')).json().content).toMatchObject(rows(true));
    // ID numbers masked in the list
    for (const m of zh.content as { card: string }[]) expect(m.card).toMatch(/^\d{3}\*{11}\d{3}[\dX]$/);
  });

  it('keeps the total on a page past the end and under a filter', async () => {
    const s = await world();
    const past = (await s.a.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=3&size=2`)).json();
    expect(past).toMatchObject({ content: [], totalElements: 4, totalPages: 2, number: 3, size: 2 });
    const second = (await s.a.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=1&size=3`)).json();
    expect(second).toMatchObject({ totalElements: 4, totalPages: 2 });
    expect(second.content.map((m: { id: number }) => m.id)).toEqual([s.child.id]);
    const inTeam = (await s.a.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=0&size=2&teamId=${s.team.id}`)).json();
    expect(inTeam).toMatchObject({ totalElements: 3, totalPages: 2 });
    const none = (await s.a.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=0&size=2&name=nobody`)).json();
    expect(none).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('costs at most 3 statements for a page of players (the session and the page with everything it shows) and 3 for one player', async () => {
    const s = await world();
    const { database } = t();
    let body = '';
    const list = await statementsOf(database, async () => {
      body = (await s.a.get(`/api/lTeamMember/web/list?activityId=${s.activity.id}&page=0&size=20`)).body;
    });
    expect(JSON.parse(body).content).toHaveLength(4);
    expect(list.length, list.join('\n')).toBeLessThanOrEqual(3);
    const detail = await statementsOf(database, () => s.a.get(`/api/lTeamMember/web/detail?id=${s.child.id}`));
    expect(detail.length, detail.join('\n')).toBeLessThanOrEqual(3);
    // a registration answers with the player presented in one statement after its transaction (which is not counted here)
    const created = await statementsOf(database, async () => {
      const r = await s.a.post('/api/lTeamMember/web/create', {
        activityId: s.activity.id,
        name: '新选手',
        cardType: 0,
        card: idCard('20150101'),
        emerName: '妈妈',
        emerPhone: '13800138000',
        program: { id: s.sumo.id },
        plan: { id: s.plan.id },
      });
      expect(r.json().data).toMatchObject({ plan: { id: s.plan.id, name: '标准套餐' }, consent: 'none' });
    });
    const presenting = created.filter((x) => /"(teams|programs|plans|materials|guardian_consents)"/.test(x));
    expect(presenting.length, created.join('\n')).toBe(1);
  });
});

/**
 * The list reads each player's latest consent, team, program, plan and clothes through subqueries correlated
 * with her row (present.ts). Drizzle writes a bare "id" for a column in a query of one table, which inside the
 * consent subquery would be guardian_consents' own id: the lookup would no longer depend on the player and every
 * row would show one and the same answer. Two players of one team expecting different consents, different plans
 * and sizes, and another account's player whose consent is the newest row of all, so no answer shared across
 * rows (or borrowed from another player) passes.
 */
describe('each player of the list shows her own consent, team, program, plan and clothes', () => {
  it('shows the latest consent row of each player (none for a player without any), never another player’s', async () => {
    const { db } = t().database;
    const reg = await buildRegistrationActivity(db, { guardianConsentRequired: true });
    const [planA, planB] = await db
      .insert(plans)
      .values([
        { activityId: reg.activity.id, nameZh: '基础套餐', nameEn: 'Basic plan', priceFen: 20000 },
        { activityId: reg.activity.id, nameZh: '全程套餐', nameEn: 'Full plan', priceFen: 50000 },
      ])
      .returning();
    const [sizeA, sizeB] = await db
      .insert(materials)
      .values([
        { activityId: reg.activity.id, nameZh: '儿童S码', nameEn: 'Kids S', type: 1 },
        { activityId: reg.activity.id, nameZh: '儿童L码', nameEn: 'Kids L', type: 1 },
      ])
      .returning();
    const coach = await buildUser(db, { nickName: '周教练' });
    const coachAuth = await loginAs(t().app, coach.phone, coach.password);
    const a = api(coachAuth);
    const made = await a.post('/api/lTeam/web/create', { activityId: reg.activity.id, name: '猎豹队', program: { id: reg.sumo.id } });
    expect(made.statusCode, made.body).toBe(200);
    const [team] = await db.select().from(teams).where(eq(teams.id, made.json().data.id));
    const year = new Date().getUTCFullYear();
    const add = async (who: ReturnType<typeof api>, name: string, birth: string, seq: number, over: Record<string, unknown> = {}) => {
      const r = await who.post('/api/lTeamMember/web/create', {
        activityId: reg.activity.id,
        name,
        cardType: 0,
        card: idCard(birth, false, seq),
        emerName: '爸爸',
        emerPhone: '13800138000',
        ...over,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { id: number };
    };
    // both under 14 in an activity that asks: both need a consent
    const withRows = await add(a, '孙小明', `${year - 9}0401`, 3, {
      team: { id: team!.id },
      program: { id: reg.sumo.id },
      plan: { id: planA!.id },
      clothes: { id: sizeA!.id },
    });
    const without = await add(a, '钱小亮', `${year - 10}0801`, 5, {
      team: { id: team!.id },
      program: { id: reg.sumo.id },
      plan: { id: planB!.id },
      clothes: { id: sizeB!.id },
    });
    const other = await buildUser(db, { nickName: '吴教练' });
    const b = api(await loginAs(t().app, other.phone, other.password));
    const stranger = await add(b, '郑小刚', `${year - 8}0201`, 7);

    // one row at a time so the ids follow this order: the player's consent given, then withdrawn, then asked
    // again (pending is the latest); the other account's player consented last, the highest id of all
    const consent = async (teamMemberId: number, status: 'pending' | 'consented' | 'refused' | 'withdrawn') =>
      db.insert(guardianConsents).values({ teamMemberId, status, method: 'sms', guardianName: '孙爸爸', guardianPhone: '13900139000', relationship: '父亲' });
    await consent(withRows.id, 'consented');
    await consent(stranger.id, 'refused');
    await consent(withRows.id, 'withdrawn');
    await consent(withRows.id, 'pending');
    await consent(stranger.id, 'consented');

    const shown = (r: { json: () => { content: Record<string, unknown>[]; totalElements: number } }) => {
      const body = r.json();
      return {
        total: body.totalElements,
        rows: body.content.map(({ id, name, team, program, plan, clothes, consent }) => ({ id, name, team, program, plan, clothes, consent })),
      };
    };
    const ownTeam = { id: team!.id, name: '猎豹队', status: team!.status };
    const sumo = (en: boolean) => ({ id: reg.sumo.id, name: en ? 'Skill-based Sumo' : '技能相扑赛', type: 0, maximum: 3 });
    for (const lang of ['zh', 'en'] as const) {
      const en = lang === 'en';
      const list = await api(coachAuth, lang).get(`/api/lTeamMember/web/list?activityId=${reg.activity.id}&page=0&size=30`);
      expect(list.statusCode, list.body).toBe(200);
      expect(shown(list)).toEqual({
        total: 2,
        rows: [
          {
            id: without.id,
            name: '钱小亮',
            team: ownTeam,
            program: sumo(en),
            plan: { id: planB!.id, name: en ? 'Full plan' : '全程套餐' },
            clothes: { id: sizeB!.id, name: en ? 'Kids L' : '儿童L码' },
            consent: 'none',
          },
          {
            id: withRows.id,
            name: '孙小明',
            team: ownTeam,
            program: sumo(en),
            plan: { id: planA!.id, name: en ? 'Basic plan' : '基础套餐' },
            clothes: { id: sizeA!.id, name: en ? 'Kids S' : '儿童S码' },
            consent: 'pending',
          },
        ],
      });
    }
    // the same list under the team filter, and the other account's list: its own player and its own latest row
    expect(
      shown(await a.get(`/api/lTeamMember/web/list?activityId=${reg.activity.id}&page=0&size=30&teamId=${team!.id}`)).rows.map((m) => [m.id, m.consent]),
    ).toEqual([
      [without.id, 'none'],
      [withRows.id, 'pending'],
    ]);
    expect(shown(await b.get(`/api/lTeamMember/web/list?activityId=${reg.activity.id}&page=0&size=30`))).toEqual({
      total: 1,
      rows: [{ id: stranger.id, name: '郑小刚', team: null, program: null, plan: null, clothes: null, consent: 'consented' }],
    });
  });
});
