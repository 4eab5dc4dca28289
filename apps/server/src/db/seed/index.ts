import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import {
  aboutSections,
  activities,
  bankAccounts,
  consoles,
  dictDetails,
  eventSessions,
  volunteerPositions,
  orgs,
  faqs,
  materials,
  news,
  partners,
  plans,
  programs,
  tickets,
  users,
} from '../schema/index';
import type { Storage } from '../../lib/storage';
import { seedGallery } from './gallery';
import { hashPassword } from '../../lib/password';
import { demoAbout, demoActivities, demoDictionary, demoFaqs, demoNews, demoPartners } from './demo-data';

/**
 * Creates the administrator on first boot: ADMIN_PASSWORD when given, else a random password that is
 * printed once. Never changes an existing administrator.
 */
export async function ensureAdmin(db: Db, opts: { username: string; password?: string }, print: (line: string) => void): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, opts.username)).limit(1);
  if (existing) return;
  const password = opts.password ?? crypto.randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({ username: opts.username, passwordHash: await hashPassword(password), nickName: opts.username, roles: ['admin'] }) // nickname = login name: no English word in a Chinese greeting
    .onConflictDoNothing();
  if (!opts.password) print(`Administrator created: username "${opts.username}", password "${password}" (shown once; set ADMIN_PASSWORD to choose it)`);
}

