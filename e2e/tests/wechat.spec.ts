import { expect, test, type Page } from './support/test';
import { L, loginThroughForm, registerMember, setLang, shoot, signIn } from './support/foundation';

/**
 * Issue 12, WeChat login (spec 7.1 wxScan appType 1, wxBind) with the default adapter: the local simulation
 * of the open platform's website login. The browser really goes to the scan page and is sent back with a
 * code and state; "which WeChat" is the browser (its device cookie), like a phone.
 */
type Lang = 'zh' | 'en';
const FAKE = {
  title: { zh: '微信扫码登录（本地模拟）', en: 'WeChat scan login (local simulation)' },
  nickname: { zh: '微信昵称', en: 'WeChat nickname' },
  confirm: { zh: '确认登录', en: 'Confirm login' },
  cancel: { zh: '取消', en: 'Cancel' },
} as const;

const shot = (page: Page, name: string) => shoot(page, `wechat-${name}.png`, { fullPage: true });

/** On the simulated scan page: the person confirms (with a nickname) or cancels on the phone. */
async function scanWith(page: Page, lang: Lang, decision: 'confirm' | 'cancel', nickname?: string, screenshot?: string) {
  await expect(page.getByRole('heading', { name: FAKE.title[lang] })).toBeVisible();
  if (screenshot) await shot(page, screenshot);
  if (nickname) await page.getByLabel(FAKE.nickname[lang]).fill(nickname);
  await page.getByRole('button', { name: FAKE[decision][lang] }).click();
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`link WeChat in the user center, then log in by scanning; an unlinked scan is linked by the next login (${lang}, ${width}px)`, async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const m = await registerMember(request, `Wx ${lang}`);
    const wxName = `Dad ${lang} ${Date.now() % 10000}`;

    // link from the user center
    await signIn(context, m.token);
    await page.goto('/userCenter?t=1');
    const section = page.getByRole('region', { name: L(lang, 'user:wechat.title') });
    await expect(section.getByText(L(lang, 'user:wechat.none'))).toBeVisible();
    await shot(page, `center-none-${lang}-${width}`);
    await section.getByRole('button', { name: L(lang, 'user:wechat.bind') }).click();
    await scanWith(page, lang, 'confirm', wxName, `scan-${lang}-${width}`);
    await expect(page).toHaveURL(/\/userCenter\?t=1$/); // the code left the address
    await expect(section.getByText(L(lang, 'user:wechat.bound', { name: wxName }))).toBeVisible();
    await shot(page, `center-linked-${lang}-${width}`);

    // log out (the WeChat stays this browser's), then log in by scanning
    await context.clearCookies({ name: 'token' });
    await page.goto('/login?redirect=%2Fmsg');
    await page.getByRole('button', { name: L(lang, 'auth:wechat.button') }).click();
    await scanWith(page, lang, 'confirm');
    await expect(page).toHaveURL(/\/msg$/);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(true);

    // cancelling on the phone brings the person back with a word, and nothing else changes
    await context.clearCookies({ name: 'token' });
    await page.goto('/login');
    await page.getByRole('button', { name: L(lang, 'auth:wechat.button') }).click();
    await scanWith(page, lang, 'cancel');
    await expect(page.getByText(L(lang, 'auth:wechat.cancelled'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, `login-cancelled-${lang}-${width}`);

    // another browser is another WeChat: not linked yet; logging in links it
    const other = await browser.newContext({ viewport: { width, height: 900 } });
    const p2 = await other.newPage();
    await setLang(p2, lang);
    const m2 = await registerMember(request, `Wx2 ${lang}`);
    await p2.goto('/login?redirect=%2FuserCenter%3Ft%3D1');
    await p2.getByRole('button', { name: L(lang, 'auth:wechat.button') }).click();
    await scanWith(p2, lang, 'confirm', `Mum ${lang}`);
    await expect(p2.getByRole('heading', { name: L(lang, 'auth:wechat.signUpTitle', { name: `Mum ${lang}` }) })).toBeVisible();
    await shot(p2, `login-unlinked-${lang}-${width}`);
    // logging in is what links it: this sign-in goes through the login form
    await loginThroughForm(p2, lang, m2.phone, m2.password);
    await expect(p2).toHaveURL(/\/userCenter\?t=1$/);
    await expect(p2.getByText(L(lang, 'user:wechat.bound', { name: `Mum ${lang}` }))).toBeVisible();
    const links = await (await request.get('/api/users/web/man', { headers: m2.headers })).json();
    expect(links.data.wechat.nickName).toBe(`Mum ${lang}`);

    // unlink
    const s2 = p2.getByRole('region', { name: L(lang, 'user:wechat.title') });
    await s2.getByRole('button', { name: L(lang, 'user:wechat.unbind') }).click();
    await p2
      .locator('.ant-popconfirm')
      .getByRole('button', { name: L(lang, 'user:wechat.unbind') })
      .click();
    await expect(s2.getByText(L(lang, 'user:wechat.none'))).toBeVisible();
    await other.close();
  });
}
