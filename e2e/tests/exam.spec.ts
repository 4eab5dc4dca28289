import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { L, adminAuth, registerMember, setLang, shoot, signIn } from './support/foundation';
import { createActivity, idCard } from './support/registration';

/**
 * Issue 12, "take an exam" (spec 2.3, 6, 7.6): a member with registered players opens the learning platform
 * from the user menu; with several activities a dialog asks which one. The new window lands at EXAM_URL
 * (the default https://learn.example.org/login, answered here by a stub page) with tempToken, activityNo,
 * airActivity, phone and c1/t1/c2/t2 of the players' program; the learning site redeems the token once.
 */
type Lang = 'zh' | 'en';
const EXAM = 'https://learn.example.org/login';
const SETTINGS = { 0: { c1: '1', t1: '10', c2: '0', t2: '20' }, 1: { c1: '0', t1: '20', c2: '1', t2: '10' } } as const;
const shot = (page: Page, name: string) => shoot(page, `exam-${name}.png`);

let seq = 500;
/** A fresh activity with one program of the given type and the member's team of two players in it. */
async function registeredIn(request: APIRequestContext, headers: Record<string, string>, name: string, type: 0 | 1): Promise<number> {
  const { id } = await createActivity(request, name);
  const program = await request.post('/api/admin/programs', {
    headers: await adminAuth(request),
    data: { activityId: id, nameZh: `考试赛项${id}`, nameEn: `Exam program ${id}`, type, maxMembers: 4, minAge: 6, maxAge: 18 },
  });
  expect(program.ok(), await program.text()).toBe(true);
  const member = (n: string) => ({ name: n, cardType: 0, card: idCard(seq++), emerName: 'Parent', emerPhone: '13800138000', region: '86' });
  const res = await request.post('/api/lTeam/web/batchCreate', {
    headers,
    data: { activityId: id, team: { name, program: { id: Number((await program.json()).data.id) } }, members: [member('Li Lei'), member('Han Meimei')] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return id;
}

/** The learning site, answered by a stub page (the journey never leaves this machine). */
async function stubLearningSite(context: BrowserContext) {
  await context.route('https://learn.example.org/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Learning platform</title><h1>Learning platform (stub)</h1></html>',
    }),
  );
}

/** Opens the account menu: hover on a wide window, the burger and then the nickname on a narrow one. */
async function openAccountMenu(page: Page, lang: Lang, nick: string, width: number) {
  if (width <= 1240) {
    const burger = page.getByRole('button', { name: new RegExp(`^(${L(lang, 'nav:openMenu')}|${L(lang, 'nav:closeMenu')})$`) });
    await expect(burger).toBeVisible();
    if ((await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
  }
  const button = page.getByRole('button', { name: new RegExp(nick) });
  if (width > 1240) await button.hover();
  else await button.click();
  await expect(page.getByRole('button', { name: new RegExp(`^${L(lang, 'nav:userMenu.exam')}`) })).toBeVisible();
}

/** The popup's address once it has left about:blank; checks it and redeems its token as the learning site would. */
async function expectLaunch(request: APIRequestContext, popup: Page, want: { activityNo: number; phone: string; type: 0 | 1 }) {
  await popup.waitForURL((u) => u.href.startsWith(`${EXAM}?`));
  await expect(popup.getByRole('heading', { name: /Learning platform/ })).toBeVisible();
  const params = Object.fromEntries(new URL(popup.url()).searchParams);
  expect(params).toEqual({
    tempToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    activityNo: String(want.activityNo),
    airActivity: String(want.activityNo),
    phone: want.phone,
    ...SETTINGS[want.type],
  });
  const first = await request.post('/api/lTeamMember/sUrl/checkTempToken', { data: { tempToken: params.tempToken } });
  expect(first.status(), await first.text()).toBe(200);
  expect((await first.json()).data).toMatchObject({ phone: want.phone, activityNo: want.activityNo, programType: want.type });
  expect((await request.post('/api/lTeamMember/sUrl/checkTempToken', { data: { tempToken: params.tempToken } })).status()).toBe(401);
  await popup.close();
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`take an exam opens the learning platform with the token and the program's settings; several activities ask which (${lang}, ${width}px)`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await stubLearningSite(context);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const nick = `Examinee ${lang}`;
    const m = await registerMember(request, nick);
    const headers = m.headers;
    const first = await registeredIn(request, headers, `Exam ${lang} A`, 0);

    await signIn(page.context(), m.token);
    await page.goto('/home');

    // one activity: the click opens the window at once and sends it to the learning site
    await openAccountMenu(page, lang, nick, width);
    await shot(page, `menu-${lang}-${width}`);
    const item = page.getByRole('button', { name: new RegExp(`^${L(lang, 'nav:userMenu.exam')}`) });
    const [popup] = await Promise.all([page.waitForEvent('popup'), item.click()]);
    await expectLaunch(request, popup, { activityNo: first, phone: m.phone, type: 0 });
    await expect(page.getByTestId('exam-dialog')).toHaveCount(0);

    // a second activity (a type-1 program): the menu asks which one, and the choice opens its window
    const second = await registeredIn(request, headers, `Exam ${lang} B`, 1);
    await page.reload();
    await openAccountMenu(page, lang, nick, width);
    const known = page.waitForResponse((r) => r.url().endsWith('/api/lTeam/my') && r.ok());
    await item.hover(); // the menu item asks for the account's activities ahead of the click
    await known;
    await item.click();
    const dialog = page.getByRole('dialog', { name: L(lang, 'exam:chooseTitle') });
    await expect(dialog).toBeVisible();
    const choices = dialog.getByRole('listitem');
    await expect(choices).toHaveCount(2);
    await expect(choices.first()).toContainText(`Exam ${lang} B`); // latest first
    await shot(page, `dialog-${lang}-${width}`);
    const [next] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: new RegExp(`Exam ${lang} B`) }).click()]);
    await expectLaunch(request, next, { activityNo: second, phone: m.phone, type: 1 });
    await expect(dialog).toBeHidden();

    // the dialog closes with Esc without opening anything
    await openAccountMenu(page, lang, nick, width);
    await item.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => context.pages().length).toBe(1);
  });
}
