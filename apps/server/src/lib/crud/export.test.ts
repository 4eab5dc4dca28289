import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, loginAs } from '../../test/factories';
import { exportFileName } from './display';

/**
 * Exports an organiser can hand on (issue 24): the screen's column titles in the exporter's language, names
 * instead of ids, labels instead of codes, yuan as money numbers, dates as dates, yes/no words. Read with
 * an independent reader (SheetJS), not the writer's own library.
 */
const t = useTestApp();

async function setup() {
  const { app, database } = t();
  const db = database.db;
  const admin = await buildUser(db, { roles: ['admin'] });
  const coach = await buildUser(db);
  const reg = await buildRegistrationActivity(db, { nameZh: '北京站', nameEn: 'Beijing Open' });
  const [team] = await db
    .insert(teams)
    .values({ activityId: reg.activity.id, userId: coach.id, programId: reg.sumo.id, name: '猫头鹰队', number: `${reg.activity.id}-0001` })
    .returning();
  await db.insert(teamMembers).values({
    activityId: reg.activity.id,
    userId: coach.id,
    teamId: team!.id,
    programId: reg.sumo.id,
    name: '张小明',
    cardEnc: 'x',
    cardHash: `h${Math.random()}`,
    cardMasked: '1101**********1234',
    gender: 'M',
    birth: 20130915,
    payStatus: 3,
  });
  const h = await loginAs(app, admin.username, admin.password);
  return { app, h, reg, team: team! };
}

function sheet(payload: Buffer) {
  const wb = XLSX.read(payload, { type: 'buffer', cellDates: true, cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true });
  return { wb, ws, header: rows[0] as string[], rows: rows.slice(1) };
}

async function jobFile(app: ReturnType<typeof t>['app'], url: string, headers: Record<string, string>) {
  const started = await app.inject({ method: 'POST', url, headers });
  expect(started.statusCode).toBe(200);
  let status = started.json().data;
  for (let i = 0; i < 100 && !status.ready; i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${status.jobId ?? started.json().data.jobId}`, headers })).json().data;
  }
  const file = await app.inject({ method: 'GET', url: `/api/admin/export-jobs/${started.json().data.jobId}/file`, headers });
  expect(file.statusCode).toBe(200);
  return file;
}

describe('resource exports (issue 24)', () => {
  it('the players export in Chinese: the screen titles, the activity, team (with its number) and program names, status and gender labels, the masked ID, the birth date as a date', async () => {
    const { app, h, reg } = await setup();
    const { header, rows, wb } = sheet(
      (await jobFile(app, `/api/admin/players/export-jobs?activityId=${reg.activity.id}&purpose=insurance%20list`, { ...h, 'accept-language': 'zh-CN' }))
        .rawPayload,
    );
    expect(wb.SheetNames[0]).toBe('选手管理');
    expect(header).toEqual(expect.arrayContaining(['活动', '队伍', '姓名', '证件号码', '性别', '赛项', '报名状态']));
    expect(header).not.toContain('activityId');
    const row = rows[0]!;
    const at = (title: string) => row[header.indexOf(title)];
    expect(at('活动')).toBe('北京站');
    expect(at('队伍')).toBe(`猫头鹰队 (${reg.activity.id}-0001)`);
    expect(at('出生日期')).toBe('2013-09-15');
    expect(at('赛项')).toBe('技能相扑赛');
    expect(at('姓名')).toBe('张小明');
    expect(at('证件号码')).toBe('1101**********1234');
    expect(at('性别')).toBe('男');
    expect(at('报名状态')).toBe('报名成功');
  });

  it('the same export in English (the one-shot file too): English titles, names and labels', async () => {
    const { app, h, reg } = await setup();
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/players/export?activityId=${reg.activity.id}&purpose=insurance%20list`,
      headers: { ...h, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const { header, rows } = sheet(res.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['Activity', 'Team', 'Program']));
    const at = (title: string) => rows[0]![header.indexOf(title)];
    expect(at('Activity')).toBe('Beijing Open');
    expect(at('Program')).toBe('Skill-based Sumo');
  });

  it('money is a yuan number formatted as money, dates are dates in China time, booleans are words', async () => {
    const { app, h, reg } = await setup();
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: h,
      payload: { activityId: reg.activity.id, nameZh: '报名费', nameEn: 'Entry fee', priceFen: 98000, codeType: 0 },
    });
    expect(created.statusCode).toBe(200);
    const { header, rows, ws } = sheet(
      (await jobFile(app, `/api/admin/plans/export-jobs?activityId=${reg.activity.id}`, { ...h, 'accept-language': 'zh-CN' })).rawPayload,
    );
    const col = header.indexOf('单价');
    expect(col).toBeGreaterThanOrEqual(0);
    expect(rows[0]![col]).toBe(980);
    const cell = ws[XLSX.utils.encode_cell({ r: 1, c: col })] as XLSX.CellObject;
    expect(cell.t).toBe('n');
    expect(String(cell.z)).toContain('¥');
    expect(rows[0]![header.indexOf('所属活动')]).toBe('北京站');

    // an activity: its dates as Excel dates (China time), its switches as yes/no
    const acts = sheet(
      (await app.inject({ method: 'GET', url: `/api/admin/activities/export?sort=id,desc`, headers: { ...h, 'accept-language': 'en' } })).rawPayload,
    );
    const row = acts.rows.find((r) => r.includes('Beijing Open'))!;
    const dates = row.filter((v) => v instanceof Date);
    expect(dates.length).toBeGreaterThan(0);
    // beginTime 2026-12-20T00:00Z is 08:00 on 20 December in China
    expect(dates.some((d) => (d as Date).toISOString().startsWith('2026-12-20T08:00'))).toBe(true);
    expect(row.some((v) => v === 'Yes' || v === 'No')).toBe(true);
    expect(row.some((v) => v === true || v === false)).toBe(false);
  });

  it('names the file by the day it is in Beijing, at any hour (07:30 there is still the day before in UTC)', async () => {
    expect(exportFileName('plans', new Date('2026-11-28T23:30:00Z'))).toBe('plans-2026-11-29.xlsx');
    expect(exportFileName('plans', new Date('2026-11-28T15:59:59Z'))).toBe('plans-2026-11-28.xlsx');
    expect(exportFileName('plans', new Date('2026-11-30T16:00:00Z'))).toBe('plans-2026-12-01.xlsx');
    // the routes name it so now: the day in Asia/Shanghai read by Intl (en-CA writes YYYY-MM-DD), at the start or the end of the calls
    const { app, h, reg } = await setup();
    const beijingDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);
    const t0 = Date.now();
    const once = await app.inject({ method: 'GET', url: `/api/admin/plans/export?activityId=${reg.activity.id}`, headers: h });
    const job = await jobFile(app, `/api/admin/plans/export-jobs?activityId=${reg.activity.id}`, h);
    const names = [t0, Date.now()].map((ms) => `attachment; filename="plans-${beijingDay(ms)}.xlsx"`);
    expect(names).toContain(once.headers['content-disposition']);
    expect(names).toContain(job.headers['content-disposition']);
  });
});

