import { expect, test } from './support/test';
import { adminAuth, freshPhone, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { createActivity, idCard } from './support/registration';

/**
 * Issue 37: a coach asks a child's guardian for consent by SMS from the player's form; the guardian opens the
 * link from the text message on a phone (390 px, Chinese) and consents; the coach's roster then says so.
 * The activity, the coach and the child come through the API (the browser adds nothing there).
 */
test('a coach sends the guardian link, the guardian consents on a phone, the roster shows "consented" (zh)', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const coach = await registerMember(request, 'Coach Wang');
  const { id: activityId } = await createActivity(request, `Consent ${Date.now() % 100_000}`);
  // a fresh activity: the name alone finds her
  const kid = '林小雨';
  const created = await request.post('/api/lTeamMember/web/create', {
    headers: coach.headers,
    // born in 2017: under 14
    data: { activityId, name: kid, cardType: 0, card: idCard(Date.now() % 1000, '20170504'), emerPhone: '13800138000', region: '86' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  expect((await created.json()).data.consent).toBe('none');

  // the coach: the player's form asks for the guardian's consent and sends the link
  await setLang(page, 'zh');
  await signIn(page.context(), coach.token);
  await page.goto(`/createTeamer?id=${activityId}`);
  const roster = page.getByRole('list', { name: L('zh', 'registration:players.withoutTeam') });
  await roster.getByRole('button', { name: new RegExp(kid) }).click();
  const block = page.getByRole('region', { name: new RegExp(L('zh', 'registration:consent.title').replace(/[()（）]/g, '.')) });
  await expect(block.getByText(L('zh', 'registration:consent.state.none'))).toBeVisible();
  const guardianPhone = freshPhone();
  await block.getByLabel(L('zh', 'registration:consent.guardianPhone')).fill(guardianPhone);
  await block.getByLabel(L('zh', 'registration:consent.relationship')).fill('母亲');
  await block.getByRole('button', { name: L('zh', 'registration:consent.send') }).click();
  await expect(roster.getByRole('button', { name: new RegExp(kid) }).getByText(L('zh', 'registration:consent.state.pending'))).toBeVisible();

  // the text message, from the outbox
  const headers = await adminAuth(request);
  let link = '';
  for (let i = 0; i < 20 && !link; i++) {
    const box = await (await request.get('/api/admin/smsOutbox?page=0&size=50', { headers })).json();
    const sms = box.content.find((m: { phone: string; content: string }) => m.phone === guardianPhone && m.content.includes('guardianConsent'));
    link = sms ? /(\/guardianConsent\?token=[\w-]+)/.exec(sms.content)![1]! : '';
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  expect(link, 'the guardian SMS with its link').not.toBe('');

  // the guardian, on a phone
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guardian = await phone.newPage();
  await setLang(guardian, 'zh');
  await guardian.goto(link);
  await expect(guardian.getByRole('heading', { name: L('zh', 'consent:title') })).toBeVisible();
  // what is held, masked: the name keeps its first and last character only
  await expect(guardian.getByText('林*雨', { exact: true })).toBeVisible();
  await expect(guardian.getByText(kid)).toHaveCount(0);
  const width = await guardian.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
  await shoot(guardian, 'consent-guardian-zh-390.png', { fullPage: true });
  await guardian.getByRole('button', { name: L('zh', 'consent:consent') }).click();
  await expect(guardian.getByText(L('zh', 'consent:status.consented'), { exact: true })).toBeVisible();
  await expect(guardian.getByRole('button', { name: L('zh', 'consent:withdraw') })).toBeVisible();
  await shoot(guardian, 'consent-guardian-zh-390-done.png', { fullPage: true });
  await phone.close();

  // the coach's roster says so
  await page.reload();
  await expect(roster.getByRole('button', { name: new RegExp(kid) }).getByText(L('zh', 'registration:consent.state.consented'))).toBeVisible();
});
