import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { teamMembers } from './db/schema/index';
import { DbShortStore } from './lib/short-store';
import { client, nextCard, playerBody } from './modules/registration/limits.helpers';
import { useTestApp } from './test/context';
import { buildActivity, buildAlbum, buildCodes, buildProgram, buildUser, loginAs } from './test/factories';
import { makeImage, multipart } from './test/images';
import { hasGpsPointer, phonePhoto, tiffOf } from './test/photos';
import { startS3 } from './test/s3';
import sharp from 'sharp';

// Issue 9, finding 3: two instances on one PostgreSQL database, each with its own DATA_DIR, one PII_KEY and
// one S3-compatible store (s3rver, a real S3 protocol server started here on a random port). Whatever is
// written through one must work through the other; before, each instance generated its own ID-number key
// (same child registered twice, 500 on details and on a redeem's winner) and kept uploads on its own disk.
const s3 = await startS3();
const t = useTestApp({ ...s3.env });

let b: { app: FastifyInstance; database: Database; dataDir: string };
beforeAll(async () => {
  const ctx = await waitForApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-instance-b-'));
  // the second instance: its own process state, pool, short store and DATA_DIR; the same database, key and store
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...s3.env });
  const database = await openDatabase({ url: ctx.url, migrate: false });
  const app = await buildApp({ config, database, store: new DbShortStore(database.db), sms: ctx.sms, piiKey: ctx.piiKey });
  await app.ready();
  b = { app, database, dataDir };
  expect(config.dataDir).not.toBe(ctx.config.dataDir);
});
afterAll(async () => {
  await b?.app.close();
  await b?.database.close();
  if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
  await s3.close();
});

