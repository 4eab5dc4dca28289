import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildActivity, buildProgram, buildUser, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';
import { client, playerBody, type Call } from '../registration/limits.helpers';

const t = useTestApp();

/** A coach with an open activity, and a private upload of each kind of their own. */
async function coach(activityId?: number) {
  const db = t().database.db;
  const activity = activityId ?? (await buildActivity(db)).id;
  const user = await buildUser(db);
  const h = await loginAs(t().app, user.phone, user.password);
  const c = client(t().app, h);
  const upload = async (kind: 'avatar' | 'attachment') => {
    const parts = [
      { name: 'file', filename: kind === 'avatar' ? 'kid.png' : 'letter.png', data: await makeImage('png', 120, 160) },
      { name: 'phone', value: kind === 'avatar' ? '小明1700000000' : '13912345678' },
      ...(kind === 'attachment' ? [{ name: 'kind', value: 'attachment' }] : []),
    ];
    const m = multipart(parts);
    const r = await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...h, ...m.headers }, payload: m.payload });
    expect(r.statusCode).toBe(200);
    return r.json().data as string;
  };
  return { user, h, c, activity, avatar: await upload('avatar'), attachment: await upload('attachment') };
}

async function expectNotOwn(res: Awaited<ReturnType<Call['post']>>, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'FILE_NOT_OWN', resultCode: 0 });
  expect(res.json().fieldErrors[field]).toBe('只能使用你自己上传的文件');
}

describe("private file references (issue 9, finding 10): nobody points their record at another family's file", () => {
  it("a player's headImg must be the writer's own private photo (create and update)", async () => {
    const a = await coach();
    const b = await coach(a.activity);
    await buildProgram(t().database.db, a.activity);
    // another family's photo, a made-up key, an attachment, a link elsewhere: refused on create
    await expectNotOwn(await b.c.post('/api/lTeamMember/web/create', playerBody(a.activity, { headImg: a.avatar })), 'headImg');
    await expectNotOwn(
      await b.c.post('/api/lTeamMember/web/create', playerBody(a.activity, { headImg: '/api/files/private/avatars/2026/01/000000000000000000000000.jpg' })),
      'headImg',
    );
    await expectNotOwn(await b.c.post('/api/lTeamMember/web/create', playerBody(a.activity, { headImg: b.attachment })), 'headImg');
    await expectNotOwn(await b.c.post('/api/lTeamMember/web/create', playerBody(a.activity, { headImg: 'https://tracker.example/p.gif' })), 'headImg');
    // one's own photo is fine
    const body = playerBody(a.activity, { headImg: b.avatar });
    const created = await b.c.post('/api/lTeamMember/web/create', body);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.headImg).toBe(b.avatar);
    // update: keeping the stored value is fine, switching to another family's photo is not
    expect((await b.c.put('/api/lTeamMember/web/update', { ...body, id, name: '张小华' })).statusCode).toBe(200);
    await expectNotOwn(await b.c.put('/api/lTeamMember/web/update', { ...body, id, headImg: a.avatar }), 'headImg');
    const after = await b.c.get(`/api/lTeamMember/web/detail?id=${id}`);
    expect(after.json().data.headImg).toBe(b.avatar);
  });

  it("a teacher's photoUrl must be the writer's own private file (create and update)", async () => {
    const a = await coach();
    const b = await coach(a.activity);
    const leader = { activityId: a.activity, name: '王老师', phone: '13912345678', address: '' };
    await expectNotOwn(await b.c.post('/api/lLeader', { ...leader, photoUrl: a.attachment }), 'photoUrl');
    await expectNotOwn(await b.c.post('/api/lLeader', { ...leader, photoUrl: '/files/public/images/2026/01/000000000000000000000000.jpg' }), 'photoUrl');
    const mine = await b.c.post('/api/lLeader', { ...leader, photoUrl: b.attachment });
    expect(mine.statusCode).toBe(200);
    const id = mine.json().data.id as number;
    expect((await b.c.put('/api/lLeader', { ...leader, id, name: '王老师二', photoUrl: b.attachment })).statusCode).toBe(200);
    await expectNotOwn(await b.c.put('/api/lLeader', { ...leader, id, photoUrl: a.avatar }), 'photoUrl');
  });

  it("an account avatar cannot be another family's private photo", async () => {
    const a = await coach();
    const b = await coach(a.activity);
    const r = await b.c.put('/api/users/web/update', { avatar: a.avatar });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('AVATAR_NOT_OWN');
    // not even one's own private photo: private files are never a public avatar
    expect((await b.c.put('/api/users/web/update', { avatar: b.avatar })).statusCode).toBe(400);
  });
});

describe('private files are served to their uploader and registration staff only (issue 9, finding 8)', () => {
  it('content editors and other members get 404; the owner and registration staff get the file', async () => {
    const a = await coach();
    const db = t().database.db;
    const as = async (roles: string[]) => {
      const u = await buildUser(db, { roles });
      return loginAs(t().app, u.phone, u.password);
    };
    const get = (url: string, headers: Record<string, string>) => t().app.inject({ method: 'GET', url, headers });
    for (const url of [a.avatar, a.attachment]) {
      expect((await get(url, a.h)).statusCode).toBe(200);
      expect((await get(url, await as(['editor']))).statusCode).toBe(404);
      expect((await get(url, await as(['member']))).statusCode).toBe(404);
      expect((await get(url, await as(['admin']))).statusCode).toBe(200);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });
});
