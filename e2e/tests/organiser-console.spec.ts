import * as XLSX from '@e965/xlsx';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { adminAuth, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { exportWithPurpose, loginAsAdmin } from './support/admin';
import { teamOfTwo } from './support/registration';

/**
 * Issue 24: an organiser's console, not an engineer's. Staff type and read yuan (fen stays on the wire),
 * date-time fields take a date alone, the audit trail reads as people speak, and the players export is a
 * sheet an organiser hands on unchanged (read here with SheetJS, an independent reader).
 */
type Lang = 'zh' | 'en';
const ACTIVITY = 600; // the demo season: audience sessions and tickets (seed)
const SESSION = { zh: '决赛日 · 上午场', en: 'Finals day · morning' } as const;
const SANDBOX_PAY = { zh: '确认支付', en: 'Pay' } as const;

// staff at the organiser's desk: the browser's clock is China time, as the admin's dates are
test.use({ timezoneId: 'Asia/Shanghai' });

/** A ticket of the demo season's morning session at ¥1.00, made through the admin API; staff then price it in the form. */
async function cheapTicket(request: APIRequestContext, name: { zh: string; en: string }): Promise<number> {
  const headers = await adminAuth(request);
  const sessions = await (await request.get(`/api/admin/sessions?activityId=${ACTIVITY}&size=100`, { headers })).json();
  const session = sessions.content.find((s: { nameZh: string }) => s.nameZh === SESSION.zh);
  expect(session, 'the seeded morning session').toBeTruthy();
  const res = await request.post('/api/admin/tickets', {
    headers,
    data: { activityId: ACTIVITY, sessionId: session.id, type: 1, nameZh: name.zh, nameEn: name.en, priceFen: 100, maxPeople: 5 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return Number((await res.json()).data.id);
}

async function ticketRow(request: APIRequestContext, id: number) {
  return (await (await request.get(`/api/admin/tickets/${id}`, { headers: await adminAuth(request) })).json()).data as {
    priceFen: number;
    saleEnd: string | null;
  };
}

async function setPrice(page: Page, lang: Lang, yuan: string) {
  const price = page.getByLabel(L(lang, 'admin:fields.tickets.priceFen'), { exact: true });
  await expect(price).toHaveValue('1.00');
  await price.fill(yuan);
  await price.blur();
}

test('staff set a ticket price of 80 yuan in the admin form and a parent pays ¥80.00 (zh, 1440px)', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  const name = { zh: `八十元票 ${Date.now() % 100_000}`, en: `Eighty ${Date.now() % 100_000}` };
  const id = await cheapTicket(request, name);

  const staff = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  try {
    const admin = await staff.newPage();
    await setLang(admin, lang);
    await loginAsAdmin(admin, lang, `/admin/r/tickets/${id}`);
    // the form speaks yuan: no "(分)" in the label, ¥ before the number
    await expect(admin.getByText('价格（分）')).toHaveCount(0);
    await setPrice(admin, lang, '80');
    await shoot(admin, `console-ticket-price-${lang}-1440.png`, { fullPage: true });
    await admin.getByRole('button', { name: L(lang, 'common:actions.save') }).click();
    await expect.poll(async () => (await ticketRow(request, id)).priceFen).toBe(8000);
    // the list reads yuan too
    await admin.goto(`/admin/r/tickets?name=${encodeURIComponent(name.zh)}`);
    await expect(admin.getByRole('row').filter({ hasText: name.zh }).first()).toContainText('¥80.00');
    await shoot(admin, `console-tickets-list-${lang}-1440.png`, { fullPage: true });
  } finally {
    await staff.close();
  }

  // a parent buys one of it and pays ¥80.00
  await setLang(page, lang);
  await page.setViewportSize({ width: 1440, height: 900 });
  const parent = await registerMember(request, `Parent console ${lang}`);
  await signIn(page.context(), parent.token);
  await page.goto(`/audience?id=${ACTIVITY}`);
  await page.getByRole('button', { name: L(lang, 'tickets:chooseOf', { ticket: name.zh, session: SESSION.zh }) }).click();
  await page.getByLabel(L(lang, 'tickets:form.count')).fill('1');
  await page.getByLabel(L(lang, 'tickets:form.count')).blur();
  await page.locator('#v0-name').fill('王小二');
  await page.locator('#v0-phone').fill('13900139088');
  await expect(page.getByTestId('tickets-total')).toHaveText('¥80.00');
  await page.getByRole('button', { name: L(lang, 'tickets:form.submit') }).click();
  await expect(page).toHaveURL(/\/audienceOrder\?orderNo=/);
  await page.getByRole('radio', { name: new RegExp(`^${L(lang, 'orders:channel.sandbox').replace(/[()（）]/g, '.')}`) }).check();
  await page.getByRole('button', { name: L(lang, 'orders:pay.submit', { amount: '¥80.00' }) }).click();
  await page.getByRole('button', { name: SANDBOX_PAY[lang], exact: true }).click();
  await expect(page.getByText(L(lang, 'orders:result.paid'), { exact: true })).toBeVisible({ timeout: 20_000 });
});

test('a sale end typed as a date alone ends at 23:59; the audit trail reads Price: ¥1.00 → ¥80.00 (en, 390px)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const lang = 'en';
  const name = { zh: `审计票 ${Date.now() % 100_000}`, en: `Audited ${Date.now() % 100_000}` };
  const id = await cheapTicket(request, name);
  await setLang(page, lang);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, lang, `/admin/r/tickets/${id}`);
  await setPrice(page, lang, '80');
  const end = page.getByLabel(L(lang, 'admin:fields.tickets.saleEnd'), { exact: true });
  // the field says its format
  await expect(end).toHaveAttribute('placeholder', L(lang, 'admin:form.datetimePlaceholder'));
  await expect(page.getByText(L(lang, 'admin:form.datetimeEndHelp'))).toBeVisible();
  await end.click();
  await end.fill('2026-12-31');
  await end.press('Enter');
  await page.getByLabel(L(lang, 'admin:fields.tickets.name'), { exact: false }).first().click();
  await shoot(page, `console-ticket-form-${lang}-390.png`, { fullPage: true });
  await page.getByRole('button', { name: L(lang, 'common:actions.save') }).click();
  await expect.poll(async () => (await ticketRow(request, id)).priceFen).toBe(8000);
  // 23:59 on 31 December, China time
  expect(new Date((await ticketRow(request, id)).saleEnd!).toISOString()).toBe('2026-12-31T15:59:00.000Z');

  await page.goto(`/admin/audit?resource=tickets&recordId=${id}&action=update`);
  const row = page
    .getByRole('row')
    .filter({ hasText: L(lang, 'admin:resources.tickets') })
    .first();
  await expect(row).toContainText('Price: ¥1.00 → ¥80.00', { timeout: 20_000 });
  await expect(row).not.toContainText('priceFen');
  await row.getByRole('button', { name: new RegExp(`^${L(lang, 'admin:audit.detailsOf', { id: '' }).replace(/[#]/g, '\\$&')}\\d+$`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('row').filter({ hasText: L(lang, 'admin:fields.tickets.saleEnd') })).toContainText('2026-12-31 23:59');
  await shoot(page, `console-audit-${lang}-390.png`, { fullPage: true });
});

test('the players export downloaded from the admin has the screen’s Chinese column titles and the activity name (zh, 1440px)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const lang = 'zh';
  const coach = await registerMember(request, 'Coach console');
  const teamName = `导出队 ${Date.now() % 100_000}`;
  const { activityId } = await teamOfTwo(request, coach.headers, teamName);
  await setLang(page, lang);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginAsAdmin(page, lang, `/admin/r/players?activityId=${activityId}`);
  await expect(page.getByRole('row').filter({ hasText: 'Li Lei' }).first()).toBeVisible();
  const titles = ['activityId', 'teamId', 'name', 'cardMasked', 'programId', 'payStatus'].map((f) => L(lang, `admin:fields.players.${f}`));
  for (const title of titles) await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  await shoot(page, `console-players-${lang}-1440.png`, { fullPage: true });
  const download = await exportWithPurpose(page, lang);
  const file = await download.path();
  const wb = XLSX.read(await import('node:fs/promises').then((fs) => fs.readFile(file)), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
  const header = rows[0] as string[];
  for (const title of titles) expect(header).toContain(title);
  const activityName = (await (await request.get(`/api/admin/activities/${activityId}`, { headers: await adminAuth(request) })).json()).data.nameZh;
  const lei = rows.find((r) => r.includes('Li Lei'))!;
  expect(lei[header.indexOf(L(lang, 'admin:fields.players.activityId'))]).toBe(activityName);
  // a team is named with its number (issue 34): 导出队 123 (640-0001)
  expect(lei[header.indexOf(L(lang, 'admin:fields.players.teamId'))]).toMatch(new RegExp(`^${teamName} \\(\\d+-\\d+\\)$`));
  expect(String(lei[header.indexOf(L(lang, 'admin:fields.players.cardMasked'))])).toContain('*');
  expect(lei[header.indexOf(L(lang, 'admin:fields.players.payStatus'))]).not.toMatch(/^\d+$/);
});