describe('the audit trail as people read it (issue 24)', () => {
  it('names the data, the action and the fields in the reader language; money in yuan, referenced rows by name', async () => {
    const { app, h, reg } = await setup();
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: h,
      payload: { activityId: reg.activity.id, nameZh: '报名费', nameEn: 'Entry fee', priceFen: 98000, codeType: 10 },
    });
    const id = created.json().data.id as number;
    expect((await app.inject({ method: 'PUT', url: `/api/admin/plans/${id}`, headers: h, payload: { priceFen: 196000 } })).statusCode).toBe(200);
    const zh = (
      await app.inject({ method: 'GET', url: `/api/admin/audit?resource=plans&recordId=${id}`, headers: { ...h, 'accept-language': 'zh-CN' } })
    ).json();
    const update = zh.content.find((e: { action: string }) => e.action === 'update');
    expect(update).toMatchObject({ resourceLabel: '购码方案', actionLabel: '修改' });
    expect(update.changes).toEqual([{ field: 'priceFen', label: '单价', before: '¥980.00', after: '¥1,960.00' }]);
    const create = zh.content.find((e: { action: string }) => e.action === 'create');
    expect(create.changes).toEqual(
      expect.arrayContaining([
        { field: 'activityId', label: '所属活动', before: null, after: '北京站' },
        { field: 'codeType', label: '兑换码类型', before: null, after: expect.not.stringMatching(/^10$/) },
      ]),
    );
    const text = JSON.stringify(create.changes.map((c: { label: string; after: string }) => [c.label, c.after]));
    expect(text).not.toMatch(/priceFen|activityId|98000/);
    const en = (
      await app.inject({ method: 'GET', url: `/api/admin/audit?resource=plans&recordId=${id}&action=create`, headers: { ...h, 'accept-language': 'en' } })
    ).json();
    expect(en.content[0]).toMatchObject({ actionLabel: 'Create' });
    expect(en.content[0].changes).toEqual(expect.arrayContaining([{ field: 'activityId', label: expect.any(String), before: null, after: 'Beijing Open' }]));
    expect(en.content[0].changes.find((c: { field: string }) => c.field === 'priceFen').after).toBe('¥980.00');
  });
});
