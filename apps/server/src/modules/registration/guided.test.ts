import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { activities, teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { multipart } from '../../test/images';

/** Issue 8 (coach side): phones by country code, and no writes once an activity is closed. */
const t = useTestApp();

async function setup(lang = 'zh') {
  const reg = await buildRegistrationActivity(t().database.db);
  const u = await buildUser(t().database.db);
  const h = { ...(await loginAs(t().app, u.phone, u.password)), 'accept-language': lang };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const team = (await call('POST', '/api/lTeam/web/create', { activityId: reg.activity.id, name: '雄鹰队', program: { id: reg.sumo.id } })).json().data;
  return { ...reg, h, call, team };
}
const player = (activityId: number, over: Record<string, unknown> = {}) => ({
  activityId,
  name: '张小明',
  cardType: 0,
  card: idCard('20120315'),
  emerName: '张妈妈',
  emerPhone: '13800138000',
  ...over,
});

describe('emergency phone by its country code', () => {
  it.each([
    ['852', '91234567'],
    ['853', '66123456'],
    ['886', '912345678'],
    ['1', '2025550123'],
    ['44', '7400123456'],
    ['65', '81234567'],
    ['86', '13800138000'],
  ])('accepts +%s %s', async (region, emerPhone) => {
    const s = await setup();
    const r = await s.call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { region, emerPhone }));
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ region, emerPhone });
  });

  it('refuses a number that is not valid for its country, naming the country in both languages', async () => {
    const s = await setup();
    const zh = await s.call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { region: '852', emerPhone: '1234' }));
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('请输入正确的中国香港特别行政区（+852）电话号码');
    expect(zh.json().fieldErrors).toEqual({ emerPhone: '请输入正确的中国香港特别行政区（+852）电话号码' });
    const en = await (await setup('en')).call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { region: '852', emerPhone: '1234' }));
    expect(en.json().message).toBe('Enter a valid Hong Kong SAR China (+852) phone number');
    expect(en.json().fieldErrors).toEqual({ emerPhone: 'Enter a valid Hong Kong SAR China (+852) phone number' });
  });

  it('keeps the mainland rule for 86 and names an unknown code', async () => {
    const s = await setup('en');
    const mainland = await s.call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { region: '86', emerPhone: '91234567' }));
    expect(mainland.json()).toMatchObject({
      status: 400,
      message: 'Enter a valid 11-digit mainland mobile number',
      fieldErrors: { emerPhone: 'Enter a valid 11-digit mainland mobile number' },
    });
    const unknown = await s.call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { region: '999', emerPhone: '91234567' }));
    expect(unknown.json()).toMatchObject({
      status: 400,
      message: 'No country or region uses the code +999',
      fieldErrors: { region: 'No country or region uses this code' },
    });
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
  });

  it('the spreadsheet import reads a country code column and checks the phone by it', async () => {
    const s = await setup();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['姓名', '证件号码', '国家/地区区号', '紧急联系电话']);
    ws.addRow(['港生', idCard('20120101'), '852', '91234567']);
    ws.addRow(['错号', idCard('20120102'), '852', '1234']);
    ws.addRow(['内地', idCard('20120103'), '', '13800138000']);
    const m = multipart([{ name: 'file', filename: 'p.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    const r = await t().app.inject({
      method: 'POST',
      url: `/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=0`,
      headers: { ...s.h, ...m.headers },
      payload: m.payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.errors).toEqual([{ row: 3, column: '紧急联系电话', message: '请输入正确的中国香港特别行政区（+852）电话号码' }]);
    const rows = await t().database.db.select().from(teamMembers).orderBy(teamMembers.id);
    expect(rows.map((x) => [x.name, x.region, x.emerPhone])).toEqual([
      ['港生', '852', '91234567'],
      ['内地', '86', '13800138000'],
    ]);
  });
});

