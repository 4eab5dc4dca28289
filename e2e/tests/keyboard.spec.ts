import { expect, test, type Page } from './support/test';
import { L, registerMember, setLang } from './support/foundation';
import { adminPage } from './support/admin';
import { freeSessionBooked } from './support/tickets';

/**
 * WCAG 2.2 AA beyond what axe sees (issue 40), in both languages: a flow done with the keyboard only (Tab,
 * Shift+Tab, Enter, Space, arrows), where every focus step shows a focus indicator (2.4.7: the focused
 * element's outline or box-shadow differs from its unfocused look) and is not hidden behind the sticky header
 * (2.4.11); and every interactive element of the screens it passes is at least 24×24 CSS px or has the
 * spacing exception (2.5.8). Accounts are made through the API; each language is one test of few page loads.
 */

type Lang = 'zh' | 'en';
const LANGS: readonly Lang[] = ['zh', 'en'];

interface FocusReport {
  tag: string;
  name: string;
  indicator: boolean;
  looks: string;
  hiddenByHeader: boolean;
  /** what is drawn at the element's centre when that is not the element */
  atCentre: string;
}

/** What the focused element looks like focused and unfocused, and whether the sticky header covers it. */
async function inspectFocus(page: Page): Promise<FocusReport | null> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // transitions (a skip link sliding in, an outline fading in) jump to their end, after a frame for the app's
    // own focus state (antd's focused wrappers) to render: the look is the settled one; endless ones (spinners) run on
    const settle = async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (const an of document.getAnimations()) if (an.effect?.getComputedTiming().endTime !== Infinity) an.finish();
    };
    await settle();
    const header = Array.from(document.querySelectorAll<HTMLElement>('header')).find((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position));
    let hiddenByHeader = false;
    let drawn = '';
    if (header && !header.contains(el)) {
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = r.top + r.height / 2;
      // covered: the header is what is drawn at the element's centre (an element drawn over the header, as the
      // skip link, is not covered); a centre outside the window counts as covered too
      const atCentre = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
      hiddenByHeader = !atCentre || (header.contains(atCentre) && !el.contains(atCentre));
      drawn = atCentre
        ? `<${atCentre.tagName.toLowerCase()} class=${atCentre.className}> at ${Math.round(x)},${Math.round(y)}`
        : `outside the window at ${Math.round(x)},${Math.round(y)}`;
    }
    // the element's own outline/box-shadow/border/background, and its two nearest ancestors' (a card drawn
    // around a link shows the ring with :focus-within)
    const look = async () => {
      await settle();
      const boxes = [el, el.parentElement, el.parentElement?.parentElement].filter((b): b is HTMLElement => !!b);
      return boxes
        .map((b) => {
          const cs = getComputedStyle(b);
          const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 ? `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}` : 'none';
          return `${outline}|${cs.boxShadow}|${cs.borderColor}|${cs.backgroundColor}`;
        })
        .join(' / ');
    };
    const focused = await look();
    // the same element unfocused, then focused again as the keyboard left it
    el.blur();
    const unfocused = await look();
    el.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
    await settle();
    return {
      tag: el.tagName.toLowerCase(),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      indicator: focused !== unfocused,
      looks: `focused ${focused}; unfocused ${unfocused}`,
      hiddenByHeader,
      atCentre: drawn,
    };
  });
}

/** Presses `key` and checks the focus step it makes. */
async function step(page: Page, key: string): Promise<FocusReport> {
  await page.keyboard.press(key);
  const r = await inspectFocus(page);
  expect(r, `focus after ${key}`).not.toBeNull();
  expect(r!.indicator, `focus indicator on <${r!.tag}> "${r!.name}": ${r!.looks}`).toBe(true);
  expect(r!.hiddenByHeader, `<${r!.tag}> "${r!.name}" hidden behind the sticky header: ${r!.atCentre}`).toBe(false);
  return r!;
}

/** Tabs (forward or back) until `done` holds for the focused element, checking every step on the way. */
async function tabUntil(page: Page, done: () => Promise<boolean>, key = 'Tab', max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await step(page, key);
    if (await done()) return;
  }
  throw new Error(`focus never reached the target in ${max} presses of ${key}`);
}

const focusedIs = (page: Page, name: string, role: 'textbox' | 'button' | 'link') => () =>
  page
    .getByRole(role, { name, exact: true })
    .evaluate((el) => el === document.activeElement)
    .catch(() => false);

