import { expect, test, type Page } from './support/test';
import { adminAuth, L, registerMember, setLang, shoot, signIn, tokenOf } from './support/foundation';
import { overflowX, visit } from './support/sweep';
import { localizePath } from '../../apps/web/src/lib/lang-path';

/**
 * Issue 12's screens in both languages at 1440 and 390 px, with data: each drawn with no page wider than
 * the window (nothing to scroll sideways), and with E2E_SCREENSHOTS=1 a picture of each
 * (screens-<name>-<lang>-<width>.png).
 * The journeys (people.spec, wechat.spec, exam.spec) click through them; this only looks. A sweep per language
 * and width: the screens open inside the app after the first (support/sweep.ts), a finding names its screen.
 */
type Lang = 'zh' | 'en';
const ACTIVITY = 600;

/** A screen drawn with its data is no wider than the window; a finding names the screen and the sweep goes on. */
async function look(page: Page, name: string, lang: Lang, width: number) {
  await page.waitForLoadState('networkidle');
  await expect.soft(page.locator('.ant-skeleton, .ant-spin-spinning'), `${name} (${lang}, ${width}px): still loading`).toHaveCount(0, { timeout: 15_000 });
  const over = await overflowX(page);
  expect.soft(over, `${name} (${lang}, ${width}px): ${over}px wider than the window`).toBeLessThanOrEqual(1);
  await shoot(page, `screens-${name}-${lang}-${width}.png`, { fullPage: true });
}

for (const [lang, width] of [
  ['zh', 1440],
  ['zh', 390],
  ['en', 1440],
  ['en', 390],
] as const) {
  test(`issue 12 screens (${lang}, ${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const admin = await adminAuth(request);
    const m = await registerMember(request, 'Screens');
    const headers = m.headers;
    // a consultation with an answer, a volunteer application, an approved channel partner
    await request.post('/api/lMessage/web/chat', { headers, data: { content: 'When does registration close?' } });
    const me = (await (await request.get('/auth/info', { headers })).json()).user;
    await request.post('/api/lMessage/web/reply', { headers: admin, data: { receiverId: me.id, content: 'On 30 December.' } });
    const vols = (await (await request.get(`/api/lVolunteer/web/list?activityId=${ACTIVITY}`, { headers })).json()).data;
    const vol = await request.post('/api/lVolunteer/web/apply', {
      headers,
      data: { activityId: ACTIVITY, positionId: vols.positions[0].id, name: 'Screens', phone: m.phone, birthDate: '1990-01-01', availability: 'Both days' },
    });
    expect(vol.ok(), await vol.text()).toBe(true);
    const app = await request.post('/api/lOrgRobotex/web/apply', {
      headers,
      data: { name: `Screens Centre ${Date.now()}`, type: 2, address: 'Beijing', contactName: 'Screens', contactPhone: m.phone },
    });
    expect(app.ok(), await app.text()).toBe(true);
    const appId = (await (await request.get('/api/lOrgRobotex/web/list', { headers })).json()).content[0].id;
    const approved = await request.post(`/api/admin/channels/applications/${appId}/approve`, { headers: admin, data: { rebatePerMille: 50 } });
    expect(approved.ok(), await approved.text()).toBe(true);
    const memberToken = m.token;
    const adminToken = tokenOf(admin);

    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } });
    const page = await context.newPage();
    await setLang(page, lang);
    await signIn(context, memberToken);
    for (const [name, url] of [
      ['volunteer', `/volunteer_pc?id=${ACTIVITY}`],
      ['volunteers', '/volunteer_pc'],
      ['my-volunteering', '/userCenter?t=5'],
      ['channel', '/userCenter?t=6'],
      ['consultations', '/userCenter?t=9'],
      ['profile-wechat', '/userCenter?t=1'],
    ] as const) {
      await visit(page, url);
      await look(page, name, lang, width);
    }
    if (width > 1200) {
      // the help widget (only on windows wider than 1200 px): the consultation tab
      await visit(page, localizePath('/home', lang));
      await page.getByRole('button', { name: L(lang, 'help:openLabel') }).click();
      await look(page, 'help-widget', lang, width);
    }
    await context.clearCookies();
    await page.goto('/login');
    await look(page, 'login-wechat', lang, width);

    await signIn(context, adminToken);
    // the first admin screen loads (the app learns who is signed in), the next ones open inside it
    await page.goto('/admin/consult');
    for (const [name, url] of [
      ['admin-consult', '/admin/consult'],
      ['admin-broadcast', '/admin/broadcast'],
      ['admin-channels', '/admin/channels'],
      ['admin-faqs', '/admin/r/faqs'],
      ['admin-volunteer-positions', '/admin/r/volunteerPositions'],
      ['admin-volunteers', '/admin/r/volunteers'],
      ['admin-rebates', '/admin/r/rebates'],
      ['admin-rebate-withdrawals', '/admin/r/rebateWithdrawals'],
    ] as const) {
      await visit(page, url);
      await look(page, name, lang, width);
    }
    await context.close();
  });
}
