import { describe, expect, it, vi } from 'vitest';
import { CONSENT_BATCH_GAP_MS } from '@rp/shared';
import ExcelJS from 'exceljs';
import { guardianConsents, teamMembers, teams } from '../../db/schema/index';
import { SmsNoticeFailed } from '../../lib/sms';
import { useTestApp } from '../../test/context';
import { buildRegistrationActivity, buildUser, idCard, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

const t = useTestApp();

async function sheet(rows: unknown[][], tweak?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  tweak?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const HEAD = ['姓名', '证件类型', '证件号码', '出生日期', '性别', '队伍名称', '赛项', '紧急联系人', '紧急联系电话'];

async function setup() {
  const reg = await buildRegistrationActivity(t().database.db);
  const u = await buildUser(t().database.db);
  const h = await loginAs(t().app, u.phone, u.password);
  const upload = (url: string, data: Buffer, filename = 'players.xlsx', lang = 'zh') => {
    const m = multipart([{ name: 'file', filename, data }]);
    return t().app.inject({ method: 'POST', url, headers: { ...h, ...m.headers, 'accept-language': lang }, payload: m.payload });
  };
  return { ...reg, u, h, upload };
}

describe('spreadsheet import of players', () => {
  it('offers a template in the reader language', async () => {
    const s = await setup();
    for (const [lang, first] of [
      ['zh', '姓名'],
      ['en', 'Name'],
    ] as const) {
      const r = await t().app.inject({
        method: 'GET',
        url: `/api/lTeamMember/web/importTemplate?activityId=${s.activity.id}`,
        headers: { ...s.h, 'accept-language': lang },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe(first);
    }
    // public, so that a link downloads it; the page's language rides in the address
    const r = await t().app.inject({
      method: 'GET',
      url: `/api/lTeamMember/web/importTemplate?activityId=${s.activity.id}&lang=en`,
      headers: { 'accept-language': 'zh' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="players-template.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Name');
    expect((await t().app.inject({ method: 'GET', url: `/api/lTeamMember/web/importTemplate?activityId=${s.activity.id}&lang=fr` })).statusCode).toBe(400);
  });

  it('previews every row with its errors (row, column, message) and writes nothing', async () => {
    const s = await setup();
    const data = await sheet([
      HEAD,
      ['李明', '身份证', idCard('20120315'), '', '', '雄鹰队', '技能相扑赛', '李华', '13800138000'],
      ['王芳', '身份证', '1101052012', '', '', '雄鹰队', '技能相扑赛', '', ''],
      ['赵强', '护照', 'E1234567', '', '', '', '技能相扑赛', '', ''],
      ['钱多', '身份证', idCard('20120315'), '', '', '', '不存在的赛项', '', '123'],
      ['孙六', '身份证', '110105201203151234', '', '', '', '技能相扑赛', '', ''], // wrong check digit (issue 24)
      ['周七', '身份证', '11010519491231002x', '', '', '', '', '', ''], // lowercase x: fine
    ]);
    const r = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`, data);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ total: 6, valid: 2, written: 0 });
    expect(d.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: '证件号码', message: '请填写正确的身份证号' },
        { row: 4, column: '出生日期', message: '请填写出生日期' },
        { row: 5, column: '赛项', message: '赛项名称不存在' },
        { row: 5, column: '证件号码', message: '与第 2 行的证件号重复' },
        { row: 5, column: '紧急联系电话', message: '请输入正确的 11 位手机号' },
        { row: 6, column: '证件号码', message: '身份证号校验位不正确' },
      ]),
    );
    expect(d.rows[0]).toMatchObject({ row: 2, name: '李明', ok: true });
    expect(d.rows[0].cardMasked).toMatch(/^110\*+/);
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
  });

  it('all-or-nothing refuses a sheet with errors; otherwise writes the valid rows and creates named teams', async () => {
    const s = await setup();
    const data = await sheet([HEAD, ['李明', '', idCard('20120315'), '', '', '新队', '技能相扑赛', '', ''], ['坏行', '', 'x', '', '', '', '', '', '']]);
    const atomic = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`, data, 'p.xlsx', 'en');
    expect(atomic.statusCode).toBe(400);
    expect(atomic.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', message: 'There are errors; nothing was written' });
    expect(atomic.json().data.errors[0]).toMatchObject({ row: 3, column: 'ID number' });
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
    const partial = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=0`, data);
    expect(partial.json().data.written).toBe(1);
    const [team] = await t().database.db.select().from(teams);
    expect(team).toMatchObject({ name: '新队', collectStatus: 1 });
    const [m] = await t().database.db.select().from(teamMembers);
    expect(m).toMatchObject({ teamId: team!.id, collectStatus: 1, birth: 20120315 });
  });

  it('accepts full-width digits and extra spaces; refuses duplicates already registered', async () => {
    const s = await setup();
    const card = idCard('20120315');
    const fullWidth = card.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    const first = await s.upload(
      `/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`,
      await sheet([HEAD, ['  李  明 ', '身份证', fullWidth, '', '', '', '技能相扑赛', '', '']]),
    );
    expect(first.json().data.written).toBe(1);
    expect((await t().database.db.select().from(teamMembers))[0]!.name).toBe('李 明');
    const again = await s.upload(
      `/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`,
      await sheet([HEAD, ['李明', '身份证', card, '', '', '', '技能相扑赛', '', '']]),
    );
    expect(again.json().data.errors[0].message).toBe('该证件号已在本活动中报名');
  });

  it.each([
    ['a file that is not a spreadsheet', async () => Buffer.from('name,card\n'), 'p.xlsx', 400, 'IMPORT_NOT_SPREADSHEET'],
    ['a broken .xls file', async () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'p.xls', 400, 'IMPORT_NOT_SPREADSHEET'],
    [
      'a sheet without the ID number column',
      async () =>
        sheet([
          ['姓名', '赛项'],
          ['李明', '技能相扑赛'],
        ]),
      'p.xlsx',
      400,
      'IMPORT_MISSING_COLUMNS',
    ],
    [
      'a header with an empty cell',
      async () =>
        sheet([
          ['姓名', '', '证件号码'],
          ['李明', '', idCard('20120315')],
        ]),
      'p.xlsx',
      400,
      'IMPORT_HEADER_EMPTY',
    ],
    ['merged cells', async () => sheet([HEAD, ['李明', '身份证', idCard('20120315')]], (ws) => ws.mergeCells('A2:B2')), 'p.xlsx', 400, 'IMPORT_MERGED'],
    [
      'more than 10,000 rows',
      async () => sheet([HEAD, ...Array.from({ length: 10_001 }, (_, i) => [`P${i}`, '', idCard('20120315')])]),
      'p.xlsx',
      413,
      'IMPORT_TOO_MANY',
    ],
  ])('refuses %s with a clear message', async (_n, make, name, status, code) => {
    const s = await setup();
    const r = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit`, await make(), name);
    expect(r.statusCode).toBe(status);
    expect(r.json().code).toBe(code);
    expect(r.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
  });

  it('reports formulas per cell', async () => {
    const s = await setup();
    const data = await sheet([HEAD, ['李明', '身份证', { formula: 'CONCAT("1101","05")', result: '110105' }, '', '', '', '技能相扑赛']]);
    const r = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`, data);
    expect(r.json().data.errors).toContainEqual({ row: 2, column: '证件号码', message: '单元格含公式，请粘贴为数值后再导入' });
  });

  it('exports my players with ID numbers masked', async () => {
    const s = await setup();
    const card = idCard('20120315');
    await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit`, await sheet([HEAD, ['李明', '', card, '', '', '', '技能相扑赛']]));
    const r = await t().app.inject({ method: 'GET', url: `/api/lTeamMember/web/export?activityId=${s.activity.id}`, headers: s.h });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(2).values as unknown[];
    expect(row).toContain('李明');
    expect(JSON.stringify(row)).not.toContain(card);
    expect(row).toContain('未报名');
  });
});

describe('spreadsheet import: guardians’ consent links (issue 37)', () => {
  const year = new Date().getUTCFullYear();
  const G_HEAD = [...HEAD, '监护人姓名', '监护人手机号'];
  const row = (name: string, card: string, guardian: string, phone: string) => [name, '身份证', card, '', '', '', '技能相扑赛', '', '', guardian, phone];

  it('has the guardian columns in the template in both languages', async () => {
    const s = await setup();
    for (const [lang, heads] of [
      ['zh', ['监护人姓名', '监护人手机号']],
      ['en', ['Guardian name', 'Guardian mobile']],
    ] as const) {
      const r = await t().app.inject({ method: 'GET', url: `/api/lTeamMember/web/importTemplate?activityId=${s.activity.id}&lang=${lang}` });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.getRow(1).values).toEqual(expect.arrayContaining([...heads]));
    }
  });

  it('refuses a guardian phone that is not a phone in the person’s language and writes nothing for that row', async () => {
    const s = await setup();
    const data = await sheet([
      G_HEAD,
      row('林小雨', idCard(`${year - 9}0601`), '林妈妈', '1380013800x'),
      row('王大明', idCard(`${year - 15}0101`, false, 2), '', ''),
    ]);
    for (const [lang, column, message] of [
      ['zh', '监护人手机号', '请输入正确的 11 位手机号'],
      ['en', 'Guardian mobile', 'Enter a valid 11-digit mainland mobile number'],
    ] as const) {
      const r = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`, data, 'p.xlsx', lang);
      expect(r.json().data).toMatchObject({ valid: 1, consentLinks: 0, errors: [{ row: 2, column, message }] });
    }
    const atomic = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`, data);
    expect(atomic.statusCode).toBe(400);
    expect(await t().database.db.select().from(teamMembers)).toHaveLength(0);
    const partial = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=0`, data);
    expect(partial.json().data).toMatchObject({ written: 1, consentLinks: 0 });
    expect((await t().database.db.select().from(teamMembers)).map((m) => m.name)).toEqual(['王大明']);
    expect(await t().database.db.select().from(guardianConsents)).toHaveLength(0);
    expect(t().sms.notices).toHaveLength(0);
  });

  it('asks each child’s guardian by SMS in a throttled batch after the commit; one failed send does not stop the rest', async () => {
    const s = await setup();
    const times: number[] = [];
    const notice = t().sms.notice.bind(t().sms);
    const spy = vi.spyOn(t().sms, 'notice').mockImplementation(async (m) => {
      times.push(Date.now());
      return notice(m);
    });
    t().sms.noticeFailures = [new SmsNoticeFailed('unreachable', true)];
    try {
      const data = await sheet([
        G_HEAD,
        row('林小雨', idCard(`${year - 9}0601`, true), '林妈妈', '13900139001'),
        row('林小风', idCard(`${year - 11}0301`, false, 2), '林妈妈', '139 0013 9002'),
        row('赵小雪', idCard(`${year - 10}0301`, true, 3), '赵爸爸', '13900139003'),
        row('王大明', idCard(`${year - 15}0101`, false, 4), '王爸爸', '13900139004'), // 15: needs no consent
        row('钱小月', idCard(`${year - 8}0301`, true, 5), '', ''), // no guardian phone: asked from the form later
      ]);
      const preview = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=preview`, data);
      expect(preview.json().data).toMatchObject({ valid: 5, consentLinks: 3, written: 0 });
      const r = await s.upload(`/api/lTeamMember/web/import?activityId=${s.activity.id}&mode=commit&atomic=1`, data);
      expect(r.json().data).toMatchObject({ written: 5, consentLinks: 3 });
      const { db } = t().database;
      const members = await db.select().from(teamMembers);
      const consents = await db.select().from(guardianConsents);
      expect(consents.map((c) => [members.find((m) => m.id === c.teamMemberId)!.name, c.status, c.method, c.guardianName, c.guardianPhone])).toEqual([
        ['林小雨', 'pending', 'sms', '林妈妈', '13900139001'],
        ['林小风', 'pending', 'sms', '林妈妈', '13900139002'],
        ['赵小雪', 'pending', 'sms', '赵爸爸', '13900139003'],
      ]);
      // the first send fails (the provider), the other two go out, CONSENT_BATCH_GAP_MS apart
      await vi.waitFor(() => expect(times).toHaveLength(3), { timeout: 3000 });
      await vi.waitFor(() => expect(t().sms.notices).toHaveLength(2));
      expect(t().sms.notices.map((n) => n.phone)).toEqual(['13900139002', '13900139003']);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(CONSENT_BATCH_GAP_MS - 5);
      // the link names the child masked, in the coach's language, and the guardian's page opens from it
      const n = t().sms.notices[0]!;
      expect(n).toMatchObject({ event: 'guardianConsent', lang: 'zh', params: { child: '林*风' } });
      const token = new URL(n.params.link!).searchParams.get('token')!;
      const page = await t().app.inject({ method: 'GET', url: `/api/guardianConsent?token=${token}` });
      expect(page.json().data).toMatchObject({ child: { name: '林*风' }, status: 'pending', canDecide: true, guardianName: '林妈妈' });
      // the roster: waiting for the three, notNeeded for the 15-year-old, none for the one without a phone
      const list = (await t().app.inject({ method: 'GET', url: `/api/lTeamMember/web/list?activityId=${s.activity.id}&page=0&size=30`, headers: s.h })).json()
        .content as { name: string; consent: string }[];
      expect(Object.fromEntries(list.map((m) => [m.name, m.consent]))).toEqual({
        林小雨: 'pending',
        林小风: 'pending',
        赵小雪: 'pending',
        王大明: 'notNeeded',
        钱小月: 'none',
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('batch avatars and code sheets', () => {
  it('binds uploaded avatars to players; a file that is not the caller’s upload fails per row', async () => {
    const s = await setup();
    const m = (
      await t().app.inject({
        method: 'POST',
        url: '/api/lTeamMember/web/create',
        headers: s.h,
        payload: { activityId: s.activity.id, name: '李明', card: idCard('20120315') },
      })
    ).json().data;
    const up = multipart([
      { name: 'phone', value: '李明1700000000' },
      { name: 'file', filename: '李明.jpg', data: await makeImage('jpeg') },
    ]);
    const url = (await t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...s.h, ...up.headers }, payload: up.payload })).json()
      .data;
    const r = await t().app.inject({
      method: 'POST',
      url: '/api/lTeamMember/web/updateMemberHead',
      headers: s.h,
      payload: {
        activityId: s.activity.id,
        memberPhotoVoList: [
          { memberId: m.id, headImg: url },
          { memberId: m.id, headImg: '/api/files/private/avatars/2026/01/000000000000000000000000.jpg' },
        ],
      },
    });
    expect(r.json().data.map((x: { ok: boolean }) => x.ok)).toEqual([true, false]);
    const img = await t().app.inject({ method: 'GET', url, headers: { cookie: `token=${s.h.authorization.slice(7)}` } });
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('avatar uploads check name first, type and size by content', async () => {
    const s = await setup();
    const send = async (parts: Parameters<typeof multipart>[0]) => {
      const m = multipart(parts);
      return t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...s.h, ...m.headers }, payload: m.payload });
    };
    expect((await send([{ name: 'file', filename: 'a.jpg', data: await makeImage('jpeg') }])).json().message).toBe('请先填写选手姓名');
    expect(
      (
        await send([
          { name: 'phone', value: 'x' },
          { name: 'file', filename: 'a.webp', data: await makeImage('webp') },
        ])
      ).json().message,
    ).toBe('头像只能是 JPG 或 PNG 格式');
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    expect(
      (
        await send([
          { name: 'phone', value: 'x' },
          { name: 'file', filename: 'a.jpg', data: big },
        ])
      ).statusCode,
    ).toBe(413);
    expect(
      (
        await send([
          { name: 'kind', value: 'attachment' },
          { name: 'phone', value: '123' },
          { name: 'file', filename: 'a.png', data: await makeImage('png') },
        ])
      ).json().message,
    ).toBe('请先填写正确的手机号');
  });

  it('reads codes from the first column, skipping the header and values of 3 characters or fewer', async () => {
    const s = await setup();
    const r = await s.upload('/api/lRedeemCode/web/parseCodes', await sheet([['兑换码'], ['ABCD1234'], ['XYZ'], ['  EFGH5678 '], [''], ['IJKL']]));
    expect(r.json().data).toBe('ABCD1234,EFGH5678,IJKL');
  });
});

describe('batch avatar size', () => {
  it('refuses a batch avatar over 500 KB on the server (413), while a single avatar may be up to 5 MB', async () => {
    const s = await setup();
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(600 * 1024)]);
    const send = async (kind?: string) => {
      const m = multipart([
        ...(kind ? [{ name: 'kind', value: kind }] : []),
        { name: 'phone', value: '李明1700000000' },
        { name: 'file', filename: 'a.jpg', data: big },
      ]);
      return t().app.inject({ method: 'POST', url: '/api/lCloudConfig/oss/upload', headers: { ...s.h, ...m.headers }, payload: m.payload });
    };
    const batch = await send('batchAvatar');
    expect(batch.statusCode).toBe(413);
    expect(batch.json().message).toContain('500 KB');
    expect((await send()).statusCode).toBe(200);
  });
});
