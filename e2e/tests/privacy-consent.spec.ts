import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { adminAuth, freshPhone, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { createActivity, idCard } from './support/registration';

/** The guardian's text message, from the SMS outbox: the link's path (the page's address on this site). */
async function consentLinkSent(request: APIRequestContext, guardianPhone: string): Promise<string> {
  const headers = await adminAuth(request);
  let link = '';
  for (let i = 0; i < 20 && !link; i++) {
    const box = await (await request.get('/api/admin/smsOutbox?page=0&size=50', { headers })).json();
    const sms = box.content.find((m: { phone: string; content: string }) => m.phone === guardianPhone && m.content.includes('guardianConsent'));
    link = sms ? /(\/guardianConsent\?token=[\w-]+(?:&lang=en)?)/.exec(sms.content)![1]! : '';
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  expect(link, 'the guardian SMS with its link').not.toBe('');
  return link;
}

/** The guardian opens the link on a phone (390 px): no sideways scrolling. */
async function openOnPhone(browser: Browser, lang: 'zh' | 'en', link: string) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guardian = await phone.newPage();
  await setLang(guardian, lang);
  await guardian.goto(link);
  await expect(guardian.getByRole('heading', { name: L(lang, 'consent:title') })).toBeVisible();
  const width = await guardian.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
  return { phone, guardian };
}

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

  // the text message, from the outbox; the guardian, on a phone
  const { phone, guardian } = await openOnPhone(browser, 'zh', await consentLinkSent(request, guardianPhone));
  // what is held, masked: the name keeps its first and last character only
  await expect(guardian.getByText('林*雨', { exact: true })).toBeVisible();
  await expect(guardian.getByText(kid)).toHaveCount(0);
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

/**
 * The same in English, on the one-form team screen: the coach types a team and a 9-year-old in the browser; the
 * saved team's consent step offers the way to get it; the guardian consents on a phone, then withdraws on the
 * same link; the team's row says the consent was withdrawn.
 */
test('a coach registers a child on the one-form team screen, the guardian consents then withdraws on a phone (en)', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const coach = await registerMember(request, 'Coach Lee');
  const { id: activityId, program } = await createActivity(request, `Consent en ${Date.now() % 100_000}`);
  const kid = 'Emma Lin';
  const team = `Falcons ${Date.now() % 100_000}`;
  await setLang(page, lang);
  await signIn(page.context(), coach.token);
  await page.goto(`/createTandP?id=${activityId}`);
  await page.getByLabel(L(lang, 'registration:field.teamName')).fill(team);
  await page.getByRole('combobox', { name: L(lang, 'registration:field.program') }).click();
  await page.getByTitle(program.en, { exact: true }).click();
  await page.getByLabel(L(lang, 'registration:field.name'), { exact: true }).fill(kid);
  // born in 2017: under 14
  await page.getByLabel(L(lang, 'registration:field.card'), { exact: true }).fill(idCard(Date.now() % 1000, '20170504'));
  await page.getByRole('button', { name: L(lang, 'registration:actions.submit'), exact: true }).click();

  // the consent step, on the same page
  const list = page.getByRole('region', { name: L(lang, 'registration:consent.listTitle') });
  await expect(list.getByText(L(lang, 'registration:consent.state.none'))).toBeVisible();
  await list.getByRole('button', { name: L(lang, 'registration:consent.getWayFor', { name: kid }) }).click();
  const block = list.getByRole('region', { name: L(lang, 'registration:consent.forPlayer', { name: kid }) });
  const guardianPhone = freshPhone();
  await block.getByLabel(L(lang, 'registration:consent.guardianPhone')).fill(guardianPhone);
  await block.getByLabel(L(lang, 'registration:consent.relationship')).fill('Mother');
  await block.getByRole('button', { name: L(lang, 'registration:consent.send') }).click();
  await expect(list.getByText(L(lang, 'registration:consent.state.pending'))).toBeVisible();
  await shoot(page, 'consent-tandp-en.png', { fullPage: true });

  // the guardian, on a phone, in English (the link carries the coach's language)
  const { phone, guardian } = await openOnPhone(browser, lang, await consentLinkSent(request, guardianPhone));
  await expect(guardian.getByText('E*** ***', { exact: true })).toBeVisible();
  await expect(guardian.getByText(kid)).toHaveCount(0);
  await guardian.getByRole('button', { name: L(lang, 'consent:consent') }).click();
  await expect(guardian.getByText(L(lang, 'consent:status.consented'), { exact: true })).toBeVisible();
  // later, on the same link: withdrawn, after a confirmation
  await guardian.getByRole('button', { name: L(lang, 'consent:withdraw') }).click();
  await guardian.getByRole('button', { name: L(lang, 'consent:withdrawYes') }).click();
  await expect(guardian.getByText(L(lang, 'consent:status.withdrawn'), { exact: true })).toBeVisible();
  await expect(guardian.getByText(L(lang, 'consent:withdrawnNote'))).toBeVisible();
  await shoot(guardian, 'consent-guardian-en-390-withdrawn.png', { fullPage: true });
  await phone.close();

  // the coach: the team's row says the guardian withdrew, and offers the way to ask again
  await page.getByRole('button', { name: L(lang, 'registration:tandp.toTeam') }).click();
  await page
    .getByRole('button', { name: new RegExp(team) })
    .first()
    .click();
  await expect(page.getByText(L(lang, 'registration:consent.state.withdrawn'))).toBeVisible();
  await expect(page.getByRole('button', { name: L(lang, 'registration:consent.getWayFor', { name: kid }) })).toBeVisible();
});
