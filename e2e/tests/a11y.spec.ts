import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type APIRequestContext, type Page } from './support/test';
import { baseURL } from '../playwright.config';
import { adminAuth, L, registerMember, screenshotDir } from './support/foundation';
import { RESOURCES, type FieldDef, type ResourceDef } from './support/admin';
import { idCard, memberAuth } from './support/registration';
import { KNOWN_PATHS } from '../../apps/web/src/app/route-meta';
import { editableFields, filterSpecs, infoFields, isEditable, isMoneyField } from '../../apps/web/src/admin/resources/model';
import { localizePath } from '../../apps/web/src/lib/lang-path';
import { nextFrame, visit } from './support/sweep';
import { smallTargets } from './support/targets';
import { runAxe } from './support/axe';

/**
 * Accessibility sweep of every screen, logged in and with data: no serious or critical axe violation
 * (WCAG 2.0, 2.1 and 2.2 A/AA with label in name, and best practices; the pointer off the page, and the
 * hover and focus colours of a few representative elements; a few screens at a phone's width too); the page's
 * <html lang> is its language's (zh-CN, en); on every screen, at 1440 px and at a phone's 390 px, every target is
 * at least 24×24 px or has one of 2.5.8's exceptions (support/targets.ts: axe does not check it; the phone's width
 * is a resize of the screen already open, with no page load or axe run, so every screen gets it for a few
 * seconds of the whole sweep; the next screen opens at the width the last one ended at, so each screen costs one
 * resize); and every dialog of the coach's screens opened from the keyboard takes focus and closes
 * with Escape, giving focus back. Each screen is checked once rather than each route twice: the portal,
 * the public screens no other journey checks and the hand-made admin screens in both languages; the
 * generic resource screens (list, new, detail) through the fewest resource definitions that show every
 * layout the definitions can give them, in alternating languages. E2E_SCREENSHOTS=1 keeps a picture of
 * every screen checked (what the browser showed axe); otherwise Playwright keeps one of a failure.
 * CPU (issue 35): axe goes into the page once per page load and runs there on every screen after it
 * (support/axe.ts), waits poll on a timer rather than on animation frames, and a screen opens at the width the
 * last one ended at (one resize each): the whole spec 338 -> 251 CPU-s, Chromium and the server included (2026-11-28).
 */

type Lang = 'zh' | 'en';
const LANGS: readonly Lang[] = ['zh', 'en'];
const ACTIVITY = 600;
/** The width every screen is checked at; some also at a phone's (Stop.width). */
const WIDE = 1440;
const PHONE = 390;
// A11Y_ONLY=<regex> narrows the sweep to matching routes while fixing findings.
const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
const wanted = (route: string) => !only || only.test(route);
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * One warm browser context per worker for the whole sweep (issue 35): its HTTP cache keeps the app's scripts
 * and styles from one test to the next, so a test's first screen is not a cold load, and no context is made
 * and torn down per test. Each test starts signed out (its cookies cleared) and loads its first screen, so it
 * sees only its own member; the screens after it open inside the app (visit). A failing test keeps a picture.
 */
const test = base.extend<{ page: Page }, { warmPage: Page }>({
  warmPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: WIDE, height: 900 } });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ warmPage }, use, testInfo) => {
    await warmPage.context().clearCookies();
    await use(warmPage);
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('screenshot', { body: await warmPage.screenshot().catch(() => Buffer.alloc(0)), contentType: 'image/png' });
  },
});

// Every test brings its own member or reads only the seeded rows: they can run on any worker.
test.describe.configure({ mode: 'parallel' });

/** The member's own screens (`:order`: the coach's unpaid order). */
const ACCOUNT_ROUTES = [
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
];

/** Registration screens of the open demo activity (`:order`: the coach's unpaid order). */
const REGISTRATION_ROUTES = [
  `/activityEnter?id=${ACTIVITY}`,
  `/activityEnter?id=${ACTIVITY}&view=summary`,
  `/activityOrder?id=${ACTIVITY}&buy=1`,
  `/activityOrder?id=${ACTIVITY}&orderNo=:order`,
  `/createTeam?id=${ACTIVITY}&tab=teachers`,
  `/createTeam?id=${ACTIVITY}`,
  `/createTeamer?id=${ACTIVITY}`,
  `/createTandP?id=${ACTIVITY}`,
  `/createAllTeam?id=${ACTIVITY}`,
  `/enter?id=${ACTIVITY}`,
];

