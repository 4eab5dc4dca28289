import { describe, expect, it } from 'vitest';
import { publicBase } from '../../lib/public-base';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { activities, auditLog, awardTemplates, leaders } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';
import { client, sheet } from '../registration/limits.helpers';
import { awardsSetup } from './awards.helpers';

const get = useTestApp();
const setup = (lang = 'zh') => awardsSetup(get().app, get().database.db, lang);
type S = Awaited<ReturnType<typeof setup>>;

async function award(s: S, over: Record<string, unknown> = {}) {
  const r = await s.staff.post('/api/admin/awards', { activityId: s.activity.id, nameZh: '一等奖', nameEn: 'First prize', kind: 'team', ...over });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as number;
}

async function uploadBackground(s: S, width = 1200, height = 800) {
  const m = multipart([{ name: 'file', filename: 'bg.png', data: await makeImage('png', width, height, { r: 250, g: 245, b: 230 }) }]);
  const headers = await loginAs(get().app, s.admin.phone, s.admin.password);
  const r = await get().app.inject({ method: 'POST', url: '/api/admin/awardTemplates/background', headers: { ...headers, ...m.headers }, payload: m.payload });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { key: string; url: string; width: number; height: number };
}

const teamFields = [
  { key: 'teamName', x: 600, y: 300, size: 48 },
  { key: 'awardName', x: 600, y: 400, size: 60, lang: 'en', bold: true },
  { key: 'certCode', x: 80, y: 760, size: 20, align: 'left' },
  { key: 'qr', x: 960, y: 560, size: 200 },
];

function decodeQr(data: Buffer, width: number, height: number) {
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}