/** useTestApp fills its context in its own beforeAll; wait for it here. */
async function waitForApp() {
  for (;;) {
    try {
      return t();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** One coach, logged in once, calling through either instance (sessions live in the database). */
async function coach() {
  const db = t().database.db;
  const activity = await buildActivity(db);
  const program = await buildProgram(db, activity.id, { maxMembers: 5 });
  const user = await buildUser(db);
  const h = await loginAs(t().app, user.phone, user.password);
  return { activity, program, user, h, a: client(t().app, h), b: client(b.app, h) };
}

async function staff(app: FastifyInstance) {
  const u = await buildUser(t().database.db, { roles: ['admin'] });
  return loginAs(app, u.phone, u.password);
}

const no5xx = (rs: { statusCode: number; body: string }[]) => expect(rs.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

describe('two instances, one database, one PII_KEY, one S3 store', () => {
  it('both instances store uploads in S3, not on their own disks', () => {
    expect(t().app.deps.storage.kind).toBe('s3');
    expect(b.app.deps.storage.kind).toBe('s3');
  });

  it('the same child cannot be registered twice across instances (409), one after the other or at once', async () => {
    const s = await coach();
    const card = nextCard();
    const first = await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { card }));
    expect(first.statusCode).toBe(200);
    const again = await s.b.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { card: card.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DUPLICATE_PLAYER');
    // racing: the same new child through both instances at the same moment, 5 rounds
    for (let i = 0; i < 5; i++) {
      const c = nextCard();
      const rs = await Promise.all([s.a, s.b, s.a, s.b].map((x) => x.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { card: c }))));
      no5xx(rs);
      expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(rs.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'DUPLICATE_PLAYER')).toBe(true);
    }
  });

  it('details and staff views of a player written through one instance work on the other', async () => {
    const s = await coach();
    const card = nextCard();
    const id = (await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { card }))).json().data.id as number;
    const detail = await s.b.get(`/api/lTeamMember/web/detail?id=${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.card).toBe(card); // the whole number, decrypted with the shared key
    const h = await staff(b.app);
    const whole = await b.app.inject({ method: 'GET', url: `/api/admin/players/${id}/card?purpose=identity-check`, headers: h });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data.card).toBe(card);
    const review = await b.app.inject({ method: 'GET', url: `/api/admin/review?activityId=${s.activity.id}`, headers: h });
    expect(review.statusCode).toBeLessThan(500);
    // and an update through the other instance keeps the same blind index (no duplicate of itself)
    const upd = await s.b.put('/api/lTeamMember/web/update', { ...playerBody(s.activity.id, { card }), id, name: '张小华' });
    expect(upd.statusCode).toBe(200);
  });

  it("a redeem's winner gets its player back (no 500), whichever instance it went through", async () => {
    const s = await coach();
    const team = (await s.a.post('/api/lTeam/web/create', { activityId: s.activity.id, name: 'Falcons', program: { id: s.program.id } })).json().data;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { team: { id: team.id } }))).json().data.id);
    const [code] = await buildCodes(t().database.db, s.activity.id, 1, { ownerUserId: s.user.id });
    const rs = await Promise.all(
      ids.map((id, i) => (i % 2 ? s.b : s.a).put('/api/lTeamMember/web/useCode', { id, activityId: s.activity.id, code: code!.codeName })),
    );
    no5xx(rs);
    const won = rs.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().data).toMatchObject({ payStatus: 3, code: code!.codeName });
    expect(won[0]!.json().data.card).toMatch(/^\d{17}[\dX]$/);
  });

  it('a private upload made through one instance is served by the other (owner and registration staff only)', async () => {
    const s = await coach();
    const photo = await makeImage('png', 120, 160);
    const m = multipart([
      { name: 'file', filename: 'kid.png', data: photo },
      { name: 'phone', value: '小明1700000000' },
    ]);
    const up = await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...s.h, ...m.headers }, payload: m.payload });
    expect(up.statusCode).toBe(200);
    const url = up.json().data as string;
    // not on either instance's disk: in the shared store
    expect(fs.existsSync(path.join(t().config.dataDir, 'uploads'))).toBe(false);
    const viaB = await b.app.inject({ method: 'GET', url, headers: s.h });
    expect(viaB.statusCode).toBe(200);
    expect(viaB.headers['content-type']).toBe('image/jpeg');
    expect(Number(viaB.headers['content-length'])).toBe(viaB.rawPayload.length);
    expect((await sharp(viaB.rawPayload).metadata()).format).toBe('jpeg');
    expect((await b.app.inject({ method: 'GET', url, headers: await staff(b.app) })).statusCode).toBe(200);
    const other = await buildUser(t().database.db);
    expect((await b.app.inject({ method: 'GET', url, headers: await loginAs(b.app, other.phone, other.password) })).statusCode).toBe(404);
    // the player written through B may point at the photo uploaded through A
    const created = await s.b.post('/api/lTeamMember/web/create', playerBody(s.activity.id, { headImg: url }));
    expect(created.statusCode).toBe(200);
  });

  it('public files, avatars and album originals written through one instance are served by the other', async () => {
    const s = await coach();
    // account avatar (spec 7.1: /avatar/<file name>)
    const av = await t().app.inject({
      method: 'POST',
      url: '/api/users/web/avatar',
      headers: { ...s.h, 'content-type': 'image/png' },
      payload: await makeImage('png', 300, 200),
    });
    expect(av.statusCode).toBe(200);
    const avatar = av.json().data.avatar as string;
    const got = await b.app.inject({ method: 'GET', url: `/avatar/${avatar}` });
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(256);
    // an album picture uploaded through A: display, thumbnail and the location-free original through B
    const editor = await buildUser(t().database.db, { roles: ['editor'] });
    const eh = await loginAs(t().app, editor.phone, editor.password);
    const { photo } = await buildAlbum(t().database.db, 0);
    const pm = multipart([{ name: 'file', filename: 'phone.jpg', data: await phonePhoto('jpeg', 300, 200) }]);
    expect(
      (await t().app.inject({ method: 'POST', url: `/api/admin/photos/${photo.id}/pictures`, headers: { ...eh, ...pm.headers }, payload: pm.payload }))
        .statusCode,
    ).toBe(200);
    const list = await b.app.inject({ method: 'POST', url: '/api/lGlobalMessage/pictureListNoToken', payload: { photoId: photo.id } });
    const item = JSON.parse(list.json().data).list[0] as { picUrl: string; thumbUrl: string; originalUrl: string };
    for (const u of [item.picUrl, item.thumbUrl]) {
      const r = await b.app.inject({ method: 'GET', url: u });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toContain('immutable');
    }
    const original = await b.app.inject({ method: 'GET', url: item.originalUrl });
    expect(original.statusCode).toBe(200);
    expect(hasGpsPointer(tiffOf((await sharp(original.rawPayload).metadata()).exif))).toBe(false);
  });

  it('an instance with another key reads nothing it cannot: masked copy in details, 409 for the whole number, no 500', async () => {
    const s = await coach();
    const id = (await s.a.post('/api/lTeamMember/web/create', playerBody(s.activity.id))).json().data.id as number;
    const [row] = await t().database.db.select().from(teamMembers).where(eq(teamMembers.id, id));
    // a misconfigured third instance (another key): what the start-up check now prevents
    const database = await openDatabase({ url: t().url, migrate: false });
    const wrong = await buildApp({ config: t().config, database, store: new DbShortStore(database.db), piiKey: crypto.randomBytes(32) });
    try {
      const detail = await client(wrong, s.h).get(`/api/lTeamMember/web/detail?id=${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.card).toBe(row!.cardMasked);
      const whole = await wrong.inject({ method: 'GET', url: `/api/admin/players/${id}/card?purpose=identity-check`, headers: await staff(wrong) });
      expect(whole.statusCode).toBe(409);
      expect(whole.json()).toMatchObject({ code: 'PII_UNREADABLE', resultCode: 0 });
      expect(whole.body).not.toContain(row!.cardMasked.slice(0, 6));
    } finally {
      await wrong.close();
      await database.close();
    }
  });
});
