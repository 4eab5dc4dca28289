import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, users, volunteerPositions, volunteers } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';
import { client } from '../registration/limits.helpers';

const get = useTestApp();

async function setup(lang = 'zh') {
  const { app, database } = get();
  const activity = await buildActivity(database.db, { volunteerEnabled: true });
  const [position] = await database.db.insert(volunteerPositions).values({ activityId: activity.id, nameZh: '引导员', nameEn: 'Guide', quota: 10 }).returning();
  const u = await buildUser(database.db, { nickName: '志愿者甲' });
  const a = await buildUser(database.db, { roles: ['admin'] });
  return {
    activity,
    position: position!,
    u,
    me: client(app, await loginAs(app, u.phone, u.password), lang),
    staff: client(app, await loginAs(app, a.username, a.password), lang),
  };
}
const adult = (activityId: number, positionId: number) => ({
  activityId,
  positionId,
  name: '李四',
  phone: '13900001111',
  birthDate: '1995-06-01',
  availability: '12 月 20 日至 22 日全天',
  experience: '大学机器人社团',
});

describe('volunteers (issue 12; spec 2.1 /volunteer_pc, 4.3, 7.3)', () => {
  it('applies once for an open activity; the page shows positions and the application', async () => {
    const { activity, position, me } = await setup();
    const page = await me.get(`/api/lVolunteer/web/list?activityId=${activity.id}`);
    expect(page.json().data).toMatchObject({ open: true, positions: [{ id: position.id, name: '引导员', quota: 10, taken: 0 }], mine: null });
    const r = await me.post('/api/lVolunteer/web/apply', adult(activity.id, position.id));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'applied', positionName: '引导员' });
    const twice = await me.post('/api/lVolunteer/web/apply', adult(activity.id, position.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'VOLUNTEER_ALREADY', message: '你已报名该活动的志愿者，请勿重复报名' });
    expect((await me.get(`/api/lVolunteer/web/list?activityId=${activity.id}`)).json().data.mine).toMatchObject({ status: 'applied' });
  });

  it('refuses a closed activity, a position of another activity, a minor without a guardian’s consent; nothing stored', async () => {
    const { app, database } = get();
    const { activity, position, me } = await setup('en');
    const closed = await buildActivity(database.db, { volunteerEnabled: false });
    expect((await me.post('/api/lVolunteer/web/apply', adult(closed.id, position.id))).json().code).toBe('VOLUNTEER_CLOSED');
    const other = await buildActivity(database.db, { volunteerEnabled: true });
    expect((await me.post('/api/lVolunteer/web/apply', adult(other.id, position.id))).json().fieldErrors).toEqual({ positionId: expect.any(String) });
    const minor = { ...adult(activity.id, position.id), birthDate: `${new Date().getFullYear() - 15}-01-01` };
    const noConsent = await me.post('/api/lVolunteer/web/apply', minor);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fieldErrors).toMatchObject({ guardianConsent: 'Under 18: fill in a guardian and tick their consent' });
    expect((await me.post('/api/lVolunteer/web/apply', { ...adult(activity.id, position.id), birthDate: '2020-13-45' })).statusCode).toBe(400);
    expect((await me.post('/api/lVolunteer/web/apply', { ...adult(activity.id, position.id), phone: '123' })).statusCode).toBe(400);
    // another person's file cannot be named as one's resume
    expect(
      (await me.post('/api/lVolunteer/web/apply', { ...adult(activity.id, position.id), resume: '/api/files/private/attachments/x.jpg' })).statusCode,
    ).toBe(400);
    expect(await database.db.select().from(volunteers)).toHaveLength(0);
    // with a guardian and consent, a minor applies
    const ok = await me.post('/api/lVolunteer/web/apply', { ...minor, guardianName: '李爸爸', guardianPhone: '13900002222', guardianConsent: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/lVolunteer/web/list?activityId=${activity.id}` })).statusCode).toBe(401);
  });

  it('a resume is uploaded, checked by content, and readable by its owner and the volunteer staff only', async () => {
    const { app, database } = get();
    const { activity, position, me, staff, u } = await setup();
    const auth = (await loginAs(app, u.phone, u.password)).authorization;
    const up = (data: Buffer, filename: string) => {
      const m = multipart([
        { name: 'kind', value: 'attachment' },
        { name: 'phone', value: '13900001111' },
        { name: 'file', filename, data },
      ]);
      return app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { authorization: auth, ...m.headers }, payload: m.payload });
    };
    expect((await up(Buffer.from('%PDF-not really'), 'cv.jpg')).statusCode).toBe(400);
    const good = await up(await makeImage('png'), 'cv.png');
    expect(good.statusCode, good.body).toBe(200);
    const url = good.json().data as string;
    expect((await me.post('/api/lVolunteer/web/apply', { ...adult(activity.id, position.id), resume: url })).statusCode).toBe(200);
    expect((await staff.get(url)).statusCode).toBe(200);
    const stranger = await buildUser(database.db);
    expect((await client(app, await loginAs(app, stranger.phone, stranger.password)).get(url)).statusCode).toBe(404);
  });

  it('staff move an application through 4.3; the person is told and, once admitted, holds the volunteer role', async () => {
    const { database } = get();
    const { activity, position, me, staff, u } = await setup();
    await me.post('/api/lVolunteer/web/apply', adult(activity.id, position.id));
    const list = (await staff.get(`/api/admin/volunteers?activityId=${activity.id}`)).json();
    expect(list.content).toEqual([expect.objectContaining({ name: '李四', status: 'applied' })]);
    const id = list.content[0].id as number;
    // an application is made by the person: staff cannot create one; an unknown state is refused
    expect((await staff.post('/api/admin/volunteers', { status: 'admitted' })).statusCode).toBe(404);
    expect((await staff.put(`/api/admin/volunteers/${id}`, { status: 'hired' })).statusCode).toBe(400);
    const upd = await staff.put(`/api/admin/volunteers/${id}`, { status: 'admitted', groupName: 'A 组' });
    expect(upd.statusCode, upd.body).toBe(200);
    const [notice] = await database.db.select().from(messages).where(eq(messages.receiverId, u.id));
    expect(notice!.contentZh).toContain('已录取');
    expect(notice!.contentEn).toContain('admitted');
    expect((await database.db.select().from(users).where(eq(users.id, u.id)))[0]!.roles).toContain('volunteer');
    const mine = (await me.get('/api/lVolunteer/web/mine')).json().content;
    expect(mine).toEqual([expect.objectContaining({ status: 'admitted', groupName: 'A 组' })]);
    expect((await me.get(`/api/lVolunteer/web/list?activityId=${activity.id}`)).json().data.positions[0].taken).toBe(1);
    // members never reach the staff resources
    expect((await me.get('/api/admin/volunteers')).statusCode).toBe(403);
  });
});
