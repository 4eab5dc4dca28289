import { describe, expect, it } from 'vitest';
import { faqs, messages } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';

const t = useTestApp();

describe('messages', () => {
  it('counts unread messages, lists them in the reader language and marks them read', async () => {
    const u = await buildUser(t().database.db);
    const auth = await loginAs(t().app, u.phone, u.password);
    await t()
      .database.db.insert(messages)
      .values([
        { receiverId: u.id, titleZh: '通知一', titleEn: 'Notice one', contentZh: '内容', contentEn: '', publisherZh: '组委会', publisherEn: 'Committee' },
        { receiverId: u.id, titleZh: '通知二', titleEn: 'Notice two', contentZh: '内容二', contentEn: 'Body two' },
      ]);
    expect((await t().app.inject({ method: 'GET', url: '/api/lMessage/web/count', headers: auth })).json().data).toBe(2);
    const list = await t().app.inject({ method: 'GET', url: '/api/lMessage/web/list?page=0&size=10', headers: { ...auth, 'accept-language': 'en' } });
    const content = list.json().content;
    expect(content[0]).toMatchObject({ title: 'Notice two', content: 'Body two', read: false });
    // empty English falls back to Chinese
    expect(content[1]).toMatchObject({ title: 'Notice one', content: '内容', publish: { nickName: 'Committee' } });
    await t().app.inject({ method: 'POST', url: '/api/lMessage/web/read', headers: auth, payload: { id: content[0].id } });
    expect((await t().app.inject({ method: 'GET', url: '/api/lMessage/web/count', headers: auth })).json().data).toBe(1);
  });

  it("answers 404 when someone marks another user's message", async () => {
    const owner = await buildUser(t().database.db);
    const other = await buildUser(t().database.db);
    const [m] = await t().database.db.insert(messages).values({ receiverId: owner.id, titleZh: 'x', contentZh: 'y' }).returning();
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/lMessage/web/read',
      headers: await loginAs(t().app, other.phone, other.password),
      payload: { id: m!.id },
    });
    expect(res.statusCode).toBe(404);
    const ownerAuth = await loginAs(t().app, owner.phone, owner.password);
    expect((await t().app.inject({ method: 'GET', url: '/api/lMessage/web/count', headers: ownerAuth })).json().data).toBe(1);
  });

  it('serves the FAQ to visitors in their language', async () => {
    await t().database.db.insert(faqs).values({ questionZh: '问题', questionEn: 'Question', answerZh: '答案', answerEn: 'Answer' });
    const zh = await t().app.inject({ method: 'GET', url: '/api/lMessage/web/faq?page=0&size=10' });
    const en = await t().app.inject({ method: 'GET', url: '/api/lMessage/web/faq?page=0&size=10', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(zh.json().content[0]).toMatchObject({ question: '问题', answer: '答案' });
    expect(en.json().content[0]).toMatchObject({ question: 'Question', answer: 'Answer' });
  });
});
