import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { adminAuth, L, registerMember, screenshotDir } from './support/foundation';
import { CREATABLE as CREATABLE_DEFS, RESOURCES } from './support/admin';
import { idCard, memberAuth } from './support/registration';

/**
 * Accessibility sweep of every portal and admin route, in both languages, logged in and with data:
 * no serious or critical axe violation (WCAG 2 A/AA), and every dialog opened from the keyboard takes
 * focus and closes with Escape, giving focus back.
 */

type Lang = 'zh' | 'en';
const LANGS: readonly Lang[] = ['zh', 'en'];
const ACTIVITY = 600;
// A11Y_ONLY=<regex> narrows the sweep to matching routes while fixing findings.
const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
const wanted = (route: string) => !only || only.test(route);

const PORTAL_ROUTES = [
  '/userCenter?t=1',
  '/userCenter?t=2',
  '/userCenter?t=3',
  '/userCenter?t=4',
  '/userCenter?t=5',
  '/userCenter?t=6',
  '/userCenter?t=8',
  '/userCenter?t=9',
  '/userCenter?t=10',
  '/judge',
  '/verify',
  '/msg',
  `/activityEnter?id=${ACTIVITY}`,
  `/activityEnter?id=${ACTIVITY}&view=summary`,
  `/activityOrder?id=${ACTIVITY}&buy=1`,
  `/createTeam?id=${ACTIVITY}&tab=teachers`,
  `/createTeam?id=${ACTIVITY}`,
  `/createTeamer?id=${ACTIVITY}`,
  `/createTandP?id=${ACTIVITY}`,
  `/createAllTeam?id=${ACTIVITY}`,
  `/enter?id=${ACTIVITY}`,
  '/audience',
  '/workShopTickets',
  '/volunteer_pc',
  '/onlineMatch',
  `/audience?id=${ACTIVITY}`,
  `/workShopTickets?id=${ACTIVITY}`,
  `/onlineMatch?id=${ACTIVITY}`,
  `/volunteer_pc?id=${ACTIVITY}`,
];

async function tokenOf(headers: Record<string, string>): Promise<string> {
  return headers.authorization!.replace(/^Bearer /, '');
}

async function signIn(page: Page, token: string, lang: Lang) {
  const url = new URL(baseURL);
  await page.context().addCookies([{ name: 'token', value: token, domain: url.hostname, path: '/' }]);
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
}

