import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { adminAuth, adminToken, L, loginThroughForm, shoot, signIn, setLang } from './support/foundation';
import { adminShown } from './support/admin';
import { freeSessionBooked } from './support/tickets';
import { runAxe } from './support/axe';

/**
 * Issue 38, the gate that keeps admitting when the network does not: a phone prepared at /gate downloads the
 * session's passes; offline (Chromium's emulation) it reloads from its service worker, admits a typed code once
 * and refuses it the second time with the time and gate of the first; back online its scans reach the admin's
 * check-in log. Two gates admitting the same pass offline are shown to the organiser as a conflict. The session,
 * its free ticket and the bookings go through the API.
 */
type Lang = 'zh' | 'en';
const PHONE = { width: 390, height: 844 };

async function sessionWithPasses(request: APIRequestContext, lang: Lang, names: string[]) {
  const tag = `${lang}-${Date.now() % 100000}`;
  const { sessionId, visitor } = await freeSessionBooked(
    request,
    { nameZh: `离线场 ${tag}`, nameEn: `Offline session ${tag}`, areaZh: 'A 馆', areaEn: 'Hall A', hoursAhead: 2 },
    names.map((name, i) => ({ name, phone: `1390013${String(9000 + i)}` })),
    `Visitor ${tag}`,
  );
  const mine = (await (await request.get('/api/lTicket/web/mine', { headers: visitor.headers })).json()).content as { name: string; shortCode: string }[];
  return { sessionId, tag, codes: names.map((n) => mine.find((v) => v.name === n)!.shortCode) };
}

/** Serious or critical axe findings of the page (the sweep's tags, a11y.spec.ts): /gate is a page of its own. */
async function axeFindings(page: Page): Promise<string[]> {
  // axe put into the page once (support/axe.ts: AxeBuilder evaluated its source twice a call)
  const r = await runAxe(page, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A phone at /gate, signed in as staff, prepared for offline at `gate`: the passes downloaded, the service worker in charge. */
async function preparedGate(
  browser: Browser,
  lang: Lang,
  sessionId: number,
  gate: string,
  passes: number,
  o: { look?: boolean; form?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  if (!o.form) await signIn(context, await adminToken());
  const page = await context.newPage();
  await setLang(page, lang);
  await page.goto('/gate');
  if (o.form) {
    // the site's own login, and back to the gate
    await page.getByRole('link', { name: L(lang, 'gate:setup.signIn') }).click();
    await loginThroughForm(page, lang, 'admin', ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/gate$/, { timeout: 20_000 });
  }
  await page.getByLabel(L(lang, 'gate:setup.gate')).fill(gate);
  const session = page.getByLabel(L(lang, 'gate:setup.session'));
  await expect(session.locator(`option[value="${sessionId}"]`)).toBeAttached({ timeout: 20_000 });
  await session.selectOption(String(sessionId));
  if (o.look) {
    await shoot(page, `gate-offline-setup-${lang}-390.png`, { fullPage: true });
    expect(await axeFindings(page)).toEqual([]);
  }
  await page.getByRole('button', { name: L(lang, 'gate:setup.ready') }).click();
  await expect(page.getByTestId('gate-network')).toHaveText(L(lang, 'gate:online'), { timeout: 20_000 });
  await expect(page.getByText(L(lang, passes === 1 ? 'gate:onDevice_one' : 'gate:onDevice_other', { n: passes }))).toBeVisible();
  // the service worker controls the page (its files kept) before the network goes
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page;
}

async function type(page: Page, lang: Lang, code: string) {
  const field = page.getByLabel(L(lang, 'gate:code'));
  await field.fill(code.toLowerCase());
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

/** The admin's check-in screen on the session (the doors panel under the gate). */
async function doorsOf(browser: Browser, lang: Lang, sessionName: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 1000 : 844 } });
  await signIn(context, await adminToken());
  const page = await context.newPage();
  await setLang(page, lang);
  await page.goto('/admin/checkin');
  await adminShown(page);
  // antd's option list is virtual: an option scrolled into view is drawn again, and a click that reached the one
  // drawn before leaves the list open with nothing chosen (seen once in CI) — choose again until it is chosen
  await expect(async () => {
    const field = page.getByLabel(L(lang, 'admin:checkin.session'));
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: sessionName }).click({ timeout: 5_000 });
    await expect(page.getByTestId('gate-doors')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return page;
}

test('a phone prepared for offline reloads without network, admits a typed code once, refuses it again, and its scan reaches the log (zh, 390px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  const pre = await sessionWithPasses(request, lang, ['王小明', '李小红']);
  const gateName = `东门 ${pre.tag}`;
  const page = await preparedGate(browser, lang, pre.sessionId, gateName, 2, { look: true, form: true });
  await shoot(page, 'gate-offline-ready-zh-390.png', { fullPage: true });

  // the network goes; the page still opens, from the service worker, with the passes from IndexedDB
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(L(lang, 'gate:onDevice_other', { n: 2 }))).toBeVisible({ timeout: 20_000 });
  await type(page, lang, pre.codes[0]!);
  const verdict = page.getByTestId('gate-verdict');
  await expect(page.getByTestId('gate-verdict-text')).toHaveText(L(lang, 'gate:admitted', { name: '王**' }));
  await expect(verdict).toContainText(L(lang, 'gate:decidedHere'));
  await expect(page.getByTestId('gate-network')).toHaveText(`${L(lang, 'gate:offline')} · ${L(lang, 'gate:waiting_one', { count: 1 })}`);
  await shoot(page, 'gate-offline-admitted-zh-390.png', { fullPage: true });

  // the same pass again: refused with the gate of the first admission
  await type(page, lang, pre.codes[0]!);
  await expect(verdict).toHaveClass(/bad/);
  await expect(page.getByTestId('gate-verdict-text')).toContainText(gateName);
  await expect(page.getByTestId('gate-network')).toContainText(L(lang, 'gate:waiting_other', { count: 2 }));
  await shoot(page, 'gate-offline-refused-zh-390.png', { fullPage: true });
  expect(await axeFindings(page)).toEqual([]);

  // back online: the waiting scans are sent, the admission is in the admin's check-in log
  await page.context().setOffline(false);
  await expect(page.getByTestId('gate-network')).toHaveText(L(lang, 'gate:online'), { timeout: 20_000 });
  const admin = await doorsOf(browser, lang, `离线场 ${pre.tag}`, 390);
  await expect(admin.getByTestId('gate-per-gate')).toContainText(L(lang, 'admin:checkin.doors.gateCount', { gate: gateName, count: 1 }));
  await shoot(admin, 'gate-offline-doors-zh-390.png', { fullPage: true });
  const log = await request.get('/api/admin/checkins', { headers: await adminAuth(request), params: { sessionId: pre.sessionId, page: 0, size: 50 } });
  const rows = (await log.json()).content as { gate: string; result: string }[];
  expect(
    rows
      .filter((r) => r.gate === gateName)
      .map((r) => r.result)
      .sort(),
  ).toEqual(['admitted', 'used']);
  await page.context().close();
  await admin.context().close();
});

