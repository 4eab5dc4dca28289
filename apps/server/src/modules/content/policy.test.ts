import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { policyAcceptances, policyVersions, users } from '../../db/schema/index';
import { ensurePolicies } from '../../db/seed/policies';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs, nextPhone } from '../../test/factories';

/** Issue 37 part 1–2: the versioned policies, their pages' API, staff publishing, and acceptance at sign-up. */
const t = useTestApp();
const DAY = 86_400_000;

const get = (url: string, lang = 'zh') => t().app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

async function editor() {
  const u = await buildUser(t().database.db, { roles: ['editor'] });
  return loginAs(t().app, u.phone, u.password);
}

describe('policies (issue 37)', () => {
  it('seeds version 1 of both policies once, in both languages, with real text', async () => {
    await ensurePolicies(t().database.db);
    await ensurePolicies(t().database.db);
    const rows = await t().database.db.select().from(policyVersions);
    expect(rows.map((r) => `${r.kind}:${r.version}`).sort()).toEqual(['children:1', 'privacy:1']);
    const children = rows.find((r) => r.kind === 'children')!;
    expect(children.bodyZh).toContain('第二十八条');
    expect(children.bodyEn).toContain('under 14');
    const zh = await get('/api/lPolicy/web/detail?kind=privacy');
    expect(zh.statusCode).toBe(200);
    expect(zh.json().data).toMatchObject({ kind: 'privacy', version: 1, title: '隐私政策', current: true });
    expect((await get('/api/lPolicy/web/detail?kind=children', 'en')).json().data.title).toBe("Rules for children's personal information");
  });

  it('shows the version in force, keeps every older one readable, and announces a later one without applying it', async () => {
    const { db } = t().database;
    const now = Date.now();
    await db.insert(policyVersions).values([
      { kind: 'privacy', version: 1, titleZh: '第一版', titleEn: 'First', bodyZh: '<p>一</p>', bodyEn: '<p>one</p>', effectiveAt: new Date(now - 30 * DAY) },
      { kind: 'privacy', version: 2, titleZh: '第二版', titleEn: 'Second', bodyZh: '<p>二</p>', bodyEn: '<p>two</p>', effectiveAt: new Date(now - DAY) },
      { kind: 'privacy', version: 3, titleZh: '第三版', titleEn: 'Third', bodyZh: '<p>三</p>', bodyEn: '<p>three</p>', effectiveAt: new Date(now + 7 * DAY) },
    ]);
    const current = (await get('/api/lPolicy/web/detail?kind=privacy', 'en')).json().data;
    expect(current).toMatchObject({ version: 2, title: 'Second', body: '<p>two</p>', current: true });
    expect(current.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    const old = (await get('/api/lPolicy/web/detail?kind=privacy&version=1')).json().data;
    expect(old).toMatchObject({ version: 1, title: '第一版', current: false, effectiveAt: new Date(now - 30 * DAY).toISOString() });
    expect((await get('/api/lPolicy/web/detail?kind=privacy&version=3')).json().data.current).toBe(false);
  });

  it('answers an unknown version or kind with a clear 4xx in the reader’s language', async () => {
    const missing = await get('/api/lPolicy/web/detail?kind=children&version=9', 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'POLICY_NOT_FOUND', message: 'There is no such version of this policy' });
    expect((await get('/api/lPolicy/web/detail?kind=children&version=9')).json().message).toBe('该政策版本不存在');
    expect((await get('/api/lPolicy/web/detail?kind=cookies')).statusCode).toBe(400);
    expect((await get('/api/lPolicy/web/detail?kind=privacy&version=1.5')).statusCode).toBe(400);
  });

  it('lets staff publish a new version (numbered by the server, sanitised) and never edit or delete one', async () => {
    const h = await editor();
    const body = { kind: 'children', titleZh: '规则', titleEn: 'Rules', bodyZh: '<p>一</p><script>alert(1)</script>', bodyEn: '<p>one</p>' };
    const first = await t().app.inject({ method: 'POST', url: '/api/admin/policies', headers: h, payload: body });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ kind: 'children', version: 1, bodyZh: '<p>一</p>' });
    // the number is the server's: a form cannot choose it
    const forged = await t().app.inject({ method: 'POST', url: '/api/admin/policies', headers: h, payload: { ...body, version: 7 } });
    expect(forged.statusCode).toBe(400);
    const second = await t().app.inject({ method: 'POST', url: '/api/admin/policies', headers: h, payload: { ...body, titleZh: '规则二' } });
    expect(second.json().data.version).toBe(2);
    const id = first.json().data.id;
    expect((await t().app.inject({ method: 'PUT', url: `/api/admin/policies/${id}`, headers: h, payload: { titleZh: 'x' } })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'DELETE', url: `/api/admin/policies/${id}`, headers: h })).statusCode).toBe(404);
    expect((await get('/api/lPolicy/web/detail?kind=children')).json().data).toMatchObject({ version: 2, title: '规则二' });
    expect((await get('/api/lPolicy/web/detail?kind=children&version=1')).json().data.title).toBe('规则');
    const member = await buildUser(t().database.db);
    const mh = await loginAs(t().app, member.phone, member.password);
    const refused = await t().app.inject({ method: 'POST', url: '/api/admin/policies', headers: mh, payload: body });
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await t().database.db.select().from(policyVersions)).toHaveLength(2);
  });
});

