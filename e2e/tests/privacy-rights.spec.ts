import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type APIRequestContext, type APIResponse, type Download } from './support/test';
import { adminAuth, L, pageAs, registerMember, SCREENSHOTS, shoot } from './support/foundation';
import { adminPage, clickAndSaved } from './support/admin';
import { teamOfTwo } from './support/registration';
import { AUDIT_REPORT_LABELS } from '../../packages/shared/src/messages-rights';

/**
 * Issue 37, people's rights and the yearly audit in a real browser. A parent (en) downloads everything held about
 * them and their players from the user centre's Privacy tab (one zip: data.json and a workbook), then deletes the
 * account: signed out, the session ends, the password no longer signs in, the players' ID numbers are gone. Staff
 * (zh) read "Compliance audit <year>": the figures the API counts, the PDF and the spreadsheet downloaded; then they
 * answer a family's request in the queue. Preconditions (members, teams, a look at a whole ID number, a request)
 * go through the API.
 */
const tag = String(Date.now() % 100_000);
/** this year in China time (the audit's years are) */
const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answers, read field by field
async function ok(res: APIResponse): Promise<any> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

async function players(request: APIRequestContext, headers: Record<string, string>, activityId: number): Promise<{ id: number; name: string }[]> {
  const res = await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&size=50`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).content;
}

const bytes = async (d: Download) => fs.readFileSync((await d.path())!);

test('a parent downloads their data and deletes their account (en)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const parent = await registerMember(request, `Parent ${tag}`);
  const other = await registerMember(request, `Neighbour ${tag}`);
  const mine = await teamOfTwo(request, parent.headers, `Rights ${tag}`);
  const [lilei] = await players(request, parent.headers, mine.activityId);

  const page = await pageAs(browser, parent.token, 'en', '/userCenter?t=11');
  await expect(page.getByText(L('en', 'user:privacy.downloadTitle'))).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'privacy-member-en.png', { fullPage: true });
  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: L('en', 'user:privacy.download'), exact: true }).click(),
  ]);
  expect(archive.suggestedFilename()).toBe('my-personal-information.zip');
  const zip = unzipSync(new Uint8Array(await bytes(archive)));
  expect(Object.keys(zip).sort()).toEqual(['data.json', 'my-personal-information.xlsx']);
  const json = strFromU8(zip['data.json']!);
  expect(json).toContain(parent.phone);
  expect(json).toContain('Li Lei');
  expect(json).toContain('Han Meimei');
  expect(json).not.toContain(other.phone);
  expect(json).not.toContain('passwordHash');

  // deleting: the button waits for the typed word, then the account ends at once
  const remove = page.getByRole('button', { name: L('en', 'user:privacy.delete'), exact: true });
  await expect(remove).toBeDisabled();
  await page.getByLabel(L('en', 'user:privacy.deleteConfirm', { word: 'DELETE' })).fill('DELETE');
  const [answer] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/privacy/deleteAccount'), remove.click()]);
  expect(answer.status()).toBe(200);
  await page.waitForURL((u) => u.pathname === '/en' || u.pathname.startsWith('/en/'));
  await expect(page.getByRole('link', { name: L('en', 'nav:login') }).first()).toBeVisible();

  expect((await request.get('/auth/info', { headers: parent.headers })).status()).toBe(401);
  const login = await request.post('/auth/login', { data: { username: parent.phone, password: parent.password, code: '', uuid: '' } });
  expect(login.ok()).toBe(false);
  // the player's ID number went with the account; the neighbour's account is untouched
  const card = await request.get(`/api/admin/players/${lilei!.id}/card?purpose=checking the deletion`, { headers: await adminAuth(request) });
  expect(card.status()).toBe(409);
  expect((await request.get('/auth/info', { headers: other.headers })).ok()).toBe(true);
});

test('staff read the yearly compliance audit and answer a request (zh)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAuth(request);
  const family = await registerMember(request, `家长 ${tag}`);
  const team = await teamOfTwo(request, family.headers, `审计 ${tag}`);
  const [first] = await players(request, family.headers, team.activityId);
  await ok(await request.get(`/api/admin/players/${first!.id}/card?purpose=${encodeURIComponent('核对保险名单')}`, { headers: admin }));
  const details = `学校名称请改为实验小学 ${tag}`;
  await ok(await request.post('/api/privacy/requests', { headers: family.headers, data: { kind: 'correction', details } }));
  const report = await ok(await request.get(`/api/admin/privacy/audit/${year}`, { headers: admin }));
  expect(report.idViews).toBeGreaterThanOrEqual(1);

  const words = AUDIT_REPORT_LABELS.zh;
  const page = await adminPage(browser, 'zh', '/admin/complianceAudit');
  await expect(page.getByRole('heading', { level: 1, name: L('zh', 'admin:privacy.audit.title', { year }) })).toBeVisible();
  const summary = page.getByLabel(words.summary);
  const figure = (label: string) => summary.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure(words.idViews)).toBeVisible();
  // other journeys register children and send requests meanwhile: each figure the screen shows lies between the
  // server's report just before the screen and just after it
  const shown = async (label: string) => Number((await figure(label).textContent())!.replace(/[,\s]/g, ''));
  const seen = [await shown(words.idViews), await shown(words.childrenCollected), await shown(words.requestsReceived), await shown(words.requestsOpen)];
  const later = await ok(await request.get(`/api/admin/privacy/audit/${year}`, { headers: admin }));
  const pick = (r: typeof report) => [r.idViews, r.childrenCollected, r.requests.received, r.requests.open] as number[];
  pick(report).forEach((before, i) => expect(seen[i], `figure ${i}`).toBeGreaterThanOrEqual(Math.min(before, pick(later)[i]!)));
  pick(later).forEach((after, i) => expect(seen[i], `figure ${i}`).toBeLessThanOrEqual(Math.max(after, pick(report)[i]!)));
  await shoot(page, 'privacy-audit-zh.png', { fullPage: true });

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: L('zh', 'admin:privacy.audit.pdf') }).click()]);
  expect(pdf.suggestedFilename()).toBe(`合规审计-${year}.pdf`);
  expect((await bytes(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: L('zh', 'admin:privacy.audit.xlsx') }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`合规审计-${year}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await bytes(xlsx)) as unknown as ArrayBuffer);
  const rows = wb.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((v) => (v as unknown[]).slice(1));
  expect(rows.find((r) => r[0] === words.idViews)?.[1]).toBe(report.idViews);

  // the queue, reached through the menu: the family's request with its deadline, answered
  await page.getByRole('navigation').getByText(L('zh', 'admin:menu.privacyRequests'), { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L('zh', 'admin:menu.privacyRequests') })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(details) });
  await expect(row.getByText(L('zh', 'admin:privacy.kinds.correction'))).toBeVisible();
  await shoot(page, 'privacy-requests-zh.png', { fullPage: true });
  await row.getByRole('button', { name: L('zh', 'admin:privacy.requests.answer') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(L('zh', 'admin:privacy.requests.answerText')).fill('已按您的申请更正学校名称');
  await clickAndSaved(page, dialog.getByRole('button', { name: L('zh', 'admin:privacy.requests.send') }));
  await expect(row.getByText(L('zh', 'admin:privacy.status.done'))).toBeVisible();
  const theirs = await ok(await request.get('/api/privacy/requests', { headers: family.headers }));
  expect(theirs).toMatchObject([{ details, status: 'done', answer: '已按您的申请更正学校名称' }]);
});