test('two gates admitting the same pass offline: one admission, and the conflict shown to the organiser (en)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const pre = await sessionWithPasses(request, lang, ['Wang Ming']);
  const east = await preparedGate(browser, lang, pre.sessionId, `East gate ${pre.tag}`, 1, { look: true });
  const west = await preparedGate(browser, lang, pre.sessionId, `West gate ${pre.tag}`, 1);
  await east.context().setOffline(true);
  await west.context().setOffline(true);
  for (const gate of [east, west]) {
    await type(gate, lang, pre.codes[0]!);
    await expect(gate.getByTestId('gate-verdict-text')).toHaveText(L(lang, 'gate:admitted', { name: 'W***' }));
  }
  await shoot(west, 'gate-offline-admitted-en-390.png', { fullPage: true });
  expect(await axeFindings(west)).toEqual([]);
  await east.context().setOffline(false);
  await expect(east.getByTestId('gate-network')).toHaveText(L(lang, 'gate:online'), { timeout: 20_000 });
  await west.context().setOffline(false);
  await expect(west.getByTestId('gate-network')).toHaveText(L(lang, 'gate:online'), { timeout: 20_000 });
  // the second gate hears that the pass was admitted elsewhere too
  await expect(west.getByText(L(lang, 'gate:conflicts_one', { count: 1 }))).toBeVisible();

  const admin = await doorsOf(browser, lang, `Offline session ${pre.tag}`, 1440);
  const conflicts = admin.getByTestId('gate-conflicts');
  await expect(conflicts).toContainText('admitted twice');
  await expect(conflicts).toContainText(`East gate ${pre.tag}`);
  await expect(conflicts).toContainText(`West gate ${pre.tag}`);
  await expect(conflicts).toContainText('both offline');
  await expect(admin.getByTestId('gate-doors')).toContainText(L(lang, 'admin:checkin.doors.gateCount', { gate: `East gate ${pre.tag}`, count: 1 }));
  await shoot(admin, 'gate-offline-conflict-en-1440.png', { fullPage: true });

  // the organiser revokes the east gate's phone: the next time it is online it wipes its passes
  await admin.getByRole('button', { name: L(lang, 'admin:checkin.doors.revokeOf', { gate: `East gate ${pre.tag}` }) }).click();
  await admin.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(east.getByText(L(lang, 'gate:wiped.revoked'))).toBeVisible({ timeout: 20_000 });
  expect(
    await east.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const r = indexedDB.open('rp-gate');
          r.onsuccess = () => {
            const tx = r.result.transaction('pages');
            const c = tx.objectStore('pages').count();
            c.onsuccess = () => resolve(c.result);
          };
        }),
    ),
  ).toBe(0);
  for (const p of [east, west, admin]) await p.context().close();
});
