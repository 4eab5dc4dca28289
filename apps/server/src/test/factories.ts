import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { activities, consoles, news, orgs, photos, pictures, programs, redeemCodes, users } from '../db/schema/index';
import { withIdCheckChar } from '@rp/shared';
import { hashPassword } from '../modules/auth/password';

let seq = 0;
/** A unique mainland phone number per call. */
export function nextPhone(): string {
  seq += 1;
  return `139${String(10_000_000 + ((process.pid * 7919 + seq) % 89_999_999)).padStart(8, '0')}`;
}

/**
 * One argon2 hash per password for the whole worker (a salt per user proves nothing here, and each hash costs
 * ~40 ms of CPU at the production settings: buildUser is called some 200 times in the API tests).
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

export async function buildUser(
  db: Db,
  over: Partial<{ phone: string; username: string; password: string; nickName: string; roles: string[]; status: number }> = {},
) {
  const phone = over.phone ?? nextPhone();
  const password = over.password ?? 'secret-pass-1';
  const [row] = await db
    .insert(users)
    .values({
      username: over.username ?? phone,
      phone: over.username && !over.phone ? null : phone,
      passwordHash: await hashOnce(password),
      nickName: over.nickName ?? 'Coach Li',
      roles: over.roles ?? ['member'],
      status: over.status ?? 1,
    })
    .returning();
  return { ...row!, phone, password };
}

/** Logs in through the real endpoint and returns the bearer header. */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { username, password, code: '', uuid: '' } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { authorization: `Bearer ${res.json().token as string}` };
}

export async function buildActivity(db: Db, over: Partial<typeof activities.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await db
    .insert(activities)
    .values({
      nameZh: '测试赛事',
      nameEn: 'Test event',
      year: 2026,
      beginTime: new Date(now + 60 * 86_400_000),
      finishTime: new Date(now + 62 * 86_400_000),
      signUpBegin: new Date(now - 86_400_000),
      signUpEnd: new Date(now + 30 * 86_400_000),
      ...over,
    })
    .returning();
  return row!;
}

export async function buildProgram(db: Db, activityId: number, over: Partial<typeof programs.$inferInsert> = {}) {
  const [row] = await db
    .insert(programs)
    .values({ activityId, nameZh: '创意赛', nameEn: 'Creativity', type: 0, maxMembers: 5, ...over })
    .returning();
  return row!;
}

export async function buildNews(db: Db, over: Partial<typeof news.$inferInsert> = {}) {
  const [row] = await db
    .insert(news)
    .values({ titleZh: '新闻', titleEn: 'News', contentZh: '<p>内容</p>', ...over })
    .returning();
  return row!;
}

/** A gallery with one album holding `n` pictures taken one second apart (storage keys are fake). */
export async function buildAlbum(db: Db, n: number, over: Partial<typeof consoles.$inferInsert> = {}) {
  const [c] = await db
    .insert(consoles)
    .values({ nameZh: '精彩瞬间', nameEn: 'Highlights', year: 2026, ...over })
    .returning();
  const [p] = await db.insert(photos).values({ consoleId: c!.id, nameZh: '第一天', nameEn: 'Day one', pictureCount: n }).returning();
  const t0 = Date.UTC(2026, 5, 1);
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
      const k = i + j;
      return {
        photoId: p!.id,
        name: `IMG_${k}.jpg`,
        originalKey: `originals/2026/06/${k.toString(16).padStart(24, '0')}.jpg`,
        displayKey: `public/pictures/2026/06/${k.toString(16).padStart(24, '0')}.jpg`,
        thumbKey: `public/thumbs/2026/06/${k.toString(16).padStart(24, '0')}.webp`,
        width: 1200,
        height: 800,
        teamName: k % 2 ? '雄鹰队' : 'Falcons',
        memberName: `Player ${k % 10}`,
        programName: k % 3 ? 'Sumo' : 'Creativity',
        takenAt: new Date(t0 + Math.floor(k / 2) * 1000), // pairs share a timestamp: ties are broken by id
      };
    });
    await db.insert(pictures).values(batch);
  }
  return { console: c!, photo: p! };
}

/**
 * An open activity with a program of each type (sumo: 3 members; girls-only firefighting: type 1). It begins on
 * 20 December 2026 (the event day the tests' fixed birth dates are aged on) and finishes no sooner than 30 days
 * from now: a finish fixed at 22 December 2026 closed every registration run on or after that day.
 */
export async function buildRegistrationActivity(db: Db, over: Partial<typeof activities.$inferInsert> = {}) {
  const finish = Math.max(Date.UTC(2026, 11, 22), Date.now() + 30 * 86_400_000);
  const activity = await buildActivity(db, { beginTime: new Date(Date.UTC(2026, 11, 20)), finishTime: new Date(finish), ...over });
  const sumo = await buildProgram(db, activity.id, { nameZh: '技能相扑赛', nameEn: 'Skill-based Sumo', type: 0, maxMembers: 3, minAge: 6, maxAge: 18 });
  const girls = await buildProgram(db, activity.id, {
    nameZh: '女子消防',
    nameEn: "Girls' Firefighting",
    type: 1,
    maxMembers: 4,
    minAge: 6,
    maxAge: 18,
    gender: 'F',
  });
  return { activity, sumo, girls };
}

export async function buildCodes(db: Db, activityId: number, n: number, over: Partial<typeof redeemCodes.$inferInsert> = {}) {
  const rows = Array.from({ length: n }, (_, i) => ({
    activityId,
    codeName: `C${activityId}X${Date.now().toString(36)}${i}${Math.random().toString(36).slice(2, 6)}`.toUpperCase(),
    type: 0,
    ...over,
  }));
  return db.insert(redeemCodes).values(rows).returning();
}

export async function buildOrg(db: Db, over: Partial<typeof orgs.$inferInsert> = {}) {
  const [o] = await db
    .insert(orgs)
    .values({ name: '示范渠道', code: 'CH' + Math.random().toString(36).slice(2, 8).toUpperCase(), ...over })
    .returning();
  return o!;
}

/** Valid ID numbers (GB 11643 check digit) born on a given date; even sequence digit = female. */
export function idCard(birth: string, female = false, seq = 1, area = '110105'): string {
  return withIdCheckChar(`${area}${birth}${String(seq).padStart(2, '0')}${female ? 2 : 1}`);
}
