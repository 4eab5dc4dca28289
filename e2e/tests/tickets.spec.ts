import { expect, test, type Page } from './support/test';
import { L, registerMember, SCREENSHOTS, setLang, shoot, signIn } from './support/foundation';
import { exportWithPurpose, loginAsAdmin } from './support/admin';
import { browserWithCamera, qrVideo } from './support/camera';
import { baseURL } from '../playwright.config';

type Lang = 'zh' | 'en';
const ACTIVITY = 600; // the demo season: audience, workshop and online sessions (seed)
const SANDBOX_PAY = { zh: '确认支付', en: 'Pay' } as const;
const T = (lang: Lang, key: string, p?: Record<string, string | number>) => L(lang, `tickets:${key}`, p);
const shot = (page: Page, name: string) => shoot(page, `tickets-${name}.png`, { fullPage: true });
const SESSION = { zh: '决赛日 · 上午场', en: 'Finals day · morning' } as const;
const ADULT = { zh: '成人票', en: 'Adult' } as const;
const WORKSHOP = { zh: '少儿编程体验课', en: 'Coding for kids, a first lesson' } as const;
const FREE = { zh: '体验名额（免费）', en: 'Free place' } as const;
const ROUND = { zh: ['线上赛 · 第一轮', '线上赛 · 第二轮'], en: ['Online match · round 1', 'Online match · round 2'] } as const;

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a parent buys two audience tickets, sees both QR passes; the gate admits one once; a workshop and an online slot (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: 900 });
    const parent = await registerMember(request, `Parent ${lang}`);
    await signIn(page.context(), parent.token);
    await page.goto(`/audience?id=${ACTIVITY}`);
    await expect(page.getByRole('heading', { name: T(lang, 'audience.title') })).toBeVisible();
    await shot(page, `audience-${lang}-${width}`);

    // two visitors on the morning session's adult ticket
    await page.getByRole('button', { name: T(lang, 'chooseOf', { ticket: ADULT[lang], session: SESSION[lang] }) }).click();
    await page.getByLabel(T(lang, 'form.count')).fill('2');
    await page.getByLabel(T(lang, 'form.count')).blur();
    // names and a gate of this journey's own: staff find its rows among the other journeys'
    const [ming, hua, gateName] = [`Li Ming ${lang}`, `Li Hua ${lang}`, `East 1 ${lang}`];
    for (const [i, name] of [ming, hua].entries()) {
      await page.locator(`#v${i}-name`).fill(name);
      await page.locator(`#v${i}-phone`).fill(`1390013${String(9000 + i)}`);
    }
    await expect(page.getByTestId('tickets-total')).toHaveText('¥100.00');
    await shot(page, `audience-form-${lang}-${width}`);
    await page.getByRole('button', { name: T(lang, 'form.submit') }).click();

    // the money path pays it; the passes appear on the same page
    await expect(page).toHaveURL(/\/audienceOrder\?orderNo=/);
    await page.getByRole('radio', { name: new RegExp(`^${L(lang, 'orders:channel.sandbox').replace(/[()（）]/g, '.')}`) }).check();
    await page.getByRole('button', { name: L(lang, 'orders:pay.submit', { amount: '¥100.00' }) }).click();
    await page.getByRole('button', { name: SANDBOX_PAY[lang], exact: true }).click();
    await expect(page).toHaveURL(/\/audienceOrder\?orderNo=/);
    await expect(page.getByText(L(lang, 'orders:result.paid'), { exact: true })).toBeVisible({ timeout: 20_000 });
    const passes = page.locator('img[data-pass^="P"]');
    await expect(passes).toHaveCount(2, { timeout: 15_000 });
    await expect(page.locator('img[data-pass^="G"]')).toHaveCount(1);
    await shot(page, `passes-${lang}-${width}`);
    const code = (await passes.first().getAttribute('data-pass'))!;

    const second = (await passes.nth(1).getAttribute('data-pass'))!;

    // the gate, at phone width, on a phone whose camera sees the first pass (Chromium's fake camera streams a
    // video of the QR image): admitted in large type with the session; typed again, refused with when and where
    const camera = await browserWithCamera(qrVideo(code));
    try {
      const ctx = await camera.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const gate = await ctx.newPage();
      await setLang(gate, lang);
      await loginAsAdmin(gate, lang, '/admin/checkin');
      await gate.getByLabel(L(lang, 'admin:checkin.gate')).fill(gateName);
      await gate.getByRole('button', { name: L(lang, 'admin:checkin.startCamera') }).click();
      await expect(gate.getByTestId('checkin-verdict-text')).toHaveText(L(lang, 'admin:checkin.admitted', { name: ming }), { timeout: 20_000 });
      await expect(gate.getByTestId('checkin-verdict')).toContainText(SESSION[lang]);
      await shoot(gate, `tickets-gate-${lang}-390.png`, { fullPage: true });
      await gate.getByRole('button', { name: L(lang, 'admin:checkin.stopCamera') }).click();
      await gate.getByLabel(L(lang, 'admin:checkin.manual')).fill(code);
      await gate.getByRole('button', { name: L(lang, 'admin:checkin.admit') }).click();
      await expect(gate.getByTestId('checkin-verdict')).toContainText(gateName);
      await shoot(gate, `tickets-gate-used-${lang}-390.png`, { fullPage: true });
      // a forged code is refused too
      await gate.getByLabel(L(lang, 'admin:checkin.manual')).fill(`${second.slice(0, -4)}ABCD`);
      await gate.getByRole('button', { name: L(lang, 'admin:checkin.admit') }).click();
      await expect(gate.getByTestId('checkin-verdict')).not.toContainText(gateName);
      await expect(gate.getByTestId('checkin-verdict')).toHaveClass(/bad/);
    } finally {
      await camera.close();
    }

    // the unused pass is refunded from the ticket page, on the money path's tiers (the used one is not offered)
    await page.reload();
    const order = page.getByRole('article').filter({ has: page.getByRole('button', { name: L(lang, 'orders:refund.request') }) });
    await order.getByRole('button', { name: L(lang, 'orders:refund.request') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await expect(dialog.getByRole('checkbox')).toBeChecked();
    await expect(dialog.getByTestId('refund-preview')).toBeVisible();
    await dialog.getByLabel(L(lang, 'orders:refund.reason')).fill(lang === 'zh' ? '临时有事' : 'Cannot come');
    await shot(page, `refund-${lang}-${width}`);
    await dialog.getByRole('button', { name: L(lang, 'orders:refund.submit') }).click();
    await expect(page.getByText(L(lang, 'orders:refund.sent'))).toBeVisible();

    // my tickets: the admitted pass says so, the other waits for its refund
    await page.goto('/userCenter?t=4');
    await expect(page.getByText(T(lang, 'visitorStatus.used'), { exact: true })).toBeVisible();
    await expect(page.getByText(T(lang, 'visitorStatus.refunding'), { exact: true })).toBeVisible();
    await shot(page, `mine-${lang}-${width}`);

    // a free workshop place: booked at once, its pass shown
    await page.goto(`/workShopTickets?id=${ACTIVITY}`);
    await page.getByRole('button', { name: T(lang, 'chooseOf', { ticket: FREE[lang], session: WORKSHOP[lang] }) }).click();
    await page.locator('#v0-name').fill('Li Xiao');
    await page.locator('#v0-phone').fill('13900139010');
    await shot(page, `workshop-${lang}-${width}`);
    await page.getByRole('button', { name: T(lang, 'form.book') }).click();
    await expect(page).toHaveURL(/\/audienceOrder\?orderNo=/);
    await expect(page.locator('img[data-pass^="P"]')).toHaveCount(1, { timeout: 15_000 });

    // an online match slot for the parent's team, then moved to the second round
    const headers = parent.headers;
    const programs = await (await request.get(`/api/lProgram/web/list?activityId=${ACTIVITY}&size=50`, { headers })).json();
    const team = await request.post('/api/lTeam/web/create', {
      headers,
      data: { activityId: ACTIVITY, name: `Online ${lang} ${Date.now() % 100_000}`, program: { id: programs.content[0].id } },
    });
    expect(team.ok(), await team.text()).toBe(true);
    await page.goto(`/onlineMatch?id=${ACTIVITY}`);
    await page.getByRole('button', { name: T(lang, 'online.reserveOf', { action: T(lang, 'online.reserve'), session: ROUND[lang][0] }) }).click();
    await expect(page.getByText(T(lang, 'online.current', { session: ROUND[lang][0], prefix: 'OL1' }))).toBeVisible();
    await page.getByRole('button', { name: T(lang, 'online.reserveOf', { action: T(lang, 'online.move'), session: ROUND[lang][1] }) }).click();
    await expect(page.getByText(T(lang, 'online.current', { session: ROUND[lang][1], prefix: 'OL2' }))).toBeVisible();
    await shot(page, `online-${lang}-${width}`);

    // staff: the audience with the pass just used, its export, the check-in log (admitted, then refused at East 1),
    // and every ticket screen of the admin reached from its menu, at 1440 and 390
    const staff = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    try {
      const admin = await staff.newPage();
      await setLang(admin, lang);
      await loginAsAdmin(admin, lang, '/admin/r/visitors');
      await expect(admin.getByRole('row').filter({ hasText: ming }).first()).toContainText(L(lang, 'admin:options.visitorStatus.used'));
      await expect(admin.getByRole('row').filter({ hasText: hua }).first()).toContainText(L(lang, 'admin:options.visitorStatus.refunding'));
      const xlsx = await exportWithPurpose(admin, lang);
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      const menu = admin.getByRole('navigation', { name: L(lang, 'admin:menu.label') });
      for (const [key, file] of [
        ['admin:resources.sessions', 'sessions'],
        ['admin:menu.workshops', 'workshops'],
        ['admin:resources.tickets', 'tickets'],
        ['admin:resources.visitors', 'visitors'],
        ['admin:resources.onlineSlots', 'online-slots'],
        ['admin:resources.checkins', 'checkins'],
      ] as const) {
        await admin.setViewportSize({ width: 1440, height: 1000 });
        await menu.getByRole('menuitem', { name: L(lang, key), exact: true }).click();
        await expect(admin.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
        if (file === 'workshops') await expect(admin).toHaveURL(/kind=workshop/);
        if (file === 'checkins') {
          const log = admin.getByRole('row').filter({ hasText: gateName });
          await expect(log.filter({ hasText: L(lang, 'admin:options.checkinResult.admitted') }).first()).toBeVisible();
          await expect(log.filter({ hasText: L(lang, 'admin:options.checkinResult.used') }).first()).toBeVisible();
        }
        for (const w of SCREENSHOTS ? [1440, 390] : []) {
          await admin.setViewportSize({ width: w, height: w > 800 ? 1000 : 844 });
          await shoot(admin, `admin-tickets-${file}-${lang}-${w}.png`, { fullPage: true });
        }
      }
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.goto('/admin/r/sessions/new');
      await expect(admin.getByRole('button', { name: L(lang, 'common:actions.save') })).toBeVisible();
      await shoot(admin, `admin-tickets-session-form-${lang}-390.png`, { fullPage: true });
    } finally {
      await staff.close();
    }
  });
}