/** A coach with a team of two players (one in a team, one without) in the open demo activity. */
async function coachWithData(request: APIRequestContext): Promise<Record<string, string>> {
  const coach = await registerMember(request, 'A11y Coach');
  const headers = await memberAuth(request, coach.phone, coach.password);
  const programs = await (await request.get(`/api/lProgram/web/list?activityId=${ACTIVITY}&size=50`, { headers })).json();
  const program = programs.content[0];
  const seq = Date.now() % 1000;
  const member = (name: string, n: number) => ({ name, cardType: 0, card: idCard(seq + n), emerName: 'Parent', emerPhone: '13800138000', region: '86' });
  const team = await request.post('/api/lTeam/web/batchCreate', {
    headers,
    data: { activityId: ACTIVITY, team: { name: `A11y team ${seq}`, program: { id: program.id } }, members: [member('Ann A11y', 1)] },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const solo = await request.post('/api/lTeamMember/web/create', { headers, data: { activityId: ACTIVITY, ...member('Solo A11y', 2) } });
  expect(solo.ok(), await solo.text()).toBe(true);
  return headers;
}

// Resources the admin creates from a form (the generic "new" screen serves them).
const CREATABLE = new Set(CREATABLE_DEFS.map((d) => d.name));

async function adminRoutes(request: APIRequestContext): Promise<string[]> {
  const headers = await adminAuth(request);
  const routes = [
    '/admin',
    '/admin/sms',
    '/admin/users',
    '/admin/review',
    '/admin/withdrawals',
    '/admin/codes',
    '/admin/refunds',
    '/admin/invoices',
    '/admin/reconciliation',
    '/admin/checkin',
    '/admin/consult',
    '/admin/broadcast',
    '/admin/channels',
    '/admin/judging',
    '/admin/certificates',
    '/admin/awardTemplates',
    '/admin/roles',
    '/admin/audit',
  ];
  // Every resource list, its "new" form and one existing row: every definition the admin serves.
  const names = RESOURCES.map((r) => r.name);
  for (const name of names) {
    const res = await request.get(`/api/admin/${name}?page=0&size=1`, { headers });
    if (!res.ok()) continue;
    routes.push(`/admin/r/${name}`);
    if (CREATABLE.has(name)) routes.push(`/admin/r/${name}/new`);
    const first = (await res.json()).content?.[0];
    if (first?.id) routes.push(`/admin/r/${name}/${first.id}`);
  }
  return routes;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // colour findings carry their colours, so a report says what to change
      const colours = (n: (typeof v.nodes)[number]) => {
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return d?.fgColor ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}` : '';
      };
      return `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' ') + colours(n))
        .slice(0, 3)
        .join(' | ')})`;
    });
}

/**
 * Opens a route: the first with a page load, the next ones inside the running app as a link would (the
 * router follows history), so the sweep spends its time in axe rather than in reloading the app.
 */
async function visit(page: Page, route: string) {
  const inApp = await page.evaluate(() => Boolean(document.querySelector('#root > *'))).catch(() => false);
  if (!inApp) return void (await page.goto(route));
  await page.evaluate((r) => {
    window.history.pushState(null, '', r);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((u) => u.pathname + u.search === route);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  // antd animates entries in; axe must see the final colours.
  await page.waitForTimeout(300);
}

/**
 * Reaches a dialog's opener with Tab from the top of the page, opens it with Enter, checks focus moves
 * into the dialog and stays there while tabbing, then closes it with Escape and checks focus returns.
 */
async function dialogByKeyboard(page: Page, openerName: string) {
  const opener = page.getByRole('button', { name: openerName, exact: true }).first();
  await expect(opener).toBeEnabled();
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 120 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await opener.evaluate((el) => el === document.activeElement);
  }
  expect(reached, `${openerName}: reachable with Tab`).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal-wrap:visible [role="dialog"], .ant-drawer-open [role="dialog"]').last();
  await expect(dialog, `${openerName}: opens`).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `${openerName}: focus in dialog` }).toBe(true);
  // as a person would: tab once the dialog has finished opening and loading (a loaded machine can stretch the
  // entry animation, and an option list arriving mid-Tab re-renders the control under the focus)
  await expect(page.locator('[class*="-enter-active"], [class*="-appear-active"]')).toHaveCount(0);
  await expect(dialog.locator('.ant-spin-spinning, .ant-select-loading, .ant-skeleton')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `${openerName}: focus kept in dialog` }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog, `${openerName}: closes with Escape`).toBeHidden();
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement), { message: `${openerName}: focus returns` }).toBe(true);
}

const R = (lang: Lang, key: string) => L(lang, `registration:${key}`);

for (const lang of LANGS) {
  test(`portal routes with data have no serious axe violations (${lang})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const headers = await coachWithData(request);
    // an unpaid order: a card in My orders, and its payment page
    const checkout = await (await request.get(`/api/lOrder/web/checkout?activityId=${ACTIVITY}`, { headers })).json();
    const order = await request.post('/api/lOrder/web/createOrder', {
      headers,
      data: { activityId: ACTIVITY, type: 1, planId: checkout.data.plans[0].id, quantity: 1 },
    });
    expect(order.ok(), await order.text()).toBe(true);
    const orderNo = (await order.json()).data.orderNo as string;
    await signIn(page, await tokenOf(headers), lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    const found: Record<string, string[]> = {};
    for (const route of [...PORTAL_ROUTES, `/activityOrder?id=${ACTIVITY}&orderNo=${orderNo}`].filter(wanted)) {
      await visit(page, route);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      const v = await seriousViolations(page);
      if (v.length) found[route] = v;
      // a picture of every admin screen in both languages (what the browser showed axe)
      await page.screenshot({ path: `${screenshotDir}/admin-${route.replace(/^\/admin\/?/, '').replace(/[^a-z0-9]+/gi, '-') || 'dashboard'}-${lang}.png` });
    }
    expect(found).toEqual({});
    if (only) return;

    // every dialog of the coach's screens opens from the keyboard and closes with Escape
    await page.goto(`/createTeamer?id=${ACTIVITY}`);
    await settle(page);
    for (const key of ['players.delete', 'players.assign', 'players.changeProgram', 'players.batchRedeem', 'batch.import', 'batch.avatars'])
      await dialogByKeyboard(page, R(lang, key));
    await page.goto(`/createTeam?id=${ACTIVITY}`);
    await settle(page);
    for (const key of ['team.delete', 'team.bindOrg']) await dialogByKeyboard(page, R(lang, key));
    await page.goto(`/createTeam?id=${ACTIVITY}&tab=teachers`);
    await settle(page);
    await dialogByKeyboard(page, R(lang, 'teachers.add'));
  });

  test(`admin routes have no serious axe violations (${lang})`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const headers = await adminAuth(request);
    await signIn(page, await tokenOf(headers), lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    const found: Record<string, string[]> = {};
    for (const route of (await adminRoutes(request)).filter(wanted)) {
      await visit(page, route);
      await settle(page);
      const v = await seriousViolations(page);
      if (v.length) found[route] = v;
      // a picture of every admin screen in both languages (what the browser showed axe)
      await page.screenshot({ path: `${screenshotDir}/admin-${route.replace(/^\/admin\/?/, '').replace(/[^a-z0-9]+/gi, '-') || 'dashboard'}-${lang}.png` });
    }
    expect(found).toEqual({});
  });
}
