import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consultMessages, faqs, messages } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildActivity, buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';

const get = useTestApp();

async function people(lang = 'zh') {
  const { app, database } = get();
  const m = await buildUser(database.db, { nickName: '王家长' });
  const a = await buildUser(database.db, { roles: ['admin'] });
  return {
    m,
    member: client(app, await loginAs(app, m.phone, m.password), lang),
    staff: client(app, await loginAs(app, a.username, a.password), lang),
  };
}

describe('consultation: a member asks, staff answer, the widget sees it (spec 5, 7.8, 9)', () => {
  it('asks within 200 characters, needs login; the answer arrives as a line and a system message', async () => {
    const { app, database } = get();
    const { m, member, staff } = await people();
    // login needed; the question is 1..200 characters, in the reader's language
    expect((await app.inject({ method: 'POST', url: '/api/lMessage/web/chat', payload: { content: 'hi' } })).statusCode).toBe(401);
    const long = await member.post('/api/lMessage/web/chat', { content: '问'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ content: '内容过长' });
    expect((await member.post('/api/lMessage/web/chat', { content: '   ' })).statusCode).toBe(400);
    expect(await database.db.select().from(consultMessages)).toHaveLength(0);

    const activity = await buildActivity(database.db);
    const asked = await member.post('/api/lMessage/web/chat', { content: '问'.repeat(200), activityId: activity.id });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ mine: true, publish: { nickName: '王家长' } });

    // the inbox: waiting first, with the member and the activity
    const inbox = (await staff.get('/api/admin/consult/threads?status=open')).json();
    expect(inbox.content).toEqual([expect.objectContaining({ userId: m.id, unanswered: true, activityId: activity.id })]);
    expect(inbox.content[0].phone).toMatch(/\*{4}/);

    const replied = await staff.post('/api/lMessage/web/reply', { receiverId: m.id, content: '您好，已收到', title: 'x', status: 1, type: 2 });
    expect(replied.statusCode, replied.body).toBe(200);
    const lines = (await member.get('/api/lMessage/web/chat/list')).json();
    expect(lines.content.map((l: { mine: boolean; content: string }) => [l.mine, l.content])).toEqual([
      [true, '问'.repeat(200)],
      [false, '您好，已收到'],
    ]);
    // members see "the organisers", not the staff member's name
    expect(lines.content[1].publish.nickName).toBe('组委会');
    // spec 7.8: lines carry type and title; the list takes type, status, page and size
    expect(lines.content.map((l: { type: number; title: string }) => [l.type, l.title])).toEqual([
      [1, '在线咨询'],
      [2, '组委会回复'],
    ]);
    const answers = (await member.get('/api/lMessage/web/chat/list?type=2&status=0&page=0&size=100')).json();
    expect(answers.content.map((l: { content: string }) => l.content)).toEqual(['您好，已收到']);
    const paged = (await member.get('/api/lMessage/web/chat/list?page=1&size=1')).json();
    expect(paged.content.map((l: { content: string }) => l.content)).toEqual(['问'.repeat(200)]);
    expect((await member.get('/api/lMessage/web/chat/list?size=101')).statusCode).toBe(400);
    expect((await staff.get('/api/admin/consult/threads?status=open')).json().content).toHaveLength(0);
    const [notice] = await database.db.select().from(messages).where(eq(messages.receiverId, m.id));
    expect(notice).toMatchObject({ type: 2, contentZh: '您好，已收到' });
    // a member cannot answer, nor read the inbox; answering nobody's conversation is a 404
    expect((await member.post('/api/lMessage/web/reply', { receiverId: m.id, content: 'x' })).statusCode).toBe(403);
    expect((await member.get('/api/admin/consult/threads')).statusCode).toBe(403);
    expect((await staff.post('/api/lMessage/web/reply', { receiverId: 999_999, content: 'x' })).json().code).toBe('CONSULT_NOT_FOUND');
  });

  it('the poll is cheap: an unchanged conversation answers 304 without a body; a new line changes the ETag', async () => {
    const { app } = get();
    const { m, member, staff } = await people();
    await member.post('/api/lMessage/web/chat', { content: '第一个问题' });
    const first = await member.get('/api/lMessage/web/chat/list');
    const etag = first.headers.etag as string;
    const lastId = first.json().lastId as number;
    const auth = (await loginAs(app, m.phone, m.password)).authorization;
    const poll = () =>
      app.inject({ method: 'GET', url: `/api/lMessage/web/chat/list?after=${lastId}`, headers: { authorization: auth, 'if-none-match': etag } });
    const same = await poll();
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await staff.post('/api/lMessage/web/reply', { receiverId: m.id, content: '回复' });
    const changed = await poll();
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // only what is new since `after`
    expect(changed.json().content.map((l: { content: string }) => l.content)).toEqual(['回复']);
  });

  it('another member sees only their own conversation', async () => {
    const { app, database } = get();
    const { member } = await people();
    await member.post('/api/lMessage/web/chat', { content: '我的问题' });
    const other = await buildUser(database.db);
    const c = client(app, await loginAs(app, other.phone, other.password));
    expect((await c.get('/api/lMessage/web/chat/list')).json()).toMatchObject({ content: [], lastId: 0 });
  });

  it('rate-limits questions (10 a minute per account)', async () => {
    const { member } = await people();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await member.post('/api/lMessage/web/chat', { content: `q${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('FAQ (admin) and system messages to many', () => {
  it('a FAQ entry needs the question and the answer in both languages; the widget lists 10 per page', async () => {
    const { database } = get();
    const { member, staff } = await people('en');
    const bad = await staff.post('/api/admin/faqs', { questionZh: '如何报名？', questionEn: 'How to sign up?', answerZh: '在活动页报名' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ answerEn: 'Please enter the question and the answer' });
    expect(await database.db.select().from(faqs)).toHaveLength(0);
    for (let i = 0; i < 12; i++)
      expect(
        (await staff.post('/api/admin/faqs', { questionZh: `问${i}`, questionEn: `Q${i}`, answerZh: `答${i}`, answerEn: `A${i}`, sort: i })).statusCode,
      ).toBe(200);
    const page = (await member.get('/api/lMessage/web/faq?page=0&size=10')).json();
    expect(page.totalElements).toBe(12);
    expect(page.content).toHaveLength(10);
    expect(page.content[0]).toMatchObject({ question: 'Q0', answer: 'A0' });
  });

  it('staff send a system message to everyone, an activity’s registrants or a role; members cannot', async () => {
    const { app, database } = get();
    const { m, member, staff } = await people();
    await buildUser(database.db, { roles: ['volunteer'] });
    const activity = await buildActivity(database.db);
    const body = { titleZh: '通知', titleEn: 'Notice', contentZh: '内容', contentEn: 'Body' };
    const all = await staff.post('/api/admin/messages/broadcast', { audience: 'all', ...body });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.sent).toBe(3);
    expect(all.json().resultStr).toBe('已发送给 3 人');
    expect((await staff.post('/api/admin/messages/broadcast', { audience: 'role', role: 'volunteer', ...body })).json().data.sent).toBe(1);
    // nobody registered in the activity yet
    expect((await staff.post('/api/admin/messages/broadcast', { audience: 'activity', activityId: activity.id, ...body })).json().data.sent).toBe(0);
    expect((await staff.post('/api/admin/messages/broadcast', { audience: 'activity', ...body })).json().fieldErrors).toEqual({ activityId: '此项为必填项' });
    expect((await staff.post('/api/admin/messages/broadcast', { audience: 'activity', activityId: 999_999, ...body })).statusCode).toBe(404);
    expect((await member.post('/api/admin/messages/broadcast', { audience: 'all', ...body })).statusCode).toBe(403);
    const mine = (await client(app, await loginAs(app, m.phone, m.password), 'en').get('/api/lMessage/web/list?page=0&size=100')).json();
    expect(mine.content[0]).toMatchObject({ title: 'Notice', content: 'Body', publish: { nickName: 'Organisers' } });
  });
});
