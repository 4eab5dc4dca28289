import { expect, test, type Page } from './support/test';
import ExcelJS from 'exceljs';
import zlib from 'node:zlib';
import { L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { giveCodes, userId } from './support/registration';
import { withIdCheckChar } from '../../packages/shared/src/rules/id-card';

const R = (lang: 'zh' | 'en', key: string, p?: Record<string, string | number>) => L(lang, `registration:${key}`, p);
/** i18next's plural form: English has one/other, Chinese only other. */
const P = (lang: 'zh' | 'en', key: string, count: number) => R(lang, `${key}_${lang === 'en' && count === 1 ? 'one' : 'other'}`, { count });
const shot = (page: Page, name: string) => shoot(page, `batch-${name}.png`, { fullPage: true });
const PROGRAM = { zh: '机器人创意赛', en: 'Robot Creativity' } as const;
const HEAD = {
  zh: ['姓名', '证件类型', '证件号码', '队伍名称', '赛项', '紧急联系人', '紧急联系电话'],
  en: ['Name', 'ID type', 'ID number', 'Team', 'Program', 'Emergency contact', 'Emergency phone'],
};

/** A distinct valid ID number per row of this run. */
const card = (run: number, i: number) =>
  withIdCheckChar(
    `${String(120100 + (run % 800))}2012${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}${String(i).padStart(3, '0')}`,
  );

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A small real PNG of one colour (no fixtures). */
function png(seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const w = 18;
  const h = 24;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([(seed * 37) % 256, (x * 12) % 256, (y * 9) % 256], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const lang of ['zh', 'en'] as const) {
  test(`a school imports 200 players, fixes a bad row, uploads 200 avatars and batch-redeems codes (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    const coach = await registerMember(request, `School ${lang}`);
    const run = Date.now() % 100000;
    const name = (i: number) => `${lang === 'zh' ? '学生' : 'Pupil'} ${run} ${i}`;
    // players 0 and 1 share a name: their picture needs a confirmed match (spec 5)
    const rows = Array.from({ length: 200 }, (_, i) => [
      name(i === 1 ? 0 : i),
      lang === 'zh' ? '身份证' : 'ID card',
      card(run, i),
      `${lang}-${run}-T${Math.floor(i / 5)}`,
      PROGRAM[lang],
      'P',
      '13800138000',
    ]);
    const broken = rows.map((r, i) => (i === 56 ? [r[0]!, r[1]!, '12345', ...r.slice(3)] : r));

    await signIn(page.context(), coach.token);
    await page.goto('/createTeamer?id=600');

    // import: the preview shows the bad row (row 58 with the header) and writes nothing
    await page.getByRole('button', { name: R(lang, 'batch.import') }).click();
    const dialog = page.getByRole('dialog');
    const file = (buf: Buffer) => ({ name: 'school.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: buf });
    await dialog.getByLabel(R(lang, 'batch.chooseSheet'), { exact: true }).setInputFiles(file(await sheet([HEAD[lang], ...broken])));
    await dialog.getByRole('button', { name: R(lang, 'batch.preview'), exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(R(lang, 'batch.summary', { total: 200, valid: 199 }));
    await expect(dialog.getByRole('row', { name: new RegExp(`^58 `) })).toContainText(
      lang === 'zh' ? '请填写正确的身份证号' : 'Please fill in the correct ID number',
    );
    await shot(page, `import-preview-${lang}`);
    // fixed, then imported all or nothing
    await dialog.getByLabel(R(lang, 'batch.chooseSheet'), { exact: true }).setInputFiles(file(await sheet([HEAD[lang], ...rows])));
    await dialog.getByRole('button', { name: R(lang, 'batch.preview'), exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(R(lang, 'batch.summary', { total: 200, valid: 200 }));
    // every row is correct: no choice to make, one button says what it writes
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await dialog.getByRole('button', { name: P(lang, 'batch.importRows', 200) }).click();
    await expect(page.getByText(P(lang, 'batch.written', 200)).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(R(lang, 'players.counts', { teams: P(lang, 'guide.teamCount', 40), players: P(lang, 'guide.playerCount', 200) })),
    ).toBeVisible();

    // 200 avatars matched by name, uploaded with a progress bar
    await page.getByRole('button', { name: R(lang, 'batch.avatars') }).click();
    await dialog
      .getByLabel(R(lang, 'batch.chooseImages'), { exact: true })
      .setInputFiles(Array.from({ length: 200 }, (_, i) => ({ name: `${name(i)}.png`, mimeType: 'image/png', buffer: png(i) })));
    await expect(dialog.getByRole('alert').filter({ hasText: P(lang, 'batch.ambiguousAlert', 1) })).toBeVisible();
    // the shared name is not matched automatically: it waits for the person's choice in the table
    await expect(dialog.getByRole('combobox', { name: R(lang, 'batch.confirmMatch', { file: `${name(0)}.png` }) })).toBeVisible();
    await dialog.getByRole('button', { name: R(lang, 'batch.selectAllMatched', { count: 198 }) }).click();
    await dialog.getByRole('button', { name: R(lang, 'batch.uploadSelected') }).click();
    const progress = dialog.getByRole('progressbar', { name: R(lang, 'batch.progress') });
    await expect(progress).toBeVisible();
    await shot(page, `avatars-progress-${lang}`);
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
    await expect(page.getByText(R(lang, 'notice.avatarOk')).first()).toBeVisible();
    const headers = coach.headers;
    const list = await (await request.get('/api/lTeamMember/web/list?activityId=600&size=300', { headers })).json();
    // 198 pictures: one file (player 1's name) matches nobody, the shared name was left unconfirmed
    expect(list.content.filter((m: { headImg: string | null }) => m.headImg?.startsWith('/api/files/private/avatars/'))).toHaveLength(198);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // batch redeem: codes from a spreadsheet fill the inputs; a result per member
    await giveCodes(request, 600, await userId(request, headers), 3);
    const codes: { codeName: string }[] = JSON.parse((await (await request.get('/api/lRedeemCode/web/myCodes?activityNo=600', { headers })).json()).data);
    await page.getByRole('button', { name: R(lang, 'players.batchRedeem') }).click();
    await dialog.getByLabel(R(lang, 'dialog.importCodes')).setInputFiles(file(await sheet([['code'], ...codes.map((c) => [c.codeName])])));
    await expect(dialog.getByRole('textbox').nth(2)).not.toHaveValue('');
    await dialog.getByRole('button', { name: R(lang, 'actions.redeem') }).click();
    await expect(dialog.getByText(lang === 'zh' ? '兑换成功' : 'Redeem succeeded')).toHaveCount(3, { timeout: 30_000 });
    await shot(page, `redeem-${lang}`);
    const after = await (await request.get('/api/lTeamMember/web/list?activityId=600&payStatus=3&size=300', { headers })).json();
    expect(after.totalElements).toBe(3);

    // the user center's registrations tab shows the activity with its counts
    await page.keyboard.press('Escape');
    await page.goto('/userCenter?t=2');
    await expect(page.getByRole('link', { name: R(lang, 'enter.open'), exact: true }).first()).toBeVisible();
    await shot(page, `usercenter-${lang}`);
  });
}