describe("a closed activity refuses coaches' writes with the reason", () => {
  async function closed(how: 'ended' | 'finished') {
    const s = await setup('en');
    const created = await s.call('POST', '/api/lTeamMember/web/create', player(s.activity.id, { team: { id: s.team.id } }));
    const memberId = created.json().data.id as number;
    const leaderId = (await s.call('POST', '/api/lLeader', { activityId: s.activity.id, name: '王老师', phone: '13912345678', address: '' })).json().data
      .id as number;
    const past = new Date(Date.now() - 86_400_000);
    await t()
      .database.db.update(activities)
      .set(
        how === 'ended'
          ? { signUpEnd: past }
          : { status: 4, signUpEnd: new Date(Date.now() - 5 * 86_400_000), beginTime: new Date(Date.now() - 3 * 86_400_000), finishTime: past },
      )
      .where(eq(activities.id, s.activity.id));
    return { ...s, memberId, leaderId };
  }

  it.each(['ended', 'finished'] as const)('sign-up %s: every write answers 409 REGISTRATION_CLOSED and nothing changes', async (how) => {
    const s = await closed(how);
    const id = s.activity.id;
    const text =
      how === 'ended'
        ? 'Sign-up has ended; existing registrations can only be viewed'
        : 'This activity has finished; existing registrations can only be viewed';
    const writes: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['add player', 'POST', '/api/lTeamMember/web/create', player(id, { card: idCard('20120316') })],
      ['edit player', 'PUT', '/api/lTeamMember/web/update', { ...player(id, { name: '改名' }), id: s.memberId }],
      ['delete players', 'DELETE', '/api/lTeamMember/web/delete', { ids: [s.memberId] }],
      ['remove from team', 'DELETE', '/api/lTeamMember/web/moveOut', { ids: [s.memberId] }],
      ['assign team', 'PUT', '/api/lTeamMember/web/assignTeam', { teamId: s.team.id, teamMemberIdList: [s.memberId], activityId: id }],
      ['change program', 'PUT', '/api/lTeamMember/web/batchUpdateProgram', { programId: s.girls.id, teamMemberIdList: [s.memberId], activityId: id }],
      ['create team', 'POST', '/api/lTeam/web/create', { activityId: id, name: 'B', program: { id: s.sumo.id } }],
      ['edit team', 'PUT', '/api/lTeam/web/update', { activityId: id, id: s.team.id, name: 'Renamed', program: { id: s.sumo.id } }],
      ['delete teams', 'DELETE', '/api/lTeam/web/delete', { ids: [s.team.id] }],
      ['team and players', 'POST', '/api/lTeam/web/batchCreate', { activityId: id, team: { name: 'C', program: { id: s.sumo.id } }, members: [] }],
      ['many teams', 'POST', '/api/lTeam/web/batchCreateTeam', { activityId: id, teams: [{ name: 'D', program: { id: s.sumo.id } }] }],
      ['redeem', 'PUT', '/api/lTeamMember/web/useCode', { id: s.memberId, activityId: id, code: 'ANYCODE1' }],
      ['add teacher', 'POST', '/api/lLeader', { activityId: id, name: '李老师', phone: '13912345679', address: '' }],
      ['edit teacher', 'PUT', '/api/lLeader', { id: s.leaderId, activityId: id, name: '王老师二', phone: '13912345678', address: '' }],
      ['delete teacher', 'DELETE', '/api/lLeader', { ids: [s.leaderId] }],
      [
        'batch avatars',
        'POST',
        '/api/lTeamMember/web/updateMemberHead',
        { activityId: id, memberPhotoVoList: [{ memberId: s.memberId, headImg: '/api/files/private/avatars/2026/01/000000000000000000000000.jpg' }] },
      ],
    ];
    for (const [what, method, url, body] of writes) {
      const r = await s.call(method, url, body);
      expect({ what, status: r.statusCode, code: r.json().code, message: r.json().message }).toEqual({
        what,
        status: 409,
        code: 'REGISTRATION_CLOSED',
        message: text,
      });
    }
    const [m] = await t().database.db.select().from(teamMembers);
    expect(m).toMatchObject({ name: '张小明', teamId: s.team.id });
    expect(await t().database.db.select().from(teams)).toHaveLength(1);
    // batch redeem answers per player, each refused with the reason
    const batch = await s.call('POST', '/api/lRedeemCode/web/batchRedeem', {
      activityId: id,
      teams: [{ name: '雄鹰队', program: s.sumo.id, teamId: s.team.id, teamers: [{ name: '张小明', teamerId: s.memberId, codeName: 'ANYCODE1' }] }],
    });
    expect(batch.json().data).toEqual([{ teamerId: s.memberId, codeName: 'ANYCODE1', ok: false, message: text }]);
    // reading stays possible
    expect((await s.call('GET', `/api/lTeamMember/web/list?activityId=${id}`)).statusCode).toBe(200);
    expect((await s.call('GET', `/api/lTeamMember/web/detail?id=${s.memberId}`)).statusCode).toBe(200);
  });

  it('an import preview still reads, the import itself is refused', async () => {
    const s = await closed('ended');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['姓名', '证件号码']);
    ws.addRow(['新人', idCard('20120111')]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const send = (mode: string) => {
      const m = multipart([{ name: 'file', filename: 'p.xlsx', data }]);
      return t().app.inject({
        method: 'POST',
        url: `/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=${mode}&atomic=1`,
        headers: { ...s.h, ...m.headers },
        payload: m.payload,
      });
    };
    expect((await send('preview')).statusCode).toBe(200);
    const commit = await send('commit');
    expect(commit.json()).toMatchObject({ status: 409, code: 'REGISTRATION_CLOSED' });
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(1);
  });
});