/** Ticket and volunteer screens, without and with the activity. */
const TICKET_ROUTES = [
  '/audience',
  '/audienceOrder',
  '/audienceOrder?orderNo=:order',
  '/workShopTickets',
  '/volunteer_pc',
  '/onlineMatch',
  '/onlineReservation',
  `/audience?id=${ACTIVITY}`,
  `/workShopTickets?id=${ACTIVITY}`,
  `/onlineMatch?id=${ACTIVITY}`,
  `/volunteer_pc?id=${ACTIVITY}`,
];

const PORTAL_ROUTES = [...ACCOUNT_ROUTES, ...REGISTRATION_ROUTES, ...TICKET_ROUTES];

/** Public screens as a visitor sees them, logged out; content.spec.ts checks the content pages. */
const PUBLIC_ROUTES = [
  '/login',
  '/regist',
  '/regist?mode=reset',
  '/file',
  '/verify/ZZZZZZZZZZZZZZZZ',
  '/404',
  '/401',
  // issue 37: the policies and a guardian's page (a forged link: what a guardian sees for a link that is not ours)
  '/privacy',
  '/childPrivacy',
  '/guardianConsent?token=forged',
];

/**
 * Representative elements whose pointer-over and focused colours are checked (antd derives the hover shades
 * from the theme): a link of the public header, a filled button, the admin's brand link.
 */
const STATES: Record<string, readonly string[]> = {
  '/login': ['header nav a', 'main button[type="submit"]'],
  '/admin': ['.ant-layout-sider a[href="/admin"]'],
};

/** Screens axe checks at a phone's width too, where their tables scroll and their status tabs stack. */
const PHONE_SCREENS = new Set(['/admin/withdrawals', '/admin/channels', '/admin/refunds']);

/** A route's stop in one language: axe at 1440 px with its representative states, and at 390 px too where asked. */
const stopsOf = (route: string, lang: Lang, bare = route): Stop[] => [{ route, lang, states: STATES[bare], phoneAxe: PHONE_SCREENS.has(bare) }];

/** The hand-made admin screens (`:order`: an order of a coach made for the test, its own detail screen). */
const ADMIN_SCREENS = [
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
  // Privacy (issue 37): the requests queue, the retention preview, the yearly compliance audit
  '/admin/privacyRequests',
  '/admin/retention',
  '/admin/complianceAudit',
  // Background jobs (issue 36): the one job queue's failed jobs and retry
  '/admin/jobs',
  '/admin/r/orders/:order',
];

/** A route checked in one language. */
interface Stop {
  route: string;
  lang: Lang;
  /** axe at a phone's 390 px too (every stop has its targets measured there), where the layout changes (tables scroll, tabs stack) */
  phoneAxe?: boolean;
  /** elements whose pointer-over and focused states are checked too (axe sees only the state a page is in) */
  states?: readonly string[];
}

async function tokenOf(headers: Record<string, string>): Promise<string> {
  return headers.authorization!.replace(/^Bearer /, '');
}

async function signIn(page: Page, token: string) {
  const url = new URL(baseURL);
  await page.context().addCookies([{ name: 'token', value: token, domain: url.hostname, path: '/' }]);
}

/** The app reads its language from localStorage as it starts; init scripts run in order, so the last one set wins. */
async function startIn(page: Page, lang: Lang) {
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
}

/**
 * An ID card no other player of the run has (players' cards are unique within an activity, and idCard
 * alone varies 900 ways): numbered after the coach's phone, unique within a run, with the birth day in 2012.
 */
function cardOf(phone: string, k: number): string {
  const n = Number(phone.slice(-8)) * 2 + k;
  const day = Math.floor(n / 900) % 336;
  return idCard(n % 900, `2012${String(1 + Math.floor(day / 28)).padStart(2, '0')}${String(1 + (day % 28)).padStart(2, '0')}`);
}

