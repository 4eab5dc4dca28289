import { expect, test, type Page } from './support/test';
import fs from 'node:fs';
import { adminAuth, adminToken, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { adminPage, pickRefundRatio } from './support/admin';
import { teamOfTwo } from './support/registration';

type Lang = 'zh' | 'en';
const ACTIVITY = 600; // the demo season's open activity: 60 days away (refund tier 99.4 %), first plan ¥980
const SANDBOX_PAY = { zh: '确认支付', en: 'Pay' } as const; // the sandbox gateway's own page (server messages)
const O = (lang: Lang, key: string, p?: Record<string, string | number>) => L(lang, `orders:${key}`, p);
const shot = (page: Page, name: string) => shoot(page, `payments-${name}.png`, { fullPage: true });

async function pickChannel(page: Page, lang: Lang, channel: 'sandbox' | 'bank', amount: string) {
  await page.getByRole('radio', { name: new RegExp(`^${O(lang, `channel.${channel}`).replace(/[()（）]/g, '.')}`) }).check();
  await page.getByRole('button', { name: O(lang, 'pay.submit', { amount }) }).click();
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a coach buys two codes with the sandbox, redeems one, asks a partial refund that staff approve at 80 %, and downloads the invoice (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: 900 });
    const coach = await registerMember(request, `Buyer ${lang}`);

    await signIn(page.context(), coach.token);
    await page.goto(`/activityOrder?id=${ACTIVITY}`);

    // the buy block opens on demand; the refund tiers are on screen before anything is paid
    await page.getByRole('button', { name: L(lang, 'content:activity.buyOpen') }).click();
    await expect(page.getByRole('heading', { name: O(lang, 'buy.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: O(lang, 'policy.title') })).toBeVisible();
    await expect(page.locator('tr[aria-current="true"]')).toContainText('99.4%');
    await page.getByLabel(O(lang, 'buy.quantity')).fill('2');
    await expect(page.getByTestId('buy-total')).toHaveText('¥1,960.00');
    await shot(page, `buy-${lang}-${width}`);
    await page.getByRole('button', { name: O(lang, 'buy.submit') }).click();

    // the order: lines, amount, a countdown, the channels
    await expect(page).toHaveURL(/orderNo=[A-Z0-9]+/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    await expect(page.getByTestId('order-amount')).toHaveText('¥1,960.00');
    await expect(page.getByRole('timer')).toBeVisible();
    await shot(page, `order-${lang}-${width}`);
    await pickChannel(page, lang, 'sandbox', '¥1,960.00');

    // the gateway's hosted page, then back to the result page, which polls until the signed notification arrived
    await page.getByRole('button', { name: SANDBOX_PAY[lang], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/activityOrder\\?orderNo=${orderNo}`));
    await expect(page.getByText(O(lang, 'result.paid'), { exact: true })).toBeVisible({ timeout: 20_000 });
    await shot(page, `paid-${lang}-${width}`);

    // the codes are in the account
    const headers = coach.headers;
    const codes = await (await request.get(`/api/lRedeemCode/web/myCodes?activityNo=${ACTIVITY}`, { headers })).json();
    expect(JSON.parse(codes.data)).toHaveLength(2);

    // one code goes to a player: the get-code link picks it from the bought ones, and the player is registered
    const programs = await (await request.get(`/api/lProgram/web/list?activityId=${ACTIVITY}&size=50`, { headers })).json();
    const player = `Pay ${lang} ${Date.now() % 100_000}`;
    const created = await request.post('/api/lTeam/web/batchCreate', {
      headers,
      data: {
        activityId: ACTIVITY,
        team: { name: `Code team ${lang} ${Date.now() % 100_000}`, program: { id: programs.content[0].id } },
        members: [
          {
            name: player,
            cardType: 1,
            card: `P${Date.now() % 100_000_000}${width}`,
            birth: '2010-05-06',
            emerName: 'Parent',
            emerPhone: '13800138000',
            region: '86',
          },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto(`/createTeam?id=${ACTIVITY}&team=${(await created.json()).data.id}`);
    const codeInput = page.getByLabel(`${L(lang, 'registration:field.code')} ${player}`);
    await page.getByRole('button', { name: L(lang, 'registration:actions.getCode') }).click();
    await expect(codeInput).not.toHaveValue('');
    await page.getByRole('button', { name: L(lang, 'registration:actions.redeem'), exact: true }).click();
    await expect(page.getByText(lang === 'zh' ? '兑换成功' : 'Redeem succeeded').first()).toBeVisible();

    // My orders: a partial refund of the unused code (a used one cannot be refunded), the tier amount shown before sending
    await page.goto('/userCenter?t=3');
    const card = page.getByRole('article').filter({ hasText: orderNo });
    await expect(card.getByText(O(lang, 'status.completed'), { exact: true })).toBeVisible();
    await card.getByRole('button', { name: O(lang, 'refund.request') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await expect(dialog.getByTestId('refund-preview')).toContainText('¥974.12');
    await dialog.getByLabel(O(lang, 'refund.reason')).fill(lang === 'zh' ? '一名选手无法参赛' : 'One player cannot come');
    await shot(page, `refund-${lang}-${width}`);
    const requested = page.waitForResponse((r) => r.url().endsWith('/api/lOrder/web/refund') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: O(lang, 'refund.submit') }).click();
    await expect(page.getByText(O(lang, 'refund.sent'))).toBeVisible();
    const refundNo = (await (await requested).json()).data.refundNo as string;

    // an invoice for the order: a company title needs its tax number (checked on the form)
    await card.getByRole('button', { name: O(lang, 'invoice.request') }).click();
    const inv = page.getByRole('dialog');
    await inv.getByLabel(O(lang, 'invoice.companyName')).fill(lang === 'zh' ? '北京市海淀区实验小学' : 'Haidian Experimental School');
    await inv.getByLabel(O(lang, 'invoice.taxNo')).fill('123');
    await inv.getByLabel(O(lang, 'invoice.contact')).fill('Wang 13800138000');
    await inv.getByRole('button', { name: O(lang, 'invoice.submit') }).click();
    await expect(inv.getByText(O(lang, 'invoice.taxNoInvalid'))).toBeVisible();
    await inv.getByLabel(O(lang, 'invoice.taxNo')).fill('91110108MA01ABCD2X');
    await shot(page, `invoice-${lang}-${width}`);
    await inv.getByRole('button', { name: O(lang, 'invoice.submit') }).click();
    await expect(page.getByText(O(lang, 'invoice.sent'))).toBeVisible();

    // staff approve the refund at 80 % and generate the invoice, in the admin
    const admin = await adminPage(browser, lang, '/admin/refunds');
    // this order's refund (other journeys' refunds may wait in the list too)
    await admin.getByRole('button', { name: L(lang, 'admin:money.approveOf', { refundNo }), exact: true }).click();
    const approve = admin.getByRole('dialog');
    await pickRefundRatio(approve, lang, '800');
    // 80 % is below the member's 99.4 % tier: the reason becomes required and is what the member reads
    await approve.getByLabel(L(lang, 'admin:money.decisionReasonRequired')).fill(lang === 'zh' ? '已领取比赛物资' : 'Kits were handed out');
    await approve.getByRole('button', { name: L(lang, 'admin:money.approveConfirmAmount', { amount: '¥784.00' }) }).click();
    await expect(approve).toBeHidden();
    await admin.goto('/admin/invoices');
    await admin.getByRole('button', { name: L(lang, 'admin:money.generateOf', { orderNo }) }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: L(lang, 'admin:money.generate') })
      .click();
    await expect(admin.getByRole('button', { name: L(lang, 'admin:money.generateOf', { orderNo }) })).toBeHidden();
    await admin.context().close();

    // the member sees the refund go through the sandbox's own refund notification, and downloads the PDF
    await expect(async () => {
      await page.reload();
      await card.getByRole('button', { name: O(lang, 'showDetail') }).click();
      await expect(card.getByRole('region', { name: O(lang, 'detail.refunds') }).getByText(O(lang, 'refundStatus.success'), { exact: true })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByRole('region', { name: O(lang, 'detail.refunds') })).toContainText('¥784.00');
    await expect(card.getByRole('definition').filter({ hasText: '¥784.00' })).toBeVisible(); // the order's refunded total
    await shot(page, `orders-${lang}-${width}`);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: O(lang, 'invoice.download') }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
  });
}

test('a coach pays a team’s fees by bank transfer from the team’s fee labels; staff confirm the transfer, the page shows it paid; staff cancel one entry', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  await setLang(page, lang);
  await page.setViewportSize({ width: 1440, height: 900 });
  const coach = await registerMember(request, 'Bank Coach');
  const headers = coach.headers;
  const { activityId, teamId } = await teamOfTwo(request, headers, `Bank ${Date.now() % 100_000}`);

  await signIn(page.context(), coach.token);
  await page.goto(`/createTeam?id=${activityId}&team=${teamId}`);
  await expect(page.getByTestId('team-due')).toHaveText('¥1,960.00');
  await page.getByRole('link', { name: L(lang, 'registration:fees.pay') }).click();
  await expect(page).toHaveURL(new RegExp(`teamId=${teamId}`));
  await expect(page.getByRole('heading', { name: O(lang, 'policy.title') })).toBeVisible();
  await page.getByRole('button', { name: O(lang, 'fee.submitAmount', { amount: '¥1,960.00' }) }).click();
  await expect(page.getByTestId('order-amount')).toHaveText('¥1,960.00');
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await pickChannel(page, lang, 'bank', '¥1,960.00');
  const reference = page.getByTestId('bank-reference');
  await expect(reference).toBeVisible();
  await expect(page.getByText(O(lang, 'bank.accountNo'), { exact: true }).first()).toBeVisible();
  await shot(page, `bank-${lang}`);

  // the players are held (registering) while the transfer is on its way
  const players = await (await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&teamId=${teamId}`, { headers })).json();
  expect(players.content.map((m: { payStatus: number }) => m.payStatus)).toEqual([2, 2]);

  // staff see the money arrive and confirm it; the waiting page notices by itself
  const admin = await adminAuth(request);
  const list = await (await request.get(`/api/admin/orders?orderNo=${orderNo}`, { headers: admin })).json();
  const id = (list.content ?? list.data).find((o: { orderNo: string }) => o.orderNo === orderNo).id;
  const ok = await request.post(`/api/admin/orders/${id}/confirmTransfer`, { headers: admin, data: { amountFen: 196_000, bankSerial: `SER${Date.now()}` } });
  expect(ok.ok(), await ok.text()).toBe(true);
  await expect(page.getByText(O(lang, 'result.paid'), { exact: true })).toBeVisible({ timeout: 20_000 });
  const after = await (await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&teamId=${teamId}`, { headers })).json();
  expect(after.content.map((m: { payStatus: number }) => m.payStatus)).toEqual([3, 3]);

  // staff cancel one registration with a required reason (payStatus 6); a bank payment comes back as a recorded refund
  const staff = await adminPage(browser, lang, `/admin/r/players?teamId=${teamId}`);
  await staff.getByRole('button', { name: L(lang, 'admin:money.cancelPlayerOf', { name: 'Li Lei' }) }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByRole('button', { name: L(lang, 'admin:money.cancelPlayerConfirm') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(L(lang, 'admin:money.reasonRequired'));
  await dialog.getByLabel(L(lang, 'admin:money.cancelPlayerReason')).fill('重复报名');
  await dialog.getByRole('button', { name: L(lang, 'admin:money.cancelPlayerConfirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('button', { name: L(lang, 'admin:money.cancelPlayerOf', { name: 'Li Lei' }) })).toBeHidden();
  await staff.context().close();
  const cancelled = await (await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&teamId=${teamId}`, { headers })).json();
  const byName = Object.fromEntries(cancelled.content.map((m: { name: string; payStatus: number }) => [m.name, m.payStatus]));
  expect(byName).toEqual({ 'Li Lei': 6, 'Han Meimei': 3 });
});

for (const lang of ['zh', 'en'] as const) {
  test(`screens of the money path at 1440 and 390 px (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const coach = await registerMember(request, 'Screens Coach');
    const headers = coach.headers;
    const checkout = await (await request.get(`/api/lOrder/web/checkout?activityId=${ACTIVITY}`, { headers })).json();
    const buy = async () => {
      const r = await request.post('/api/lOrder/web/createOrder', {
        headers,
        data: { activityId: ACTIVITY, type: 1, planId: checkout.data.plans[0].id, quantity: 2 },
      });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).data as { id: number; orderNo: string };
    };
    const paid = await buy();
    const pay = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo: paid.orderNo, channel: 'sandbox' } });
    const hosted = new URL((await pay.json()).data.action.url);
    expect((await request.post(hosted.pathname, { form: { decision: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
    await expect(async () => {
      const o = await (await request.get(`/api/lOrder/web/find?orderNo=${paid.orderNo}`, { headers })).json();
      expect(o.data.status).toBe('completed');
    }).toPass({ timeout: 20_000 });
    const item = (await (await request.get(`/api/lOrder/web/find?orderNo=${paid.orderNo}`, { headers })).json()).data.items[0].id;
    expect((await request.post('/api/lOrder/web/refund', { headers, data: { orderNo: paid.orderNo, itemIds: [item], reason: 'screens' } })).ok()).toBe(true);
    const invoice = { orderNo: paid.orderNo, titleType: 'company', kind: 'ordinary', companyName: '实验小学', taxNo: '91110108MA01ABCD2X', contact: 'Wang' };
    expect((await request.post('/api/lInvoice/web/apply', { headers, data: invoice })).ok()).toBe(true);
    const unpaid = await buy();

    const memberToken = coach.token;
    const staffToken = await adminToken();
    const screens: [string, string, string][] = [
      ['buy', `/activityOrder?id=${ACTIVITY}&buy=1`, memberToken],
      ['pay', `/activityOrder?id=${ACTIVITY}&orderNo=${unpaid.orderNo}`, memberToken],
      ['result', `/activityOrder?orderNo=${paid.orderNo}`, memberToken],
      ['my-orders', '/userCenter?t=3', memberToken],
      ['admin-orders', '/admin/r/orders', staffToken],
      ['admin-order', `/admin/r/orders/${paid.id}`, staffToken],
      ['admin-refunds', '/admin/refunds', staffToken],
      ['admin-invoices', '/admin/invoices', staffToken],
      ['admin-reconciliation', '/admin/reconciliation', staffToken],
    ];
    for (const width of [1440, 390]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      for (const [name, route, token] of screens) {
        await ctx.clearCookies();
        await signIn(ctx, token);
        await page.goto(route);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
        await shot(page, `screen-${name}-${lang}-${width}`);
      }
      await ctx.close();
    }
  });
}