/** Fills an empty database with demo content; does nothing when any activity exists. */
export async function seedDemo(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(activities);
  if (Number(n) > 0) return false;
  await db.transaction(async (tx) => {
    for (const a of demoActivities()) {
      const { programs: progs, plans: pls, sizes, ...activity } = a;
      const [row] = await tx.insert(activities).values(activity).returning({ id: activities.id });
      const activityId = row!.id;
      if (progs.length) await tx.insert(programs).values(progs.map((p, i) => ({ ...p, activityId, sort: i })));
      if (pls.length) await tx.insert(plans).values(pls.map((p) => ({ ...p, activityId })));
      if (sizes.length)
        await tx
          .insert(materials)
          .values(sizes.map((s, i) => ({ activityId, nameZh: s, nameEn: s, type: 1, quantity: 500, remaining: 500, size: s, sort: i })));
    }
    // Explicit ids 545/568 must not collide with later serial ids.
    await tx.execute(sql`select setval(pg_get_serial_sequence('activities', 'id'), (select max(id) from activities))`);
    // the organiser's account for bank transfers (GET api/lBankAccount/web/list)
    await tx.insert(bankAccounts).values({
      accountName: '国际青少年机器人竞赛组委会',
      bankNameZh: '中国工商银行北京海淀支行',
      bankNameEn: 'ICBC Beijing Haidian Branch',
      accountNo: '0200 0045 0920 0123 456',
      remarkZh: '转账时请在备注中填写订单页面显示的转账识别码。',
      remarkEn: 'Quote the transfer reference shown on your order in the remark line.',
    });
    // audience, workshop and online-match sessions of the open activity 600 (issue 11)
    await tx.update(activities).set({ audienceEnabled: true }).where(eq(activities.id, 600));
    const day = (d: number, h: number) => {
      const t = new Date(Date.now() + d * 86_400_000);
      t.setUTCHours(h - 8, 0, 0, 0); // Beijing time
      return t;
    };
    const ss = await tx
      .insert(eventSessions)
      .values([
        {
          activityId: 600,
          kind: 'audience',
          nameZh: '决赛日 · 上午场',
          nameEn: 'Finals day · morning',
          areaZh: '主场馆 A 区',
          areaEn: 'Main hall, zone A',
          maxPeople: 800,
          entryTime: day(61, 8),
          startTime: day(61, 9),
          endTime: day(61, 12),
          sort: 1,
        },
        {
          activityId: 600,
          kind: 'audience',
          nameZh: '决赛日 · 下午场',
          nameEn: 'Finals day · afternoon',
          areaZh: '主场馆 A 区',
          areaEn: 'Main hall, zone A',
          maxPeople: 800,
          entryTime: day(61, 13),
          startTime: day(61, 14),
          endTime: day(61, 17),
          sort: 2,
        },
        {
          activityId: 600,
          kind: 'workshop',
          nameZh: '少儿编程体验课',
          nameEn: 'Coding for kids, a first lesson',
          areaZh: '二层 201 教室',
          areaEn: 'Room 201, 2nd floor',
          maxPeople: 30,
          entryTime: day(61, 9),
          startTime: day(61, 10),
          endTime: day(61, 11),
          sort: 1,
        },
        {
          activityId: 600,
          kind: 'workshop',
          nameZh: '机器人搭建工作坊',
          nameEn: 'Build-a-robot workshop',
          areaZh: '二层 203 教室',
          areaEn: 'Room 203, 2nd floor',
          maxPeople: 20,
          entryTime: day(61, 13),
          startTime: day(61, 14),
          endTime: day(61, 16),
          sort: 2,
        },
        {
          activityId: 600,
          kind: 'online',
          nameZh: '线上赛 · 第一轮',
          nameEn: 'Online match · round 1',
          maxPeople: 100,
          teamCodePrefix: 'OL1',
          entryTime: day(45, 9),
          startTime: day(45, 10),
          endTime: day(45, 12),
          sort: 1,
        },
        {
          activityId: 600,
          kind: 'online',
          nameZh: '线上赛 · 第二轮',
          nameEn: 'Online match · round 2',
          maxPeople: 100,
          teamCodePrefix: 'OL2',
          entryTime: day(46, 9),
          startTime: day(46, 10),
          endTime: day(46, 12),
          sort: 2,
        },
      ])
      .returning({ id: eventSessions.id, kind: eventSessions.kind });
    const [am, pm, code, build] = ss;
    await tx.insert(tickets).values([
      { activityId: 600, sessionId: am!.id, type: 1, nameZh: '成人票', nameEn: 'Adult', priceFen: 5_000, maxPeople: 6 },
      { activityId: 600, sessionId: am!.id, type: 1, nameZh: '学生票', nameEn: 'Student', priceFen: 3_000, maxPeople: 6 },
      { activityId: 600, sessionId: pm!.id, type: 1, nameZh: '成人票', nameEn: 'Adult', priceFen: 5_000, maxPeople: 6 },
      { activityId: 600, sessionId: code!.id, type: 2, nameZh: '体验名额（免费）', nameEn: 'Free place', priceFen: 0, maxPeople: 2 },
      { activityId: 600, sessionId: build!.id, type: 2, nameZh: '工作坊名额', nameEn: 'Workshop place', priceFen: 12_000, maxPeople: 2 },
    ]);
    // volunteers of the open activity 600 (issue 12)
    await tx.update(activities).set({ volunteerEnabled: true }).where(eq(activities.id, 600));
    await tx.insert(volunteerPositions).values([
      {
        activityId: 600,
        nameZh: '赛场引导',
        nameEn: 'Venue guide',
        descriptionZh: '引导队伍和观众入场、找到赛区',
        descriptionEn: 'Guide teams and visitors to their areas',
        quota: 40,
        sort: 1,
      },
      {
        activityId: 600,
        nameZh: '裁判助理',
        nameEn: 'Referee assistant',
        descriptionZh: '协助裁判计时、记录成绩',
        descriptionEn: 'Help the referees keep time and record scores',
        quota: 20,
        sort: 2,
      },
      {
        activityId: 600,
        nameZh: '翻译志愿者',
        nameEn: 'Interpreter',
        descriptionZh: '为国际队伍提供中英文翻译',
        descriptionEn: 'Interpret between Chinese and English for international teams',
        quota: 10,
        sort: 3,
      },
    ]);
    await tx.insert(news).values(demoNews());
    await tx.insert(faqs).values(demoFaqs());
    await tx.insert(partners).values(demoPartners());
    await tx.insert(aboutSections).values(demoAbout());
    await tx.insert(dictDetails).values(demoDictionary());
    await tx.insert(orgs).values([
      { name: '示范渠道（华北）', address: '北京市海淀区', type: 1, code: 'DEMO2026', rebatePerMille: 50, status: 1 },
      { name: '待审核渠道', address: '上海市', type: 2, code: 'WAIT2026', status: 2 },
    ]);
  });
  log?.info('demo data seeded');
  return true;
}

/**
 * Demo galleries with real processed pictures (a few seconds of image work). Runs after the server
 * listens, so the first page is not kept waiting; does nothing once any gallery exists.
 */
export async function seedDemoGallery(db: Db, storage: Storage, log?: FastifyBaseLogger): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(consoles);
  if (Number(n) > 0) return;
  // Each season's galleries and rule files belong to that season's regular (level 1) activity.
  const acts = await db.select({ id: activities.id, year: activities.year, level: activities.level }).from(activities).orderBy(activities.id);
  if (!acts.length) return;
  const activityOf = (year: number) => acts.find((a) => a.year === year && a.level === 1)?.id ?? acts.find((a) => a.year === year)?.id ?? null;
  await seedGallery(db, storage, new Date().getUTCFullYear(), activityOf);
  log?.info('demo galleries seeded');
}