describe('certificate templates (spec 7.7, 8.2, 9: an award picture)', () => {
  it("refuses a template without the kind's required fields (named in the reader's language), a field outside the picture, a background not uploaded here", async () => {
    const s = await setup('en');
    const bg = await uploadBackground(s);
    const lacking = await s.staff.put('/api/admin/awardTemplates', {
      activityId: s.activity.id,
      kind: 'team',
      background: bg.key,
      fields: teamFields.slice(0, 2),
    });
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json()).toMatchObject({
      code: 'AWARD_TEMPLATE_FIELDS',
      message: 'The template lacks required fields: Certificate number, Verification QR code',
    });
    const zh = await setup('zh');
    const noBg = await zh.staff.put('/api/admin/awardTemplates', { activityId: zh.activity.id, kind: 'player', background: null, fields: [] });
    expect(noBg.json().message).toBe('模板缺少必需的字段：背景图片、姓名、奖项名称、证书编号、验证二维码');
    const outside = await s.staff.put('/api/admin/awardTemplates', {
      activityId: s.activity.id,
      kind: 'team',
      background: bg.key,
      fields: [...teamFields.slice(0, 3), { key: 'qr', x: 1100, y: 560, size: 200 }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ code: 'AWARD_TEMPLATE_OUTSIDE', message: 'The field "Verification QR code" lies outside the template picture' });
    for (const background of ['public/images/2026/01/000000000000000000000000.jpg', '../../etc/passwd', 'https://evil.example/x.png']) {
      const r = await s.staff.put('/api/admin/awardTemplates', { activityId: s.activity.id, kind: 'team', background, fields: teamFields });
      expect(r.statusCode, background).toBe(400);
    }
    for (const fields of [
      [{ key: 'evil', x: 1, y: 1, size: 10 }],
      [{ ...teamFields[0], x: -1 }],
      [{ ...teamFields[0], color: 'red' }],
      [{ ...teamFields[0], size: 1e9 }],
    ]) {
      const r = await s.staff.put('/api/admin/awardTemplates', { activityId: s.activity.id, kind: 'team', background: bg.key, fields });
      expect(r.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(await get().database.db.select().from(awardTemplates)).toHaveLength(0);
    // members are not staff
    expect(
      (await s.owner.put('/api/admin/awardTemplates', { activityId: s.activity.id, kind: 'team', background: bg.key, fields: teamFields })).statusCode,
    ).toBe(403);
  });

  it('an activity on templates: no template → the spec message and a problem in the list; with one → drawn on it, redrawn when it changes; audited', async () => {
    const s = await setup('en');
    const { app, database } = get();
    const awardId = await award(s);
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })).json().data;
    await database.db.update(activities).set({ awardPicture: true }).where(eq(activities.id, s.activity.id));
    const none = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}`, headers: { 'accept-language': 'en' } });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'CERT_NO_TEMPLATE', message: 'No certificate template is set for this award' });
    expect((await s.owner.get('/api/lAward/web/mine')).json().data[0].problem).toBe('noTemplate');

    const bg = await uploadBackground(s);
    const saved = await s.staff.put('/api/admin/awardTemplates', { activityId: s.activity.id, kind: 'team', background: bg.key, fields: teamFields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ resultStr: 'Certificate template saved', data: { width: 1200, height: 800, backgroundUrl: bg.url } });
    const pub = await app.inject({ method: 'GET', url: `/api/lAward/template?activityId=${s.activity.id}&type=team` });
    expect(pub.json().data.fields).toHaveLength(4);
    expect((await s.owner.get('/api/lAward/web/mine')).json().data[0].problem).toBeNull();

    const r = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` });
    expect(r.statusCode, r.body).toBe(200);
    const img = sharp(r.rawPayload);
    expect(await img.metadata()).toMatchObject({ format: 'png', width: 1200, height: 800 });
    // the QR code sits where the template put it
    const box = await sharp(r.rawPayload).extract({ left: 940, top: 540, width: 240, height: 240 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(decodeQr(box.data, box.info.width, box.info.height)).toBe(`${publicBase(get().config)}/verify/${cert.certCode}`);
    // moved: the next download is drawn anew
    await s.staff.put('/api/admin/awardTemplates', {
      activityId: s.activity.id,
      kind: 'team',
      background: bg.key,
      fields: [...teamFields.slice(0, 3), { key: 'qr', x: 40, y: 40, size: 200 }],
    });
    const moved = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` });
    const corner = await sharp(moved.rawPayload)
      .extract({ left: 20, top: 20, width: 240, height: 240 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(decodeQr(corner.data, corner.info.width, corner.info.height)).toBe(`${publicBase(get().config)}/verify/${cert.certCode}`);
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.resource, 'awardTemplates'));
    expect(trail.map((a) => a.action)).toEqual(['create', 'update']);
    // the preview draws unsaved fields with sample data
    const preview = await s.staff.post('/api/admin/awardTemplates/preview', {
      activityId: s.activity.id,
      kind: 'team',
      background: bg.key,
      fields: teamFields,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
  });

  it("a coach's award (lLeaderAward bind, find, queryCertDetail): a template with a photo and a coach without one → the spec message", async () => {
    const s = await setup('en');
    const { app, database } = get();
    const leaderAward = await award(s, { kind: 'leader', nameZh: '优秀教练', nameEn: 'Best coach' });
    const created = await s.owner.post('/api/lLeader', { activityId: s.activity.id, name: '李老师', phone: '13900001111' });
    expect(created.statusCode, created.body).toBe(200);
    const [leader] = await database.db.select().from(leaders).where(eq(leaders.userId, s.coach.id));
    const bound = await s.staff.post('/api/lLeaderAward/web/bind', { awardId: leaderAward, leaderIds: [leader!.id] });
    expect(bound.statusCode, bound.body).toBe(200);
    const cert = bound.json().data[0];
    expect(cert).toMatchObject({ kind: 'leader', name: '李老师' });
    expect((await s.owner.post('/api/lLeaderAward/web/bind', { awardId: leaderAward, leaderIds: [leader!.id] })).statusCode).toBe(403);

    await database.db.update(activities).set({ awardPicture: true }).where(eq(activities.id, s.activity.id));
    const bg = await uploadBackground(s);
    const fields = [
      { key: 'name', x: 600, y: 300, size: 48 },
      { key: 'awardName', x: 600, y: 400, size: 48 },
      { key: 'certCode', x: 80, y: 760, size: 20, align: 'left' },
      { key: 'qr', x: 960, y: 560, size: 200 },
      { key: 'photo', x: 80, y: 80, size: 150 },
    ];
    expect((await s.staff.put('/api/admin/awardTemplates', { activityId: s.activity.id, kind: 'leader', background: bg.key, fields })).statusCode).toBe(200);
    const found = await s.owner.get(`/api/lLeaderAward/web/find?activityId=${s.activity.id}`);
    expect(found.json().data).toMatchObject([{ certCode: cert.certCode, problem: 'noPhoto' }]);
    const png = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}`, headers: { 'accept-language': 'en' } });
    expect(png.statusCode).toBe(409);
    expect(png.json()).toMatchObject({ code: 'LEADER_NO_PHOTO', message: 'This coach has no photo uploaded; add one to the coach first' });

    // the coach uploads a photo: the certificate carries it
    const up = multipart([
      { name: 'phone', value: '李老师' },
      { name: 'file', filename: 'me.jpg', data: await makeImage('jpeg', 300, 420, { r: 200, g: 30, b: 30 }) },
    ]);
    const headers = await loginAs(app, s.coach.phone, s.coach.password);
    const photoUrl = (
      await app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...headers, ...up.headers }, payload: up.payload })
    ).json().data as string;
    await database.db.update(leaders).set({ photoUrl }).where(eq(leaders.id, leader!.id));
    const detail = await s.owner.get(`/api/lLeaderAward/queryCertDetail?certCode=${cert.certCode}`);
    expect(detail.json().data).toMatchObject({ certCode: cert.certCode, photoUrl, problem: null });
    const drawn = await app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}` });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const px = await sharp(drawn.rawPayload).extract({ left: 150, top: 180, width: 1, height: 1 }).raw().toBuffer();
    expect(px[0]).toBeGreaterThan(150); // red: the coach's photo
    expect(px[1]).toBeLessThan(90);

    const stranger = await buildUser(database.db);
    const other = client(app, await loginAs(app, stranger.phone, stranger.password));
    expect((await other.get(`/api/lLeaderAward/queryCertDetail?certCode=${cert.certCode}`)).statusCode).toBe(404);
    expect((await other.get('/api/lLeaderAward/web/find')).json().data).toEqual([]);
  });
});

describe('lookups (spec 7.4) and the picture proxy (spec 7.7)', () => {
  it('a family finds a team certificate by team number and the name of a player or coach; anything else is the same 404', async () => {
    const s = await setup('en');
    const awardId = await award(s, { promotes: true });
    await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] });
    const { app } = get();
    const find = (teamCode: string, placeHolder: string) =>
      app.inject({
        method: 'GET',
        url: `/api/lTeam/team/findByTeamCodeAndPLaceHolder?teamCode=${encodeURIComponent(teamCode)}&placeHolder=${encodeURIComponent(placeHolder)}`,
        headers: { 'accept-language': 'en' },
      });
    const hit = await find(s.a.team.number, ' ann ');
    expect(hit.statusCode, hit.body).toBe(200);
    expect(hit.json().data).toMatchObject([{ kind: 'team', teamName: s.a.team.name, voucher: null }]);
    for (const [code, name] of [
      [s.a.team.number, 'Zed'],
      [s.b.team.number, 'Ann'],
      ['999-9999', 'Ann'],
    ] as const) {
      const r = await find(code, name);
      expect(r.statusCode, `${code} ${name}`).toBe(404);
      expect(r.json()).toMatchObject({ code: 'CERT_LOOKUP_MISS', message: 'Member information not found' });
    }
    expect((await find('', 'Ann')).statusCode).toBe(400);
    expect((await find(s.a.team.number, 'x'.repeat(51))).statusCode).toBe(400);
  });

  it("a promoting award's voucher: the owner reads it (team award code) and the promotion field of the next activity accepts it", async () => {
    const s = await setup('en');
    const awardId = await award(s, { promotes: true });
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })).json().data;
    const codes = await s.owner.get(`/api/lTeam/team/awardCode?activityId=${s.activity.id}`);
    expect(codes.json().data).toEqual([
      { teamId: s.a.team.id, teamName: s.a.team.name, awardName: 'First prize', voucher: cert.voucher, certCode: cert.certCode },
    ]);
    const stranger = await buildUser(get().database.db);
    const other = client(get().app, await loginAs(get().app, stranger.phone, stranger.password));
    expect((await other.get(`/api/lTeam/team/awardCode?activityId=${s.activity.id}`)).json().data).toEqual([]);
    const [next] = await get()
      .database.db.insert(activities)
      .values({
        nameZh: '总决赛',
        nameEn: 'Finals',
        year: 2026,
        beginTime: new Date(Date.now() + 864e5),
        finishTime: new Date(Date.now() + 2 * 864e5),
        promotionZone: true,
      })
      .returning();
    const check = (code: string) => s.owner.get(`/api/lTeam/web/checkTeamCode?teamCode=${code}&activityId=${next!.id}&sourceActivityId=${s.activity.id}`);
    expect((await check(cert.voucher)).json().data).toEqual({ teamName: s.a.team.name, verify: 1 });
    expect((await check(cert.voucher.toLowerCase())).json().data.verify).toBe(1);
    expect((await check('PXXXXXXXXXXX')).json().data.verify).toBe(2);
  });

  it("resizes one of this site's public pictures to base64; another site, a private file, a made-up path are refused", async () => {
    const s = await setup('en');
    const bg = await uploadBackground(s, 800, 400);
    const ok = await s.owner.post('/api/lAward/picture', { pictureUrl: bg.url, width: 200 });
    expect(ok.statusCode, ok.body).toBe(200);
    const { base64, width, height } = ok.json().data;
    expect([width, height]).toEqual([200, 100]);
    expect(base64).toMatch(/^data:image\/png;base64,/);
    expect(await sharp(Buffer.from(base64.split(',')[1], 'base64')).metadata()).toMatchObject({ width: 200, height: 100 });
    expect((await s.owner.post('/api/lAward/picture', { pictureUrl: `${publicBase(get().config)}${bg.url}`, height: 50 })).json().data.height).toBe(50);
    for (const pictureUrl of [
      'https://evil.example/x.png',
      'http://169.254.169.254/latest',
      '/files/public/images/../../x.png',
      '/api/files/private/avatars/x.jpg',
      'file:///etc/passwd',
    ]) {
      const r = await s.owner.post('/api/lAward/picture', { pictureUrl });
      expect(r.statusCode, pictureUrl).toBe(400);
    }
    expect((await s.owner.post('/api/lAward/picture', { pictureUrl: bg.url, width: 1e9 })).statusCode).toBe(400);
    expect((await get().app.inject({ method: 'POST', url: '/api/lAward/picture', payload: { pictureUrl: bg.url } })).statusCode).toBe(401);
  });

  it("a reissued certificate's old picture says to re-fetch it (spec 8.2)", async () => {
    const s = await setup('en');
    const awardId = await award(s);
    const [cert] = (await s.staff.post('/api/admin/awards/grant', { awardId, teamIds: [s.a.team.id] })).json().data;
    await s.staff.post(`/api/admin/certificates/${cert.id}/reissue`, {});
    const r = await get().app.inject({ method: 'GET', url: `/api/lAward/cert/${cert.certCode}`, headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'CERT_VOID', message: 'This certificate was reissued; please re-fetch the certificate' });
  });
});

describe("staff: an activity's certificates and their batch download", () => {
  it('lists valid and void certificates; zips every valid one under its spec file name with progress; no awards → the spec message', async () => {
    const s = await setup('en');
    const noAwards = await s.staff.post('/api/admin/certificates/export', { activityId: s.activity.id });
    expect(noAwards.statusCode).toBe(409);
    expect(noAwards.json()).toMatchObject({ code: 'AWARD_NONE', message: 'This activity has no award list yet; please add one and try again' });
    const teamAward = await award(s);
    const playerAward = await award(s, { kind: 'player', nameZh: '最佳选手', nameEn: 'Best player' });
    expect((await s.staff.post('/api/admin/certificates/export', { activityId: s.activity.id })).json().code).toBe('CERT_NONE');
    const granted = (await s.staff.post('/api/admin/awards/grant', { awardId: teamAward, teamIds: [s.a.team.id, s.b.team.id] })).json().data;
    await s.staff.post('/api/admin/awards/grant', { awardId: playerAward, memberIds: [s.a.members[0]!.id, s.a.members[1]!.id] });
    await s.staff.post(`/api/admin/certificates/${granted[1].id}/reissue`, {});
    const listed = await s.staff.get(`/api/admin/certificates?activityId=${s.activity.id}&status=all&size=2`);
    expect(listed.json().data.total).toBe(5);
    expect(listed.json().data.rows).toHaveLength(2);
    expect((await s.staff.get(`/api/admin/certificates?activityId=${s.activity.id}&status=void`)).json().data.rows.map((c: { id: number }) => c.id)).toEqual([
      granted[1].id,
    ]);
    expect((await s.owner.get(`/api/admin/certificates?activityId=${s.activity.id}`)).statusCode).toBe(403);

    const started = await s.staff.post('/api/admin/certificates/export', { activityId: s.activity.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ resultStr: 'Packing 4 certificates', data: { total: 4, done: 0, ready: false } });
    const { jobId } = started.json().data;
    let status = started.json().data;
    for (let i = 0; i < 100 && !status.ready; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await s.staff.get(`/api/admin/certificates/export/${jobId}`)).json().data;
      expect(status.failed).toBe(false);
    }
    expect(status).toMatchObject({ total: 4, done: 4, ready: true });
    const file = await s.staff.get(`/api/admin/certificates/export/${jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(file.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(
      [`${s.a.team.name}_一等奖.png`, `${s.b.team.name}_一等奖.png`, `${s.a.team.name}_最佳选手_Ann.png`, `${s.a.team.name}_最佳选手_Ben.png`].sort(),
    );
    // another staff member cannot read this job; a made-up id is a 404
    const other = await buildUser(get().database.db, { roles: ['admin'] });
    const otherStaff = client(get().app, await loginAs(get().app, other.phone, other.password));
    expect((await otherStaff.get(`/api/admin/certificates/export/${jobId}`)).statusCode).toBe(404);
    expect((await s.staff.get(`/api/admin/certificates/export/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await s.staff.get('/api/admin/certificates/export/..%2F..')).statusCode).toBe(400);
  });
});

describe('staff: team numbers from a spreadsheet', () => {
  it('reads every cell shaped like a team number, once, in sheet order; a file that is not a spreadsheet is a 4xx', async () => {
    const s = await setup('en');
    const data = await sheet([
      ['队伍编号 Team number', 'Name'],
      [s.b.team.number, 'x'],
      ['', s.a.team.number],
      [s.b.team.number, 'again'],
      ['not-a-number', '12'],
    ]);
    const headers = await loginAs(get().app, s.admin.phone, s.admin.password);
    const send = (file: Buffer, filename: string) => {
      const m = multipart([{ name: 'file', filename, data: file }]);
      return get().app.inject({
        method: 'POST',
        url: '/api/admin/awards/teamNumbers',
        headers: { ...headers, ...m.headers, 'accept-language': 'en' },
        payload: m.payload,
      });
    };
    const r = await send(data, 'numbers.xlsx');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.numbers).toEqual([s.b.team.number, s.a.team.number]);
    expect((await send(await makeImage('png'), 'numbers.xlsx')).statusCode).toBe(400);
  });
});
