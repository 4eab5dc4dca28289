import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { apiTokens, auditLog, orders, staffRoles, teamMembers, teams, users } from '../../db/schema/index';
import { DbShortStore } from '../../lib/short-store';
import { contextReady, useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { setupMoney, teamWithPlayers } from '../payments/payments.helpers';
import { TOKEN_SCOPES } from './index';

const t = useTestApp();
type Headers = Record<string, string>;

/** Two activities, each with a team of two players (one waiting for review) and an unpaid order for them. */
async function world() {
  const { app, database } = t();
  const db = database.db;
  const side = async () => {
    const m = await setupMoney(db, app);
    const { ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 2);
    const r = await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: [ids[0]] });
    expect(r.statusCode, r.body).toBe(200);
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, r.json().data.orderNo));
    await db.update(teamMembers).set({ payStatus: 7 }).where(eq(teamMembers.id, ids[1]!));
    const [team] = await db.select().from(teams).where(eq(teams.activityId, m.activity.id));
    return { activityId: m.activity.id, playerIds: ids, orderId: o!.id, teamId: team!.id, member: m.h as Headers };
  };
  const a = await side();
  const b = await side();
  const admin = await buildUser(db, { roles: ['admin'] });
  const h = await loginAs(app, admin.username, admin.password);
  return { app, db, a, b, h };
}

const inAYear = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

