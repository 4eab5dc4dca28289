import { expect, test, type Locator, type Page } from './support/test';
import fs from 'node:fs';
import jsQR from 'jsqr';
import path from 'node:path';
import sharp from 'sharp';
import { adminPage, choose } from './support/admin';
import { adminAuth, L, registerMember, SCREENSHOTS, screenshotDir, shoot } from './support/foundation';
import { createActivity, updateActivity } from './support/registration';

/**
 * Issue 13, the organisers' award screens by clicking: a judge registered by phone, results published, an award
 * granted to teams by their numbers, a certificate reissued, every certificate of the activity as a zip with its
 * progress bar, and a certificate template uploaded, placed, previewed and saved — then a certificate drawn on it.
 */
const ok = (lang: 'zh' | 'en') => (lang === 'zh' ? /确\s?定|OK/ : /OK|Yes/);

/**
 * Opens a popconfirm with `opener` and confirms it until its lasting effect (`done`) shows. A click on a popover
 * still moving in can miss its button, or land outside it and close it unconfirmed (seen at 390 px); then the
 * popover is opened again. `done` is checked before every new try, so an action that went through is not repeated.
 */
async function confirmUntil(page: Page, lang: 'zh' | 'en', opener: Locator, done: (timeout: number) => Promise<void>) {
  const pop = page.locator('.ant-popconfirm:visible');
  let tried = false;
  await expect(async () => {
    if (
      tried &&
      (await done(1000).then(
        () => true,
        () => false,
      ))
    )
      return;
    tried = true;
    if (!(await pop.count())) await opener.click({ timeout: 5000 });
    await pop.getByRole('button', { name: ok(lang) }).click({ timeout: 5000 });
    await done(10_000);
  }).toPass({ timeout: 60_000 });
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`staff register a judge, publish results, grant awards by team number, reissue, zip, and set a template (${lang}, ${width}px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await adminAuth(request);
    const { id: activityId } = await createActivity(request, `Award desk ${lang}`);
    const programId = (await (await request.get(`/api/lProgram/web/list?activityId=${activityId}&size=50`)).json()).content[0].id;
    const coach = await registerMember(request, `Desk coach ${lang}`);
    const coachHeaders = coach.headers;
    const teams: { id: number; name: string; number: string }[] = [];
    for (const name of ['Herons', 'Cranes'].map((n) => `${n} ${lang}`)) {
      const r = await request.post('/api/lTeam/web/create', { headers: coachHeaders, data: { activityId, name, program: { id: programId } } });
      expect(r.ok(), await r.text()).toBe(true);
      const made = (await r.json()).data as { id: number; number: string };
      teams.push({ id: made.id, name, number: made.number });
    }
    const judge = await registerMember(request, `Desk judge ${lang}`);

    // ——— judges and results ———
    const page = await adminPage(browser, lang, `/admin/judging?activityId=${activityId}`, width);
    await expect(page.getByRole('heading', { name: L(lang, 'admin:awardsAdmin.judgingTitle') })).toBeVisible();
    await page.getByLabel(L(lang, 'admin:awardsAdmin.judgePhone'), { exact: true }).fill('123');
    await page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.addJudge') }).click();
    await expect(page.getByText(L(lang, 'admin:awardsAdmin.judgePhoneRule'))).toBeVisible();
    await page.getByLabel(L(lang, 'admin:awardsAdmin.judgePhone'), { exact: true }).fill(judge.phone);
    await page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.addJudge') }).click();
    await expect(page.getByRole('row').filter({ hasText: judge.phone })).toBeVisible();
    // the judge scores (their own page is the judging journey's); the ranking shows and staff publish it
    const judgeHeaders = judge.headers;
    for (const [i, t] of teams.entries()) {
      const r = await request.post('/api/lTeam/team/score', { headers: judgeHeaders, data: { teamId: t.id, round: 1, score: 90 - i * 5 } });
      expect(r.ok(), await r.text()).toBe(true);
    }
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: teams[0]!.name })).toContainText('90');
    await confirmUntil(page, lang, page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.publish') }), (timeout) =>
      expect(page.getByText(L(lang, 'admin:awardsAdmin.published'), { exact: true })).toBeVisible({ timeout }),
    );
    const open = (await (await request.get(`/api/lAward/web/ranking?activityId=${activityId}&programId=${programId}`)).json()).data;
    expect(open.published).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await shoot(page, `admin-judging-${lang}-${width}.png`, { fullPage: true });

    // ——— certificates: no award list yet → the spec's message; then grant by team numbers ———
    await page.goto(`/admin/certificates?activityId=${activityId}`);
    await expect(page.getByText(L(lang, 'admin:awardsAdmin.noAwards'))).toBeVisible();
    const award = await request.post('/api/admin/awards', {
      headers,
      data: { activityId, nameZh: '金奖', nameEn: 'Gold award', kind: 'team', promotes: true },
    });
    expect(award.ok(), await award.text()).toBe(true);
    await page.reload();
    await choose(page, L(lang, 'admin:awardsAdmin.award'), lang === 'zh' ? '金奖' : 'Gold award');
    await page.getByLabel(L(lang, 'admin:awardsAdmin.teamNumbers')).fill(`${teams[0]!.number}\n${teams[1]!.number}, ${teams[0]!.number}`);
    await page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.grant'), exact: true }).click();
    // the lasting effect: two certificates in the list (the notice saying so fades after a few seconds)
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(/P[2-9A-Z]{11}/); // the promotion voucher
    // reissue one: the list still holds two valid certificates, the void one is under "All"
    const firstCode = (await rows.first().locator('code').first().textContent())!;
    await confirmUntil(page, lang, rows.filter({ hasText: firstCode }).getByRole('button', { name: L(lang, 'admin:awardsAdmin.reissue') }), (timeout) =>
      expect(rows.filter({ hasText: firstCode })).toHaveCount(0, { timeout }),
    );
    await page.getByText(L(lang, 'admin:awardsAdmin.statusAll'), { exact: true }).click();
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: firstCode })).toContainText(L(lang, 'admin:awardsAdmin.statusVoid'));
    await shoot(page, `admin-certificates-${lang}-${width}.png`, { fullPage: true });
    // every valid certificate as one zip, with its progress
    await page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.zipAll') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByText(L(lang, 'admin:awardsAdmin.zipReady', { count: 2 }))).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: L(lang, 'admin:awardsAdmin.zipSave') }).click()]);
    expect(download.suggestedFilename()).toBe(`certificates-${activityId}.zip`);
    const zip = fs.readFileSync((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    for (const t of teams) expect(zip.includes(Buffer.from(`${t.name}_金奖.png`))).toBe(true);
    await dialog
      .getByRole('button', { name: /Close|关闭|close/ })
      .first()
      .click();

    // ——— a template: upload, place, preview, save; the activity then draws certificates on it ———
    await page.goto(`/admin/awardTemplates?activityId=${activityId}`);
    await expect(page.getByRole('heading', { name: L(lang, 'admin:awardsAdmin.templatesTitle') })).toBeVisible();
    await expect(page.getByText(L(lang, 'admin:awardsAdmin.switchOff'))).toBeVisible();
    const background = await sharp({ create: { width: 1200, height: 850, channels: 3, background: { r: 252, g: 246, b: 228 } } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: background });
    const canvas = page.getByTestId('template-canvas');
    await expect(canvas.locator('img')).toBeVisible();
    const fieldRows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(fieldRows).toHaveCount(4); // the team's required fields, laid out to start from
    // the QR code goes to the top-left corner: select its row, click the picture
    const qrRow = fieldRows.filter({ has: page.getByText(L(lang, 'admin:awardsAdmin.field.qr'), { exact: true }) });
    await qrRow
      .locator('td')
      .last()
      .click({ position: { x: 2, y: 2 } });
    await expect(page.getByText(L(lang, 'admin:awardsAdmin.clickToPlace', { field: L(lang, 'admin:awardsAdmin.field.qr') }))).toBeVisible();
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width * 0.05, y: box.height * 0.05 } });
    const x = Number(await qrRow.getByLabel(L(lang, 'admin:awardsAdmin.x')).inputValue());
    expect(x).toBeGreaterThan(30);
    expect(x).toBeLessThan(90);
    await page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.preview'), exact: true }).click();
    const preview = page.getByRole('img', { name: L(lang, 'admin:awardsAdmin.previewAlt') });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await shoot(page, `admin-template-preview-${lang}-${width}.png`);
    await page.keyboard.press('Escape');
    // saved: the server's answer (the notice fades after a few seconds); the certificate drawn on it below is the proof
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/awardTemplates') && r.request().method() === 'PUT'),
      page.getByRole('button', { name: L(lang, 'admin:awardsAdmin.saveTemplate') }).click(),
    ]);
    expect(saved.ok(), await saved.text()).toBe(true);
    await updateActivity(request, activityId, { awardPicture: true });
    await page.reload();
    await expect(page.getByText(L(lang, 'admin:awardsAdmin.switchOn'))).toBeVisible();
    await shoot(page, `admin-templates-${lang}-${width}.png`, { fullPage: true });
    // a certificate of the activity is now drawn on the template, its QR code where staff put it
    const valid = (await (await request.get(`/api/admin/certificates?activityId=${activityId}`, { headers })).json()).data.rows[0];
    const png = await request.get(`/api/lAward/cert/${valid.certCode}`);
    expect(png.ok()).toBe(true);
    const corner = await sharp(await png.body())
      .extract({ left: 0, top: 0, width: 600, height: 425 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect((await sharp(await png.body()).metadata()).width).toBe(1200);
    const qr = jsQR(new Uint8ClampedArray(corner.data.buffer, corner.data.byteOffset, corner.data.length), corner.info.width, corner.info.height);
    expect(qr?.data).toMatch(new RegExp(`/verify/${valid.certCode}$`));
    if (SCREENSHOTS) fs.writeFileSync(path.join(screenshotDir, `certificate-on-template-${lang}.png`), await png.body());
    await page.context().close();
  });
}