/** A coach with a team of two players (one in a team, one without) in the open demo activity, and an unpaid order. */
async function coachWithData(request: APIRequestContext): Promise<{ headers: Record<string, string>; orderNo: string }> {
  const coach = await registerMember(request, 'A11y Coach');
  const headers = await memberAuth(request, coach.phone, coach.password);
  const programs = await (await request.get(`/api/lProgram/web/list?activityId=${ACTIVITY}&size=50`, { headers })).json();
  const program = programs.content[0];
  const member = (name: string, k: number) => ({ name, cardType: 0, card: cardOf(coach.phone, k), emerName: 'Parent', emerPhone: '13800138000', region: '86' });
  const team = await request.post('/api/lTeam/web/batchCreate', {
    headers,
    data: { activityId: ACTIVITY, team: { name: `A11y team ${coach.phone}`, program: { id: program.id } }, members: [member('Ann A11y', 0)] },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const solo = await request.post('/api/lTeamMember/web/create', { headers, data: { activityId: ACTIVITY, ...member('Solo A11y', 1) } });
  expect(solo.ok(), await solo.text()).toBe(true);
  // an unpaid order: a card in My orders, its payment page and its admin detail
  const checkout = await (await request.get(`/api/lOrder/web/checkout?activityId=${ACTIVITY}`, { headers })).json();
  const order = await request.post('/api/lOrder/web/createOrder', {
    headers,
    data: { activityId: ACTIVITY, type: 1, planId: checkout.data.plans[0].id, quantity: 1 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  return { headers, orderNo: (await order.json()).data.orderNo as string };
}

/**
 * Every WCAG level axe knows (2.0, 2.1 and 2.2, A and AA) and its best practices, and label in name (2.5.3:
 * a control's name contains the text it shows), which axe counts as experimental and runs only when named.
 * Options first: AxeBuilder's options() replaces the runOnly that withTags() sets.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations' as const],
};

async function seriousViolations(page: Page, only?: { selector: string; state: string }): Promise<string[]> {
  // The same rules in less time: axe runs in the page in one call (legacy mode: no second page to finish
  // the run in, which the app, without cross-origin frames, does not need) and details only the violations.
  // An element's state is checked for colour only, on that element alone.
  // (support/axe.ts: axe is put into the page once and runs there on every screen the sweep opens in the app)
  const axe = only
    ? await runAxe(page, { ...AXE_OPTIONS, runOnly: { type: 'rule', values: ['color-contrast'] } }, only.selector)
    : await runAxe(page, AXE_OPTIONS);
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // colour findings carry their colours, so a report says what to change
      const colours = (n: (typeof v.nodes)[number]) => {
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return d?.fgColor ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}` : '';
      };
      return `${only ? `${only.state} ` : ''}${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' ') + colours(n))
        .slice(0, 3)
        .join(' | ')})`;
    });
}

/**
 * The colours of an element with the pointer over it, then with the keyboard's focus on it (the first
 * element `selector` finds, checked alone: a few representative ones per sweep, so it costs little).
 */
async function stateViolations(page: Page, selector: string): Promise<string[]> {
  const target = page.locator(selector).first();
  await target.hover();
  await transitionsDone(page);
  const hovered = await seriousViolations(page, { selector, state: `${selector} under the pointer:` });
  await page.mouse.move(-1, -1);
  // reached with the keyboard (a focus from script shows no focus ring)
  await target.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await transitionsDone(page);
  const focused = await seriousViolations(page, { selector, state: `${selector} focused:` });
  await target.blur();
  return [...hovered, ...focused];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await transitionsDone(page);
}

/**
 * antd animates entries in and fades colours on hover; axe must see the final colours (endless animations, e.g. a
 * loading icon, never end). Checked every 50 ms, not on every animation frame: a wait polling by frames keeps
 * Chromium drawing frames (software compositing) the whole time it waits.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="-enter-active"], [class*="-appear-active"]') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

/**
 * Checks each stop with axe, those of one language in a row (a page load when the language changes,
 * in-app navigation otherwise), and fails with every finding of every stop at the end. Each stop is checked
 * at both widths, starting with the width the window has (the screen opens at the width the last one ended
 * at): one resize per screen instead of two, as a resize of an antd screen costs Chromium about as much CPU
 * as its axe run (0.25 CPU-s on an admin list, 2026-11-28).
 */
async function sweep(page: Page, stops: readonly Stop[], label: string) {
  const todo = LANGS.flatMap((lang) => stops.filter((s) => s.lang === lang && wanted(s.route)));
  const named = (s: Stop) => `${s.route} (${s.lang}${s.phoneAxe ? `, axe at ${PHONE} px too` : ''})`;
  console.log(`a11y ${label}: ${todo.length} routes × languages: ${todo.map(named).join(', ')}`);
  const found: Record<string, string[]> = {};
  let current: Lang | null = null;
  let width = page.viewportSize()?.width ?? 0;
  for (const { route: bare, lang, states, phoneAxe } of todo) {
    // an information page has an address per language (issue 23): /verify is /en/verify in English
    const route = localizePath(bare, lang);
    if (lang !== current) {
      await startIn(page, lang);
      await page.goto(route);
      current = lang;
    } else await visit(page, route);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    for (const w of width === PHONE ? [PHONE, WIDE] : [WIDE, PHONE]) {
      if (w !== width) {
        await page.setViewportSize({ width: (width = w), height: 900 });
        await nextFrame(page);
        await transitionsDone(page);
      }
      const at = w === WIDE ? '' : `, ${w} px`;
      if (w === WIDE || phoneAxe) {
        // the pointer off the page: a browser starts it at (0, 0), over the admin's brand link, whose hover colour axe would judge
        await page.mouse.move(-1, -1);
        const v = await seriousViolations(page);
        if (w === WIDE) for (const selector of states ?? []) v.push(...(await stateViolations(page, selector)));
        if (v.length) found[`${bare} (${lang}${at})`] = v;
        if (SCREENSHOTS) {
          const name = bare.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
          await page.screenshot({ path: `${screenshotDir}/a11y-${name}-${lang}${w === WIDE ? '' : `-${w}`}.png` });
        }
      }
      // 2.5.8 target size, which axe does not check, at both widths. One page.evaluate each: a fraction of axe's time per screen.
      expect.soft(await smallTargets(page), `targets under 24×24 px: ${bare} (${lang}, ${w} px)`).toEqual([]);
    }
  }
  expect(found, 'serious or critical axe violations').toEqual({});
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

// ---- the generic resource screens: which definitions show every layout ----

type Screen = 'list' | 'new' | 'detail';
const SCREENS: readonly Screen[] = ['list', 'new', 'detail'];

/** Properties that are a kind's payload (every enum has options, every ref a target): no layout of their own. */
const PAYLOAD = ['name', 'kind', 'options', 'ref'];
/** Properties of a field only the list uses (its column, filter and sorting): the filters are traits of their own. */
const LIST_ONLY = ['list', 'filter'];
/** Properties only a form uses (validation, defaults, being left out of it): a shown value has kind and language only. */
const FORM_ONLY = ['required', 'max', 'min', 'default', 'readOnly'];
/** Resource properties that are no layout: names, permissions, sort order; the fields are traits of their own. */
const NOT_LAYOUT = ['name', 'labelKey', 'read', 'write', 'fields', 'defaultSort'];

/**
 * The traits of a field: its kind, and its kind with each property it sets ("text+i18n", "enum+required"),
 * so a new kind or property is covered without touching this file.
 */
function fieldTraits(f: FieldDef, skip: readonly string[]): string[] {
  const props = Object.entries(f).filter(([k, v]) => !PAYLOAD.includes(k) && !skip.includes(k) && v !== undefined && v !== false);
  // a percentage (permille, issue 24) is a number cell and a number input with a % suffix: laid out as an int is
  const kind = f.kind === 'permille' ? 'int' : f.kind;
  return [kind, ...props.map(([k]) => `${kind}+${k}`)];
}

/** How a value shows (a list cell, sortable or not; a read-only field); money and order links are decided by name in cells.tsx. */
const valueTraits = (f: FieldDef, inList = false) => [
  ...fieldTraits(f, [...LIST_ONLY, ...FORM_ONLY, ...(inList ? [] : ['sortable'])]),
  ...(isMoneyField(f) ? [`${f.kind}+money`] : []),
  ...(f.ref === 'orders' ? ['ref+order link'] : []),
];

/** How a field is edited; inputs.tsx picks accounts by phone for the fields it names. */
const inputTraits = (d: ResourceDef, f: FieldDef) => [
  ...fieldTraits(f, [...LIST_ONLY, 'sortable']),
  ...(`${d.name}.${f.name}` === 'redeemCodes.ownerUserId' ? [`${f.kind}+account picker`] : []),
];

/**
 * Every layout trait a definition gives one of the generic screens (a list with rows, a row's detail).
 * Resource-wide properties (creatable, editable) change the buttons and whether a row is a form or a
 * read-only view; the screens' own name-keyed branches (the players' cancel button, the photos' bulk
 * upload) count as traits of those resources.
 */
function layoutOf(d: ResourceDef, screen: Screen): string[] {
  const traits = Object.entries(d)
    .filter(([k]) => !NOT_LAYOUT.includes(k))
    .map(([k, v]) => `${k}=${String(v)}`);
  if (screen === 'list') {
    traits.push(...d.fields.filter((f) => f.list).flatMap((f) => valueTraits(f, true).map((t) => `column ${t}`)));
    traits.push(...filterSpecs(d).map((sp) => `filter ${sp.control} (${sp.mode})`));
    if (d.name === 'players') traits.push('cancel-registration button');
  } else if (screen === 'new') {
    traits.push(...editableFields(d).flatMap((f) => inputTraits(d, f).map((t) => `field ${t}`)));
  } else if (isEditable(d)) {
    traits.push(...editableFields(d).flatMap((f) => inputTraits(d, f).map((t) => `filled field ${t}`)));
    traits.push(...infoFields(d).flatMap((f) => valueTraits(f).map((t) => `info ${t}`)));
    if (d.name === 'photos') traits.push('bulk picture upload');
  } else traits.push(...d.fields.flatMap((f) => valueTraits(f).map((t) => `value ${t}`)));
  return [...new Set(traits)];
}

/** Resources whose detail is a hand-made screen (a route of ADMIN_SCREENS ranks above the generic one). */
const HAND_MADE_DETAIL = new Set(ADMIN_SCREENS.flatMap((r) => /^\/admin\/r\/(\w+)\/:/.exec(r)?.[1] ?? []));

/** The definitions one generic screen serves: every "new" form of a creatable resource; every detail not hand-made. */
const servedBy = (screen: Screen) => RESOURCES.filter((d) => (screen === 'new' ? d.creatable !== false : screen === 'list' || !HAND_MADE_DETAIL.has(d.name)));

/**
 * The fewest definitions that together show every trait the registry gives one generic screen: greedily,
 * the one showing most of what is left (the first in the registry on a tie). From the registry alone, so
 * the choice is the same on every run and follows the definitions when they change.
 */
function chooseDefinitions(screen: Screen): ResourceDef[] {
  const shows = new Map(servedBy(screen).map((d) => [d, layoutOf(d, screen)]));
  const left = new Set([...shows.values()].flat());
  const chosen: ResourceDef[] = [];
  while (left.size) {
    let best: ResourceDef | undefined;
    let most = 0;
    for (const [d, traits] of shows) {
      const n = traits.filter((t) => left.has(t)).length;
      if (n > most) [best, most] = [d, n];
    }
    chosen.push(best!);
    for (const t of shows.get(best!)!) left.delete(t);
  }
  return chosen;
}

/** The oldest row of a resource (a seeded one where there is one, so the same on every run), or null. */
async function firstRow(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<number | null> {
  const res = await request.get(`/api/admin/${name}?page=0&size=1&sort=id,asc`, { headers });
  expect(res.ok(), `${name}: ${await res.text()}`).toBe(true);
  return ((await res.json()).content?.[0]?.id as number | undefined) ?? null;
}

/**
 * Rows of the resources the seed leaves empty, made through the API when a chosen list (cells show only
 * with rows) or detail screen needs one: a coach's team, players and unpaid order with a payment started,
 * a redeem code, a volunteer's or a channel partner's application, a cloud setting. A chosen resource
 * without rows and without a way here to make one fails the test.
 */
const ROW_MAKERS: Record<string, (request: APIRequestContext, admin: Record<string, string>) => Promise<void>> = {
  ...Object.fromEntries(
    ['teams', 'players', 'orders', 'payments'].map((name) => [
      name,
      async (request: APIRequestContext) => {
        const { headers, orderNo } = await coachWithData(request);
        const pay = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo, channel: 'sandbox' } });
        expect(pay.ok(), await pay.text()).toBe(true);
      },
    ]),
  ),
  cloudConfigs: async (request, admin) => {
    const res = await request.post('/api/admin/cloudConfigs', { headers: admin, data: { key: `a11y.${Date.now()}`, value: 'a11y', remark: 'a11y' } });
    expect(res.ok(), await res.text()).toBe(true);
  },
  redeemCodes: async (request, admin) => {
    const res = await request.post('/api/admin/redeemCodes/generate', { headers: admin, data: { activityId: ACTIVITY, type: 0, count: 1, priceFen: 0 } });
    expect(res.ok(), await res.text()).toBe(true);
  },
  volunteers: async (request) => {
    const member = await registerMember(request, 'A11y Volunteer');
    const headers = await memberAuth(request, member.phone, member.password);
    const positions = (await (await request.get(`/api/lVolunteer/web/list?activityId=${ACTIVITY}`, { headers })).json()).data.positions;
    const data = {
      activityId: ACTIVITY,
      positionId: positions[0].id,
      name: 'A11y Volunteer',
      phone: member.phone,
      birthDate: '1990-03-01',
      availability: 'Weekends',
    };
    const res = await request.post('/api/lVolunteer/web/apply', { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  },
  channelApplications: async (request) => {
    const member = await registerMember(request, 'A11y Partner');
    const headers = await memberAuth(request, member.phone, member.password);
    const data = { name: `A11y Robotics ${Date.now()}`, type: 1, address: 'Beijing', contactName: 'A11y', contactPhone: member.phone };
    const res = await request.post('/api/lOrgRobotex/web/apply', { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  },
};

/** The route of a generic screen of a definition, with a row where the screen needs one (made if the seed has none). */
async function genericRoute(request: APIRequestContext, headers: Record<string, string>, d: ResourceDef, screen: Screen): Promise<string> {
  if (screen === 'new') return `/admin/r/${d.name}/new`;
  let id = await firstRow(request, headers, d.name);
  if (id === null) {
    expect(ROW_MAKERS[d.name], `${d.name}: no row to show on its ${screen} screen, and no way in ROW_MAKERS to make one`).toBeDefined();
    await ROW_MAKERS[d.name]!(request, headers);
    id = await firstRow(request, headers, d.name);
    expect(id, `${d.name}: a row after making one`).not.toBeNull();
  }
  return screen === 'list' ? `/admin/r/${d.name}` : `/admin/r/${d.name}/${id}`;
}

/** Routes per test: a loaded machine can take 10 s a screen (axe over a full antd table), and a test has 120 s. */
const PER_TEST = 6;

/** `xs` in the fewest parts of at most PER_TEST, of even sizes. */
function parts<T>(xs: readonly T[]): T[][] {
  const n = Math.ceil(xs.length / PER_TEST);
  const size = Math.ceil(xs.length / n);
  return Array.from({ length: n }, (_, i) => xs.slice(i * size, (i + 1) * size));
}

const partName = (i: number, all: readonly unknown[]) => (all.length > 1 ? `, part ${i + 1} of ${all.length}` : '');

// ---- the tests ----

test('every public and portal path is swept, here or by the content journeys', () => {
  // content.spec.ts runs axe over the public content pages in both languages; the rest are checked here
  const contentSpec = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'content.spec.ts'), 'utf8');
  const contentPages = [...contentSpec.matchAll(/\{ name: '[^']+', path: '([^'?]+)[^']*' \}/g)].map((m) => m[1]!);
  expect(contentPages.length, 'content.spec.ts: its PAGES list').toBeGreaterThan(0);
  const swept = new Set([...PORTAL_ROUTES, ...PUBLIC_ROUTES, ...contentPages].map((r) => r.replace(/[?].*$/, '')));
  // "/" only redirects to /home
  expect(KNOWN_PATHS.filter((p) => p !== '/' && !swept.has(p))).toEqual([]);
});

for (const lang of LANGS) {
  test(`public screens as a visitor sees them have no serious axe violations (${lang})`, async ({ page }) => {
    // seven screens and the hover and focus states of two: over the default minute on a loaded machine
    test.setTimeout(120_000);
    await sweep(
      page,
      PUBLIC_ROUTES.flatMap((route) => stopsOf(route, lang)),
      `public (${lang})`,
    );
  });

  for (const [group, routes] of [
    ['account', ACCOUNT_ROUTES],
    ['registration', REGISTRATION_ROUTES],
    ['ticket', TICKET_ROUTES],
  ] as const) {
    parts(routes).forEach((part, i, all) => {
      test(`portal ${group} screens with data have no serious axe violations${partName(i, all)} (${lang})`, async ({ page, request }) => {
        test.setTimeout(120_000);
        const { headers, orderNo } = await coachWithData(request);
        await signIn(page, await tokenOf(headers));
        await sweep(
          page,
          part.map((r) => ({ route: r.replace(':order', orderNo), lang })),
          `portal ${group}${partName(i, all)} (${lang})`,
        );
      });
    });
  }

  // every dialog of the coach's screens opens from the keyboard and closes with Escape (players; team and teachers)
  for (const [screen, dialogs] of [
    [
      'players',
      [[`/createTeamer?id=${ACTIVITY}`, ['players.delete', 'players.assign', 'players.changeProgram', 'players.batchRedeem', 'batch.import', 'batch.avatars']]],
    ],
    [
      'team and teachers',
      [
        [`/createTeam?id=${ACTIVITY}`, ['team.delete', 'team.bindOrg']],
        [`/createTeam?id=${ACTIVITY}&tab=teachers`, ['teachers.add']],
      ],
    ],
  ] as const) {
    test(`every dialog of the coach's ${screen} screen opens from the keyboard and closes with Escape (${lang})`, async ({ page, request }) => {
      test.skip(!!only, 'A11Y_ONLY narrows the sweep to routes');
      test.setTimeout(120_000);
      const { headers } = await coachWithData(request);
      await signIn(page, await tokenOf(headers));
      await startIn(page, lang);
      await page.setViewportSize({ width: 1440, height: 900 });
      for (const [route, keys] of dialogs) {
        await page.goto(route);
        await settle(page);
        for (const key of keys) await dialogByKeyboard(page, R(lang, key));
      }
    });
  }

  parts(ADMIN_SCREENS).forEach((part, i, all) => {
    test(`hand-made admin screens have no serious axe violations${partName(i, all)} (${lang})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const headers = await adminAuth(request);
      let order = '';
      if (part.some((r) => r.includes(':order'))) {
        const { orderNo } = await coachWithData(request);
        const res = await request.get(`/api/admin/orders?page=0&size=1&orderNo=${orderNo}`, { headers });
        order = String((await res.json()).content[0].id);
      }
      await signIn(page, await tokenOf(headers));
      await sweep(
        page,
        part.flatMap((r) => stopsOf(r.replace(':order', order), lang, r)),
        `admin${partName(i, all)} (${lang})`,
      );
    });
  });
}

for (const screen of SCREENS) {
  // alternating languages down the chosen definitions (one alone: in both)
  const chosen = chooseDefinitions(screen);
  const plan = chosen.length === 1 ? LANGS.map((lang) => ({ d: chosen[0]!, lang })) : chosen.map((d, i) => ({ d, lang: LANGS[i % 2]! }));
  parts(plan).forEach((part, i, all) => {
    const names = part.map(({ d, lang }) => `${d.name} ${lang}`).join(', ');
    test(`generic ${screen} screens have no serious axe violations: ${names}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const headers = await adminAuth(request);
      const stops: Stop[] = [];
      for (const { d, lang } of part) stops.push({ route: await genericRoute(request, headers, d, screen), lang });
      await signIn(page, await tokenOf(headers));
      await sweep(page, stops, `generic ${screen}${partName(i, all)} (${chosen.length} of ${servedBy(screen).length} definitions show its every layout)`);
    });
  });
}
