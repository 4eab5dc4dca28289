import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/context';
import { buildAlbum, buildCodes, buildRegistrationActivity, buildUser, idCard, loginAs, nextPhone } from './test/factories';
import { registerErrorHandling } from './plugins/errors';

/** Spec 8.2's own texts, each where its situation is answered (issue 40), in both languages. */
const t = useTestApp();

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}, lang = 'zh') =>
  t().app.inject({ method, url, headers: { ...headers, 'accept-language': lang }, ...(payload ? { payload } : {}) });

async function createPlayer(activityId: number, h: Record<string, string>, teamId?: number) {
  const player = { activityId, name: '张小明', cardType: 0, card: idCard('20120315'), emerName: '张妈妈', emerPhone: '13800138000' };
  const r = await inject('POST', '/api/lTeamMember/web/create', teamId ? { ...player, team: { id: teamId } } : player, h);
  return r.json().data as { id: number };
}

describe('spec 8.2 texts', () => {
  it("'cannot find the album item': a picture list of an unknown album tab", async () => {
    await buildAlbum(t().database.db, 1);
    for (const [lang, text] of [
      ['zh', '找不到该相册项'],
      ['en', 'Cannot find the album item'],
    ] as const) {
      const r = await inject('POST', '/api/lGlobalMessage/pictureListNoToken', { photoId: 987654 }, {}, lang);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'ALBUM_NOT_FOUND', message: text });
    }
    // the album itself (a console) keeps 'album not found'
    expect((await inject('POST', '/api/lGlobalMessage/photoListNoToken', { consoleId: 987654 })).json().message).toBe('相册不存在');
  });

  it("'team member not found': someone else's or a missing player", async () => {
    const reg = await buildRegistrationActivity(t().database.db);
    const owner = await buildUser(t().database.db);
    const other = await buildUser(t().database.db);
    const oh = await loginAs(t().app, owner.phone, owner.password);
    const xh = await loginAs(t().app, other.phone, other.password);
    const m = await createPlayer(reg.activity.id, oh);
    for (const [lang, text] of [
      ['zh', '找不到该队员'],
      ['en', 'Team member not found'],
    ] as const) {
      const r = await inject('POST', '/api/lTeamMember/web/submit', [{ memberId: m.id }] as unknown as object, xh, lang);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND', message: text });
    }
  });

  it("'please reacquire the phone verification code': no code sent, or its tries used up; a wrong one still says wrong", async () => {
    const phone = nextPhone();
    const register = (code: string, lang = 'zh') =>
      inject('POST', '/auth/web/register', { phone, code, nickName: 'A', password: 'my-secret-9', acceptPrivacy: true }, {}, lang);
    const none = await register('123456', 'en');
    expect(none.json()).toMatchObject({ code: 'SMS_CODE_INVALID', message: 'Please reacquire the phone verification code' });
    await t().app.deps.store.del(`smsfail:register:${phone}`);
    await inject('POST', '/auth/web/sendSms', { phone, type: 'register' });
    const code = t().sms.last(phone)!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await register(wrong)).json().message).toBe('短信验证码错误或已过期');
    expect((await register(wrong)).json().message).toBe('请重新获取手机验证码'); // the fifth burns it
    expect((await register(code)).json().message).toBe('请重新获取手机验证码');
  });

  it("'creation failed' / 'query failed' / 'apply failed': an unexpected failure of a route that names its text", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/create', { config: { failText: 'error.createFailed' } }, () => {
      throw new Error('boom');
    });
    app.post('/other', () => {
      throw new Error('boom');
    });
    const zh = await app.inject({ method: 'POST', url: '/create' });
    expect(zh.statusCode).toBe(500);
    expect(zh.json()).toMatchObject({ code: 'INTERNAL', message: '创建失败' });
    expect((await app.inject({ method: 'POST', url: '/other' })).json().message).toBe('服务器繁忙，请稍后再试');
    await app.close();
    // the routes that create, look up and apply name theirs
    const failText = (method: string, url: string) => t().app.routeTable.find((r) => r.method === method && r.url === url)?.failText;
    const named = [
      ['POST', '/api/lTeam/web/create', 'error.createFailed'],
      ['POST', '/api/lTeamMember/web/create', 'error.createFailed'],
      ['POST', '/api/lTeam/web/batchCreateTeam', 'error.createFailed'],
      ['GET', '/api/lOrg/web/check', 'error.queryFailed'],
      ['GET', '/api/lTeam/web/checkTeamCode', 'error.queryFailed'],
      ['POST', '/api/lOrgRobotex/web/apply', 'error.applyFailed'],
      ['POST', '/api/lVolunteer/web/apply', 'error.applyFailed'],
      ['POST', '/api/lInvoice/web/apply', 'error.applyFailed'],
    ];
    for (const [method, url, text] of named) expect(failText(method!, url!), url).toBe(text);
  });

  it('a player at 3 or 9 is refused as registered in every activity, also where review is not needed', async () => {
    const reg = await buildRegistrationActivity(t().database.db); // no review
    const u = await buildUser(t().database.db);
    const h = await loginAs(t().app, u.phone, u.password);
    const team = (await inject('POST', '/api/lTeam/web/create', { activityId: reg.activity.id, name: 'A', program: { id: reg.sumo.id } }, h)).json().data;
    const m = await createPlayer(reg.activity.id, h, team.id);
    const [c1, c2] = await buildCodes(t().database.db, reg.activity.id, 2, { ownerUserId: u.id });
    expect((await inject('PUT', '/api/lTeamMember/web/useCode', { id: m.id, activityId: reg.activity.id, code: c1!.codeName }, h)).statusCode).toBe(200);
    const submit = await inject('POST', '/api/lTeamMember/web/submit', [{ memberId: m.id }] as unknown as object, h, 'en');
    expect(submit.statusCode).toBe(409);
    expect(submit.json()).toMatchObject({ code: 'ALREADY_REGISTERED', message: 'This player is already registered or has passed review' });
    // and no second code, whatever else the request lacks
    const again = await inject('PUT', '/api/lTeamMember/web/useCode', { id: m.id, activityId: reg.activity.id, code: ' ' }, h);
    expect(again.json().code).toBe('ALREADY_REGISTERED');
    expect((await inject('PUT', '/api/lTeamMember/web/useCode', { id: m.id, activityId: reg.activity.id, code: c2!.codeName }, h)).json().code).toBe(
      'ALREADY_REGISTERED',
    );
  });
});