describe('accepting the privacy policy at sign-up (issue 37)', () => {
  async function codeFor(phone: string) {
    await t().app.inject({ method: 'POST', url: '/auth/web/sendSms', payload: { phone, type: 'register' } });
    return t().sms.last(phone)!.code;
  }

  it('refuses a sign-up without the ticked box with a clear 400 in zh and en, creating nothing', async () => {
    await ensurePolicies(t().database.db);
    const phone = nextPhone();
    const code = await codeFor(phone);
    const payload = { phone, code, nickName: '王家长', password: 'my-secret-9' };
    for (const [lang, text] of [
      ['zh', '请阅读并勾选同意《隐私政策》后再注册'],
      ['en', 'Read the privacy policy and tick the box to agree before signing up'],
    ] as const) {
      for (const extra of [{}, { acceptPrivacy: false }, { acceptPrivacy: 'true' }]) {
        const r = await t().app.inject({ method: 'POST', url: '/auth/web/register', headers: { 'accept-language': lang }, payload: { ...payload, ...extra } });
        expect(r.statusCode).toBe(400);
        expect(r.json().fieldErrors.acceptPrivacy).toBe(text);
      }
    }
    expect(await t().database.db.select().from(users)).toHaveLength(0);
    expect(await t().database.db.select().from(policyAcceptances)).toHaveLength(0);
  });

  it('records the version in force, the time and the address with the new account', async () => {
    await ensurePolicies(t().database.db, new Date(Date.now() - DAY));
    const { db } = t().database;
    await db.insert(policyVersions).values({ kind: 'privacy', version: 2, titleZh: '新', bodyZh: '<p>新</p>', effectiveAt: new Date(Date.now() + DAY) });
    const phone = nextPhone();
    const code = await codeFor(phone);
    const r = await t().app.inject({
      method: 'POST',
      url: '/auth/web/register',
      remoteAddress: '203.0.113.9',
      payload: { phone, code, nickName: '王家长', password: 'my-secret-9', acceptPrivacy: true },
    });
    expect(r.statusCode).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.phone, phone));
    const rows = await db.select().from(policyAcceptances).where(eq(policyAcceptances.userId, user!.id));
    expect(rows).toHaveLength(1);
    const [v1] = await db.select().from(policyVersions).where(eq(policyVersions.kind, 'privacy')).orderBy(policyVersions.version);
    expect(rows[0]).toMatchObject({ policyVersionId: v1!.id, ip: '203.0.113.9' });
    expect(Date.now() - rows[0]!.acceptedAt.getTime()).toBeLessThan(60_000);
  });
});