/** Pictures for people to look at (E2E_SCREENSHOTS=1 only): the three admin screens and the member's tab, zh and en, 1440 and 390 px wide. */
for (const lang of ['zh', 'en'] as const)
  for (const width of [1440, 390])
    test(`privacy screens (${lang}, ${width} px)`, async ({ browser, request }) => {
      test.skip(!SCREENSHOTS, 'pictures only with E2E_SCREENSHOTS=1');
      test.setTimeout(120_000);
      const member = await registerMember(request, `Look ${tag}`);
      await ok(
        await request.post('/api/privacy/requests', { headers: member.headers, data: { kind: 'objection', details: `Please stop the SMS notices ${tag}` } }),
      );
      const page = await adminPage(browser, lang, '/admin/privacyRequests', width);
      for (const screen of ['privacyRequests', 'retention', 'complianceAudit']) {
        if (screen !== 'privacyRequests') await page.goto(`/admin/${screen}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        // nothing wider than the screen but the tables' own scrolling regions
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await shoot(page, `privacy-${screen}-${lang}-${width}.png`, { fullPage: true });
      }
      await page.context().close();
      const mine = await pageAs(browser, member.token, lang, '/userCenter?t=11', width);
      await expect(mine.getByText(L(lang, 'user:privacy.downloadTitle'))).toBeVisible({ timeout: 30_000 });
      expect(await mine.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await shoot(mine, `privacy-member-${lang}-${width}.png`, { fullPage: true });
      await mine.context().close();
    });
