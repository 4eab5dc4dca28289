import { expect, test, type APIRequestContext, type Page } from './support/test';
import { adminAuth, adminToken, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { teamOfTwo } from './support/registration';

/**
 * Issue 24, the member's side of the money: the fee page shows the players and the total before any order
 * exists; the bank transfer page shows its deadline and what happens next (no spinner); My orders shows why
 * a refund was below the quoted tier. Preconditions through the API.
 */
type Lang = 'zh' | 'en';
const O = (lang: Lang, key: string, p?: Record<string, string | number>) => L(lang, `orders:${key}`, p);
const shot = (page: Page, name: string) => shoot(page, `member-money-${name}.png`, { fullPage: true });

async function orderCount(request: APIRequestContext, headers: Record<string, string>) {
  return (await (await request.get('/api/lOrder/web/list?page=0&size=10', { headers })).json()).totalElements as number;
}
async function payStatuses(request: APIRequestContext, headers: Record<string, string>, activityId: number, teamId: number) {
  const r = await (await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&teamId=${teamId}`, { headers })).json();
  return (r.content as { payStatus: number }[]).map((m) => m.payStatus);
}

/** A team of two paid with the sandbox, one player's refund asked and approved by staff at 80 % with a reason. */
async function refundedBelowTier(request: APIRequestContext, reason: string) {
  const coach = await registerMember(request, 'Refund Coach');
  const headers = coach.headers;
  const { activityId, teamId } = await teamOfTwo(request, headers, `Refund ${Date.now() % 100_000}`, { refundEnabled: true });
  const order = await request.post('/api/lTeam/web/pay', { headers, data: { activityId, teamId } });
  expect(order.ok(), await order.text()).toBe(true);
  const orderNo = (await order.json()).data.orderNo as string;
  const pay = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo, channel: 'sandbox' } });
  expect(pay.ok(), await pay.text()).toBe(true);
  const hosted = new URL((await pay.json()).data.action.url);
  expect((await request.post(hosted.pathname, { form: { decision: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
  const find = async () => (await (await request.get(`/api/lOrder/web/find?orderNo=${orderNo}`, { headers })).json()).data;
  await expect(async () => expect((await find()).status).toBe('completed')).toPass({ timeout: 20_000 });
  const item = (await find()).items[0].id as number;
  const asked = await request.post('/api/lOrder/web/refund', { headers, data: { orderNo, itemIds: [item], reason: 'ill' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const refundId = (await asked.json()).data.id as number;
  const admin = await adminAuth(request);
  // below the tier without a reason: refused on the field
  const bare = await request.post(`/api/admin/refunds/${refundId}/decide`, { headers: admin, data: { approve: true, ratio: '800' } });
  expect(bare.status()).toBe(400);
  expect(Object.keys((await bare.json()).fieldErrors)).toEqual(['reason']);
  const ok = await request.post(`/api/admin/refunds/${refundId}/decide`, { headers: admin, data: { approve: true, ratio: '800', reason } });
  expect(ok.ok(), await ok.text()).toBe(true);
  await expect(async () => expect((await find()).refunds[0].status).toBe('success')).toPass({ timeout: 30_000 });
  return { coach, orderNo, activityId, teamId };
}

test('the team fee page shows the players and the total before any order exists (zh, 1440 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  await setLang(page, lang);
  await page.setViewportSize({ width: 1440, height: 900 });
  const coach = await registerMember(request, 'Fee Coach');
  const headers = coach.headers;
  const { activityId, teamId } = await teamOfTwo(request, headers, `Fee ${Date.now() % 100_000}`);
  await signIn(page.context(), coach.token);

  await page.goto(`/createTeam?id=${activityId}&team=${teamId}`);
  await page.getByRole('link', { name: L(lang, 'registration:fees.pay') }).click();
  await expect(page).toHaveURL(new RegExp(`teamId=${teamId}`));
  const list = page.getByRole('list', { name: O(lang, 'fee.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Li Lei');
  await expect(list).toContainText('Han Meimei');
  await expect(page.getByTestId('fee-total')).toHaveText('¥1,960.00');
  await shot(page, 'fee-zh-1440');
  // nothing was created, nobody is held
  expect(await orderCount(request, headers)).toBe(0);
  expect(await payStatuses(request, headers, activityId, teamId)).toEqual([0, 0]);

  // the order is made when the person chooses to pay
  await page.getByRole('button', { name: O(lang, 'fee.submitAmount', { amount: '¥1,960.00' }) }).click();
  await expect(page).toHaveURL(/orderNo=[A-Z0-9]+/);
  await expect(page.getByTestId('order-amount')).toHaveText('¥1,960.00');
  expect(await orderCount(request, headers)).toBe(1);
  expect(await payStatuses(request, headers, activityId, teamId)).toEqual([2, 2]);
});

test('the bank transfer page shows the deadline and what happens next, without a spinner (en, 390 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  await setLang(page, lang);
  await page.setViewportSize({ width: 390, height: 844 });
  const coach = await registerMember(request, 'Bank Wait Coach');
  const headers = coach.headers;
  const { activityId, teamId } = await teamOfTwo(request, headers, `Bank wait ${Date.now() % 100_000}`);
  const order = await request.post('/api/lTeam/web/pay', { headers, data: { activityId, teamId } });
  expect(order.ok(), await order.text()).toBe(true);
  const orderNo = (await order.json()).data.orderNo as string;
  const bank = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo, channel: 'bank', scene: 'mobile' } });
  expect(bank.ok(), await bank.text()).toBe(true);
  const { reference } = (await bank.json()).data.action as { reference: string };

  await signIn(page.context(), coach.token);
  await page.goto(`/activityOrder?id=${activityId}&orderNo=${orderNo}`);
  await expect(page.getByTestId('bank-reference')).toHaveText(reference);
  await expect(page.getByText(O(lang, 'bank.accountNo'), { exact: true }).first()).toBeVisible();
  // the deadline as a date and a time, China time; no countdown, no spinner
  const deadline = page.getByTestId('bank-deadline');
  await expect(deadline).toHaveText(/^Transfer by \d{1,2} [A-Z][a-z]{2} \d{4}(,| at) \d{2}:\d{2} \(China time\)$/);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.locator('.ant-spin')).toHaveCount(0);
  // what happens next
  const next = page.getByRole('region', { name: O(lang, 'bank.nextTitle') });
  await expect(next.getByRole('listitem')).toHaveText([
    O(lang, 'bank.next1', { amount: '¥1,960.00', reference }),
    O(lang, 'bank.next2'),
    O(lang, 'bank.next3'),
  ]);
  await shot(page, 'bank-en-390');
});

test('My orders shows the ratio, the amount and the reason of a refund below the quoted tier (zh, 1440 px)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const lang = 'zh';
  await setLang(page, lang);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { coach, orderNo } = await refundedBelowTier(request, '已领取比赛物资');
  await signIn(page.context(), coach.token);
  await page.goto('/userCenter?t=3');
  const card = page.getByRole('article').filter({ hasText: orderNo });
  await card.getByRole('button', { name: O(lang, 'showDetail') }).click();
  const refunds = card.getByRole('region', { name: O(lang, 'detail.refunds') });
  await expect(refunds).toContainText(O(lang, 'refund.percent', { percent: '80%' }));
  await expect(refunds).toContainText('¥784.00');
  await expect(refunds).toContainText(O(lang, 'refund.decisionReason', { percent: '99.4%', amount: '¥974.12', reason: '已领取比赛物资' }));
  await shot(page, 'orders-zh-1440');
  // the system message says the same
  const msgs = await (await request.get('/api/lMessage/web/list?page=0&size=20', { headers: coach.headers })).json();
  const text = JSON.stringify(msgs);
  expect(text).toContain('80%');
  expect(text).toContain('已领取比赛物资');
});

// the changed screens in both languages at both widths, for a person to look at (E2E_SCREENSHOTS=1)
test('screens: fee preview, bank wait, refund reason, approve below tier, withdrawal confirmation (zh/en, 1440/390)', async ({ browser, request }) => {
  test.skip(!process.env.E2E_SCREENSHOTS, 'screenshots only');
  test.setTimeout(300_000);
  const { coach, orderNo, activityId, teamId } = await refundedBelowTier(request, 'Kits were handed out / 已领取物资');
  const headers = coach.headers;
  // a second refund waiting for staff, a bank order waiting for its transfer, a withdrawal waiting for approval
  const other = await teamOfTwo(request, headers, `Screens ${Date.now() % 100_000}`, { refundEnabled: true });
  const fee = await (await request.post('/api/lTeam/web/pay', { headers, data: { activityId: other.activityId, teamId: other.teamId } })).json();
  const bank = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo: fee.data.orderNo, channel: 'bank' } });
  expect(bank.ok(), await bank.text()).toBe(true);
  const found = (await (await request.get(`/api/lOrder/web/find?orderNo=${orderNo}`, { headers })).json()).data;
  const pending = await request.post('/api/lOrder/web/refund', { headers, data: { orderNo, itemIds: [found.items[1].id], reason: 'screens' } });
  expect(pending.ok(), await pending.text()).toBe(true);
  const refundNo = (await pending.json()).data.refundNo as string;
  const fresh = await teamOfTwo(request, headers, `Fresh ${Date.now() % 100_000}`);
  // a paid player asking to withdraw with a refund (type 2)
  const quit = await teamOfTwo(request, headers, `Quit ${Date.now() % 100_000}`, { refundEnabled: true });
  const quitOrder = (await (await request.post('/api/lTeam/web/pay', { headers, data: { activityId: quit.activityId, teamId: quit.teamId } })).json()).data;
  const quitPay = await request.post('/api/lOrder/web/pay', { headers, data: { orderNo: quitOrder.orderNo, channel: 'sandbox' } });
  const quitHosted = new URL((await quitPay.json()).data.action.url);
  expect((await request.post(quitHosted.pathname, { form: { decision: 'pay' }, maxRedirects: 0 })).status()).toBe(303);
  const quitMembers = async () =>
    (await (await request.get(`/api/lTeamMember/web/list?activityId=${quit.activityId}&teamId=${quit.teamId}`, { headers })).json()).content;
  await expect(async () => expect((await quitMembers())[0].payStatus).toBe(3)).toPass({ timeout: 20_000 });
  const leaving = (await quitMembers())[0] as { id: number; name: string };
  const asked = await request.post('/api/lTeamMember/web/withdraw', { headers, data: { name: leaving.name, type: 2, teamMember: { id: leaving.id } } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const staffToken = await adminToken();
  for (const lang of ['zh', 'en'] as const)
    for (const width of [1440, 390]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      await signIn(ctx, coach.token);
      await page.goto(`/activityOrder?id=${fresh.activityId}&teamId=${fresh.teamId}`);
      await expect(page.getByTestId('fee-total')).toBeVisible();
      await shot(page, `screen-fee-${lang}-${width}`);
      await page.goto(`/activityOrder?id=${other.activityId}&orderNo=${fee.data.orderNo}`);
      await expect(page.getByTestId('bank-deadline')).toBeVisible();
      await shot(page, `screen-bank-${lang}-${width}`);
      await page.goto('/userCenter?t=3');
      const card = page.getByRole('article').filter({ hasText: orderNo });
      await card.getByRole('button', { name: O(lang, 'showDetail') }).click();
      await expect(card.getByRole('region', { name: O(lang, 'detail.refunds') })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `screen-orders-${lang}-${width}`);
      await ctx.clearCookies();
      await signIn(ctx, staffToken);
      await page.goto('/admin/refunds');
      await page.getByRole('button', { name: L(lang, 'admin:money.approveOf', { refundNo }), exact: true }).click();
      const approve = page.getByRole('dialog');
      const ratio = approve.getByRole('radio', { name: new RegExp(L(lang, 'admin:money.ratio.800').replace(/[()（）%]/g, '.')) });
      await expect(async () => {
        await ratio.check({ timeout: 2000 });
        await expect(ratio).toBeChecked({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await expect(approve.getByLabel(L(lang, 'admin:money.decisionReasonRequired'))).toBeVisible();
      await shoot(page, `member-money-screen-approve-${lang}-${width}.png`, { settle: true });
      await page.keyboard.press('Escape');
      await page.goto('/admin/withdrawals');
      await page
        .getByRole('button', { name: L(lang, 'admin:withdrawal.approveOf', { name: leaving.name }) })
        .first()
        .click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText(L(lang, 'admin:withdrawal.outcomeCommon'));
      await shoot(page, `member-money-screen-withdrawal-${lang}-${width}.png`, { settle: true });
      await confirm.getByRole('button', { name: L(lang, 'admin:review.cancel') }).click();
      await ctx.close();
    }
  void activityId;
  void teamId;
});