/**
 * 2.5.8: every visible interactive element is at least 24×24 CSS px, or a 24 px circle centred on it meets no
 * other target (the spacing exception), or it is a link inside a sentence (the inline exception).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [tabindex]:not([tabindex="-1"])';
    const targets = Array.from(document.querySelectorAll<HTMLElement>(sel))
      .map((el) => {
        // a stretched link (its ::after laid over the whole card) is targeted through the card
        const after = getComputedStyle(el, '::after');
        const box = after.content !== 'none' && after.position === 'absolute' && el.offsetParent ? el.offsetParent : el;
        return { el, r: box.getBoundingClientRect(), cs: getComputedStyle(el) };
      })
      .filter(({ r, cs }) => r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.opacity !== '0');
    const inline = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parentText = (el.parentElement?.textContent ?? '').trim();
      return parentText.length > (el.textContent ?? '').trim().length;
    };
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const bad: string[] = [];
    for (const t of targets) {
      if ((t.r.width >= 24 && t.r.height >= 24) || inline(t.el)) continue;
      // a visually hidden native control inside a bigger label or wrapper is targeted through that wrapper
      const wrapper = t.el.closest('label');
      if (wrapper && wrapper !== t.el) {
        const w = wrapper.getBoundingClientRect();
        if (w.width >= 24 && w.height >= 24) continue;
      }
      const c = centre(t.r);
      const crowded = targets.some((o) => {
        if (o.el === t.el || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        // the nearest point of the other target is within 12 px of this one's centre, or their 24 px circles meet
        const nx = Math.max(o.r.left, Math.min(c.x, o.r.right));
        const ny = Math.max(o.r.top, Math.min(c.y, o.r.bottom));
        const oc = centre(o.r);
        const small = o.r.width < 24 || o.r.height < 24;
        return Math.hypot(nx - c.x, ny - c.y) < 12 || (small && Math.hypot(oc.x - c.x, oc.y - c.y) < 24);
      });
      if (crowded)
        bad.push(
          `<${t.el.tagName.toLowerCase()}> "${(t.el.getAttribute('aria-label') ?? t.el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(t.r.width)}×${Math.round(t.r.height)}`,
        );
    }
    return bad;
  });
}

for (const lang of LANGS) {
  test(`sign in with the keyboard only, focus always seen, targets big enough (${lang})`, async ({ browser, request }) => {
    const member = await registerMember(request, lang === 'en' ? 'Keyboard Coach' : '键盘教练');
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await setLang(page, lang);
    await page.goto(lang === 'en' ? '/en/login' : '/login');
    await expect(page.getByRole('textbox', { name: L(lang, 'auth:login.account') })).toBeVisible();
    expect(await smallTargets(page), 'targets under 24×24 px on the login screen').toEqual([]);

    // from the top of the page through the header to the account field, typing, on to the password and submit
    await tabUntil(page, focusedIs(page, L(lang, 'auth:login.account'), 'textbox'));
    await page.keyboard.type(member.phone);
    await tabUntil(page, focusedIs(page, L(lang, 'auth:login.password'), 'textbox'));
    await page.keyboard.type(member.password);
    // back and forth once: Shift+Tab returns to the account field, also visibly
    await step(page, 'Shift+Tab');
    await tabUntil(page, focusedIs(page, L(lang, 'auth:login.password'), 'textbox'));
    await tabUntil(page, focusedIs(page, L(lang, 'auth:login.submit'), 'button'));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);

    // the screen signed in: its first focus steps from the top past the header, and its targets
    for (let i = 0; i < 12; i++) await step(page, 'Tab');
    // on down the page until it has scrolled, then back up: what Shift+Tab brings back from above the window
    // must stop below the sticky header (html's scroll-padding-top), not under it
    await tabUntil(page, () => page.evaluate(() => scrollY > 600));
    for (let i = 0; i < 10; i++) await step(page, 'Shift+Tab');
    expect(await smallTargets(page), `targets under 24×24 px on ${page.url()}`).toEqual([]);

    // the portal's registration screen (players) and the personal center: focus steps and targets there too
    for (const target of ['/createTeamer?id=600', '/userCenter?t=1']) {
      await page.goto(lang === 'en' ? `/en${target}` : target);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      for (let i = 0; i < 15; i++) await step(page, 'Tab');
      expect(await smallTargets(page), `targets under 24×24 px on ${target}`).toEqual([]);
    }
    await context.close();
  });
}

for (const lang of LANGS) {
  test(`admit a visitor at the gate with the keyboard only, focus always seen, targets big enough (${lang})`, async ({ browser, request }) => {
    const tag = `${lang}-kb-${Date.now() % 100000}`;
    const name = lang === 'zh' ? `键盘观众 ${tag}` : `Keyboard visitor ${tag}`;
    const { visitor } = await freeSessionBooked(
      request,
      { nameZh: `键盘场 ${tag}`, nameEn: `Keyboard session ${tag}`, areaZh: 'A 馆', areaEn: 'Hall A', hoursAhead: 48 },
      [{ name, phone: '13900139077' }],
      `Keyboard buyer ${lang}`,
    );
    const mine = (await (await request.get('/api/lTicket/web/mine', { headers: visitor.headers })).json()).content as {
      name: string;
      shortCode: string | null;
    }[];
    const code = mine.find((v) => v.name === name)?.shortCode;
    expect(code, 'the pass has a short code').toBeTruthy();

    const page = await adminPage(browser, lang, '/admin/checkin', 1280);
    expect(await smallTargets(page), 'targets under 24×24 px on the check-in screen').toEqual([]);
    const gate = L(lang, 'admin:checkin.gate');
    const manual = L(lang, 'admin:checkin.manual');
    await tabUntil(page, focusedIs(page, gate, 'textbox'), 'Tab', 60);
    await page.keyboard.type(lang === 'zh' ? '北门 1 号' : 'North gate 1');
    await tabUntil(page, focusedIs(page, manual, 'textbox'));
    await page.keyboard.type(code!);
    await tabUntil(page, focusedIs(page, L(lang, 'admin:checkin.admit'), 'button'));
    // Space on the button, as Enter in the field does
    await page.keyboard.press('Space');
    await expect(page.getByTestId('checkin-verdict-text')).toHaveText(L(lang, 'admin:checkin.admitted', { name }), { timeout: 15_000 });
    await page.context().close();
  });
}