async function mint(h: Headers, scopes: string[], activityIds: number[] | null = null) {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/admin/api-tokens',
    headers: h,
    payload: { name: 'Exam platform', scopes, activityIds, expiresAt: inAYear() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; token: string; prefix: string };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('partner API tokens', () => {
  it('is shown once and stored hashed; list and audit never hold it', async () => {
    const { app, db, h } = await world();
    const tok = await mint(h, ['orders.read']);
    expect(tok.token).toMatch(/^rpk_[A-Za-z0-9_-]{43}$/);
    expect(tok.prefix).toBe(tok.token.slice(4, 12));
    const list = await app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: h });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(tok.token);
    expect(list.json().content).toEqual([
      expect.objectContaining({ id: tok.id, prefix: tok.prefix, scopes: ['orders.read'], activityIds: null, state: 'active', lastUsedAt: null }),
    ]);
    expect(list.json().content[0]).not.toHaveProperty('token');
    const [row] = await db.select().from(apiTokens);
    expect(row!.hash).toBe(crypto.createHash('sha256').update(tok.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(tok.token);
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain(tok.token);
    const scopes = (await app.inject({ method: 'GET', url: '/api/admin/api-tokens/scopes', headers: h })).json().scopes;
    expect(scopes.map((s: { name: string }) => s.name)).toEqual(['registrations.read', 'orders.read', 'certificates.verify']);
  });

  it('refuses unknown scopes and expiries in the past or more than a year ahead', async () => {
    const { app, h } = await world();
    const post = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: h,
        payload: { name: 'x', scopes: ['orders.read'], activityIds: null, expiresAt: inAYear(), ...body },
      });
    expect((await post({ scopes: ['orders.write'] })).json().fieldErrors).toHaveProperty('scopes');
    expect((await post({ expiresAt: new Date(Date.now() - 1000).toISOString() })).json().fieldErrors).toHaveProperty('expiresAt');
    expect((await post({ expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).json().fieldErrors).toHaveProperty('expiresAt');
    expect((await post({ activityIds: [] })).statusCode).toBe(400);
    expect((await post({ activityIds: [999_999] })).json().fieldErrors).toHaveProperty('activityIds');
  });

  // about 1,200 requests (every scope × every admin route), some 3 CPU-s: 37 s of wall on a machine loaded 25 deep
  it('each scope opens its operations (200) and nothing else: every other /api/admin route and member routes answer 403', async () => {
    const { app, db, a, h } = await world();
    const concrete: Record<string, string> = {
      'GET /api/admin/teams': '/api/admin/teams',
      'GET /api/admin/teams/:id': `/api/admin/teams/${a.teamId}`,
      'GET /api/admin/players': '/api/admin/players',
      'GET /api/admin/players/:id': `/api/admin/players/${a.playerIds[0]}`,
      'GET /api/admin/review': '/api/admin/review',
      'GET /api/admin/orders': '/api/admin/orders',
      'GET /api/admin/orders/:id': `/api/admin/orders/${a.orderId}`,
      'GET /api/admin/orderDetail/:id': `/api/admin/orderDetail/${a.orderId}`,
      'GET /api/lAward/verifyCertCode': '/api/lAward/verifyCertCode?certCode=ABCDEFGHJKMNPQRS',
    };
    const member = ['GET /auth/info', 'GET /api/lTeamMember/web/list', 'POST /api/lOrder/web/createOrder', 'GET /api/users/web/info'];
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/admin/') || member.includes(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.url.startsWith('/api/admin/'))).toHaveLength(member.length);
    const failures: string[] = [];
    for (const scope of TOKEN_SCOPES) {
      const tok = await mint(h, [scope.name]);
      for (const op of scope.operations) {
        expect(concrete[op], op).toBeTruthy();
        const res = await app.inject({ method: 'GET', url: concrete[op]!, headers: bearer(tok.token) });
        // the certificate check of an unknown code is served: 404 CERT_NOT_FOUND, from the route itself
        const want = op.includes('verifyCertCode') ? 404 : 200;
        if (res.statusCode !== want) failures.push(`${scope.name} ${op}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      for (const r of routes) {
        const key = `${r.method} ${r.url}`;
        if (scope.operations.includes(key)) continue;
        const url = r.url.replace(/:(\w+)/g, '1').replace('*', 'x');
        const res = await app.inject({ method: r.method as 'GET', url, headers: bearer(tok.token) });
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') failures.push(`${scope.name} ${key}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // every allowed use is audited with the route pattern (never a query value), and the token's last use kept
    const uses = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'apiTokens'), eq(auditLog.action, 'use')));
    expect(uses.length).toBe(Object.keys(concrete).length);
    expect(uses.map((u) => JSON.parse(u.after!))).toContainEqual({ token: 'Exam platform', operation: 'GET /api/lAward/verifyCertCode' });
    expect(JSON.stringify(uses)).not.toContain('ABCDEFGHJKMNPQRS');
    expect((await db.select().from(apiTokens)).every((r) => r.lastUsedAt !== null)).toBe(true);
  });

  it('a token limited to activity A reads none of B’s rows', async () => {
    const { app, a, b, h } = await world();
    const tok = await mint(h, ['registrations.read', 'orders.read'], [a.activityId]);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(tok.token) });
    for (const url of ['/api/admin/players?size=100', '/api/admin/teams?size=100', '/api/admin/orders?size=100', '/api/admin/review?size=100']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const rows = res.json().content as { activityId?: number; id: number }[];
      expect(rows.length, url).toBeGreaterThan(0);
      if (url.includes('review')) expect(rows.map((r) => r.id)).toEqual([a.playerIds[1]]);
      else
        expect(
          rows.every((r) => r.activityId === a.activityId),
          url,
        ).toBe(true);
    }
    expect((await get(`/api/admin/players/${b.playerIds[0]}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/teams/${b.teamId}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${b.orderId}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/orderDetail/${b.orderId}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/orderDetail/${a.orderId}`)).statusCode).toBe(200);
    // filtering by B explicitly gives nothing either
    const byB = (await get(`/api/admin/players?activityId=${b.activityId}`)).json();
    expect(byB.content ?? []).toEqual([]);
  });

  it('revoked or expired: 401 on the next request, on every instance at once', async () => {
    const { app, db, a, h } = await world();
    const { database } = await contextReady(t);
    // a second instance on the same database (its own app, store and caches)
    const other = await buildApp({ config: app.deps.config, database, store: new DbShortStore(db) });
    try {
      const tok = await mint(h, ['orders.read']);
      const url = `/api/admin/orderDetail/${a.orderId}`;
      expect((await app.inject({ method: 'GET', url, headers: bearer(tok.token) })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url, headers: bearer(tok.token) })).statusCode).toBe(200);
      const revoked = await app.inject({ method: 'POST', url: `/api/admin/api-tokens/${tok.id}/revoke`, headers: h });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ id: tok.id, state: 'revoked' });
      const refused = await other.inject({ method: 'GET', url, headers: { ...bearer(tok.token), 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toMatch(/revoked/);
      expect((await app.inject({ method: 'GET', url, headers: bearer(tok.token) })).statusCode).toBe(401);

      const exp = await mint(h, ['orders.read']);
      expect((await other.inject({ method: 'GET', url, headers: bearer(exp.token) })).statusCode).toBe(200);
      await db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, exp.id));
      expect((await other.inject({ method: 'GET', url, headers: bearer(exp.token) })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: bearer(exp.token) })).statusCode).toBe(401);
      const states = (await app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: h })).json().content.map((x: { state: string }) => x.state);
      expect(states.sort()).toEqual(['expired', 'revoked']);
    } finally {
      await other.close();
    }
  });

  it('guessing tokens is rate-limited per address', async () => {
    const { app, db } = await world();
    const guess = () => app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(`rpk_${crypto.randomBytes(32).toString('base64url')}`) });
    for (let i = 0; i < 20; i++) expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    expect(
      await db
        .select()
        .from(apiTokens)
        .where(inArray(apiTokens.id, [1])),
    ).toHaveLength(0);
    // the guesses lock out guessing only: a valid token from the same address still works
    const tok = await mint((await world()).h, ['orders.read']);
    expect((await app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(tok.token) })).statusCode).toBe(200);
  });

  it('is never stronger than its maker: a scope needs the maker’s own permission, within the maker’s activities', async () => {
    const { app, db, a, b } = await world();
    await db.insert(staffRoles).values([
      { code: 'integrator', nameZh: '对接', permissions: ['integrations.manage'] },
      { code: 'moneyA', nameZh: 'A 财务', permissions: ['payments.manage'], activityIds: [a.activityId] },
    ]);
    const plain = await buildUser(db, { roles: ['member', 'integrator'] });
    const hp = await loginAs(app, plain.phone, plain.password);
    const post = (h: Headers, scopes: string[], activityIds: number[] | null) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: { ...h, 'accept-language': 'en' },
        payload: { name: 'x', scopes, activityIds, expiresAt: inAYear() },
      });
    // integrations.manage alone reads no orders: it cannot give a token that does
    const beyond = await post(hp, ['orders.read'], null);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().fieldErrors.scopes).toMatch(/do not hold this permission/);
    expect((await post(hp, ['certificates.verify'], null)).statusCode).toBe(200);
    // payments.manage for activity A only: an orders token for A, never for B or for every activity
    const regional = await buildUser(db, { roles: ['member', 'integrator', 'moneyA'] });
    const hr = await loginAs(app, regional.phone, regional.password);
    const every = await post(hr, ['orders.read'], null);
    expect(every.statusCode).toBe(400);
    expect(every.json().fieldErrors.activityIds).toMatch(/only some activities/);
    expect((await post(hr, ['orders.read'], [b.activityId])).statusCode).toBe(400);
    expect((await post(hr, ['orders.read'], [a.activityId, b.activityId])).statusCode).toBe(400);
    expect((await post(hr, ['registrations.read'], [a.activityId])).statusCode).toBe(403);
    const ok = await post(hr, ['orders.read'], [a.activityId]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await db.select().from(apiTokens)).toHaveLength(2);
  });

  it('acts within its maker’s CURRENT rights: narrowed with the maker’s activities, refused once the maker loses the role', async () => {
    const { app, db, a, b } = await world();
    await db.insert(staffRoles).values([
      { code: 'integrator', nameZh: '对接', permissions: ['integrations.manage'] },
      { code: 'registrar', nameZh: '报名', permissions: ['registrations.manage'] },
    ]);
    const maker = await buildUser(db, { roles: ['member', 'integrator', 'registrar'], nickName: 'Staff Wang' });
    const hm = await loginAs(app, maker.phone, maker.password);
    const tok = await mint(hm, ['registrations.read']);
    const get = (url: string, lang = 'en') => app.inject({ method: 'GET', url, headers: { ...bearer(tok.token), 'accept-language': lang } });
    const activitiesOf = async (url: string) => new Set(((await get(url)).json().content as { activityId: number }[]).map((r) => r.activityId));
    expect(await activitiesOf('/api/admin/teams?size=100')).toEqual(new Set([a.activityId, b.activityId]));
    // the list names its maker
    const list = await app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: hm });
    expect(list.json().content[0]).toMatchObject({ id: tok.id, createdBy: maker.id, createdByName: `Staff Wang (${maker.username})` });

    // the maker's role now reaches activity A only: so does the token, though it was made for every activity
    await db
      .update(staffRoles)
      .set({ activityIds: [a.activityId] })
      .where(eq(staffRoles.code, 'registrar'));
    expect(await activitiesOf('/api/admin/teams?size=100')).toEqual(new Set([a.activityId]));
    expect(await activitiesOf('/api/admin/players?size=100')).toEqual(new Set([a.activityId]));
    expect((await get(`/api/admin/players/${b.playerIds[0]}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/teams/${b.teamId}`)).statusCode).toBe(403);
    expect((await get(`/api/admin/review?size=100`)).json().content.map((r: { id: number }) => r.id)).toEqual([a.playerIds[1]]);

    // the maker loses the role: their own session is refused, and so is the token, on every operation
    await db
      .update(users)
      .set({ roles: ['member', 'integrator'] })
      .where(eq(users.id, maker.id));
    expect((await app.inject({ method: 'GET', url: '/api/admin/teams', headers: hm })).statusCode).toBe(403);
    for (const url of ['/api/admin/teams', `/api/admin/teams/${a.teamId}`, '/api/admin/players', `/api/admin/players/${a.playerIds[0]}`, '/api/admin/review']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toMatch(/no longer holds the permission/);
    }
    expect((await get('/api/admin/players', 'zh')).json().message).toMatch(/已不再拥有/);
  });

  it('stops when its maker is disabled or deleted (401, in the caller’s language)', async () => {
    const { app, db, a, h } = await world();
    const maker = await buildUser(db, { roles: ['member', 'admin'] });
    const tok = await mint(await loginAs(app, maker.phone, maker.password), ['registrations.read', 'orders.read']);
    const get = (url: string, lang = 'en') => app.inject({ method: 'GET', url, headers: { ...bearer(tok.token), 'accept-language': lang } });
    expect((await get('/api/admin/teams')).statusCode).toBe(200);

    await db.update(users).set({ status: 0 }).where(eq(users.id, maker.id));
    for (const url of ['/api/admin/teams', '/api/admin/players', `/api/admin/orderDetail/${a.orderId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toMatch(/disabled or deleted/);
    }
    expect((await get('/api/admin/players', 'zh')).json().message).toMatch(/已停用或已删除/);
    await db.update(users).set({ status: 1 }).where(eq(users.id, maker.id));
    expect((await get('/api/admin/players')).statusCode).toBe(200);

    // the account deleted (created_by becomes null): the token stops and the list names no one
    await db.delete(users).where(eq(users.id, maker.id));
    expect((await db.select().from(apiTokens).where(eq(apiTokens.id, tok.id)))[0]!.createdBy).toBeNull();
    expect((await get('/api/admin/teams')).statusCode).toBe(401);
    const list = await app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: h });
    expect(list.json().content[0]).toMatchObject({ id: tok.id, createdBy: null, createdByName: null });
  });

  it('a public operation answers a token as it answers anyone; a mistyped token is told it is not valid', async () => {
    const { app, h } = await world();
    const tok = await mint(h, ['orders.read']);
    const news = await app.inject({ method: 'GET', url: '/api/lAward/verifyCertCode?certCode=ABCDEFGHJKMNPQRS', headers: bearer(tok.token) });
    expect(news.statusCode).toBe(404); // the route's own answer for an unknown code, not 403
    expect(news.json().code).not.toBe('FORBIDDEN');
    for (const bad of [tok.token.slice(0, 30), `RPK_${tok.token.slice(4)}`, `${tok.token}x`]) {
      const res = await app.inject({ method: 'GET', url: '/api/admin/orders', headers: { ...bearer(bad), 'accept-language': 'en' } });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(res.json().resultStr ?? res.json().message).toMatch(/API token/);
    }
  });

  it('uses are audited once a minute per operation, naming the token and the operation', async () => {
    const { app, db, h } = await world();
    const tok = await mint(h, ['orders.read']);
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(tok.token) })).statusCode).toBe(200);
    const uses = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'apiTokens'), eq(auditLog.action, 'use')));
    expect(uses.map((u) => JSON.parse(u.after!))).toEqual([{ token: 'Exam platform', operation: 'GET /api/admin/orders' }]);
    const trail = await app.inject({ method: 'GET', url: '/api/admin/audit?resource=apiTokens', headers: { ...h, 'accept-language': 'en' } });
    expect(trail.statusCode).toBe(200);
    const entry = (trail.json().content as { action: string; changes: { label: string; after: string }[] }[]).find((e) => e.action === 'use')!;
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'token', label: 'API token', before: null, after: 'Exam platform' },
        { field: 'operation', label: 'Operation', before: null, after: 'GET /api/admin/orders' },
      ]),
    );
  });
});
