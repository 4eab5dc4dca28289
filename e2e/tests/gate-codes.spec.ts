import { expect, test } from './support/test';
import type { APIRequestContext } from '@playwright/test';
import { adminAuth, L, SCREENSHOTS, setLang, shoot, signIn } from './support/foundation';
import { adminPage } from './support/admin';
import { freeSessionBooked } from './support/tickets';

/**
 * Issue 24, the gate and the passes: a visitor's pass shows a short code under its QR with the event, session,
 * date and place; typed at the gate in lower case with spaces it admits once and the field clears; typed again it
 * is refused naming the visitor and the gate. Preconditions (a free session of the seed's activity and a booking)
 * go through the API.
 */
const ACTIVITY = 600; // the demo season (seed)
type Lang = 'zh' | 'en';

async function freeSessionWithPass(request: APIRequestContext, lang: Lang, visitorName: string) {
  const admin = await adminAuth(request);
  const tag = `${lang}-${Date.now() % 100000}`;
  const { visitor } = await freeSessionBooked(
    request,
    { nameZh: `闸口场 ${tag}`, nameEn: `Gate session ${tag}`, areaZh: 'B 馆二层', areaEn: 'Hall B, level 2', hoursAhead: 48 },
    [{ name: visitorName, phone: '13900139088' }],
    `Visitor ${lang}`,
  );
  const activity = (await (await request.get(`/api/admin/activities/${ACTIVITY}`, { headers: admin })).json()).data;
  return { visitor, session: lang === 'zh' ? `闸口场 ${tag}` : `Gate session ${tag}`, event: (lang === 'en' && activity.nameEn) || activity.nameZh };
}

/** The code as a person at the gate might type it: lower case, spaces instead of the dashes. */
const asTyped = (printed: string) => ` ${printed.toLowerCase().replaceAll('-', ' ')} `;

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a visitor's pass code read from My tickets, typed at the gate in lower case with spaces, admits once; again refused naming the visitor (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const name = lang === 'zh' ? `王小明 ${Date.now() % 10000}` : `Wang Ming ${Date.now() % 10000}`;
    const gateName = lang === 'zh' ? '东门 3 号' : 'East gate 3';
    const pre = await freeSessionWithPass(request, lang, name);

    // My tickets: the pass names the event, the session, the place, and prints the short code grouped under the QR
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    await signIn(page.context(), pre.visitor.token);
    await page.goto('/userCenter?t=4');
    const pass = page.getByRole('article', { name: L(lang, 'tickets:pass.of', { name }) });
    await expect(pass).toBeVisible({ timeout: 20_000 });
    await expect(pass).toContainText(pre.event);
    await expect(pass).toContainText(pre.session);
    await expect(pass).toContainText(L(lang, 'tickets:pass.where', { place: lang === 'zh' ? 'B 馆二层' : 'Hall B, level 2' }));
    const printed = (await pass.getByTestId('pass-code').textContent())!.trim();
    expect(printed).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const download = pass.getByRole('link', { name: L(lang, 'tickets:pass.download') });
    await expect(download).toHaveAttribute('href', /^data:image\/png/);
    if (SCREENSHOTS) {
      // the downloaded picture itself: QR, code, event, visitor, session, date, place
      const png = await page.context().newPage();
      await png.setContent(`<img src="${await download.getAttribute('href')}" style="border:1px solid #ccc">`);
      await shoot(png, `gate-codes-pass-png-${lang}.png`);
      await png.close();
    }
    await pass.scrollIntoViewIfNeeded();
    await shoot(page, `gate-codes-pass-${lang}-${width}.png`, { fullPage: true });
    const other = width > 800 ? 390 : 1440;
    await page.setViewportSize({ width: other, height: other > 800 ? 1000 : 844 });
    await shoot(page, `gate-codes-pass-${lang}-${other}.png`, { fullPage: true });

    // the gate: typed in lower case with spaces → admitted, the field empty for the next code
    const gate = await adminPage(browser, lang, '/admin/checkin', width);
    await gate.getByLabel(L(lang, 'admin:checkin.gate')).fill(gateName);
    const field = gate.getByLabel(L(lang, 'admin:checkin.manual'));
    await field.fill(asTyped(printed));
    await field.press('Enter');
    await expect(gate.getByTestId('checkin-verdict-text')).toHaveText(L(lang, 'admin:checkin.admitted', { name }), { timeout: 15_000 });
    await expect(gate.getByTestId('checkin-verdict')).toHaveClass(/ok/);
    await expect(field).toHaveValue('');
    await shoot(gate, `gate-codes-admitted-${lang}-${width}.png`, { fullPage: true });

    // the same code again (with the button this time): refused, naming the visitor and the gate; the field clears
    await field.fill(printed.toLowerCase());
    await gate.getByRole('button', { name: L(lang, 'admin:checkin.admit') }).click();
    const verdict = gate.getByTestId('checkin-verdict');
    await expect(verdict).toHaveClass(/bad/);
    await expect(gate.getByTestId('checkin-verdict-text')).toContainText(name);
    await expect(gate.getByTestId('checkin-verdict-text')).toContainText(gateName);
    await expect(verdict).toContainText(printed);
    await expect(verdict).not.toContainText('—');
    await expect(field).toHaveValue('');
    await shoot(gate, `gate-codes-refused-${lang}-${width}.png`, { fullPage: true });
    await gate.setViewportSize({ width: other, height: other > 800 ? 1000 : 844 });
    await shoot(gate, `gate-codes-refused-${lang}-${other}.png`, { fullPage: true });

    // My tickets now says the pass was used (no QR any more)
    await page.reload();
    await expect(pass).toContainText(L(lang, 'tickets:visitorStatus.used'));
    await gate.context().close();
  });
}
