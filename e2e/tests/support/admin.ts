import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { RESOURCES, type FieldDef, type ResourceDef } from '../../../apps/web/src/admin/resources/registry';
import { picture, T, type Lang } from './content';
import { adminToken, L, pageAs, signIn } from './foundation';

export { RESOURCES, type FieldDef, type ResourceDef };

/** The resources the generic "new" screen serves: the set the save journey must cover. */
export const CREATABLE = RESOURCES.filter((d) => d.creatable !== false);

/** Creatable resources with those they reference first (a program needs its activity, an album its gallery). */
export function creationOrder(defs: readonly ResourceDef[]): ResourceDef[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const out: ResourceDef[] = [];
  const visit = (d: ResourceDef, path: string[]) => {
    if (out.includes(d)) return;
    if (path.includes(d.name)) throw new Error(`reference cycle: ${[...path, d.name].join(' → ')}`);
    for (const f of d.fields) {
      if (f.kind !== 'ref' || f.readOnly || !f.ref || !byName.has(f.ref)) continue;
      // an optional reference back into the path (an activity's payment account, an account's activity) takes any existing row
      if (!f.required && [...path, d.name].includes(f.ref)) continue;
      visit(byName.get(f.ref)!, [...path, d.name]);
    }
    out.push(d);
  };
  for (const d of defs) visit(d, []);
  return out;
}

export const editable = (d: ResourceDef) => d.fields.filter((f) => !f.readOnly);

/** The label a form shows for one wire name of a field (bilingual fields: "Title (Chinese)"). */
export function fieldLabel(lang: Lang, def: ResourceDef, f: FieldDef, wireLang?: Lang): string {
  const label = T(lang, `admin:fields.${def.name}.${f.name}`);
  return f.i18n ? T(lang, 'admin:form.langLabel', { label, lang: T(lang, `admin:form.lang.${wireLang ?? 'zh'}`) }) : label;
}

/** Keeps the language the journey chose without resetting it on every navigation (unlike startIn). */
export async function startOnceIn(page: Page, lang: Lang) {
  await page.addInitScript((l) => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', l);
  }, lang);
}

/**
 * The admin layout has drawn (its chunk is the largest of the app: on a loaded machine it can take longer
 * than one expectation's wait to arrive the first time a browser context opens the admin).
 */
export async function adminShown(page: Page) {
  await expect(page.locator('#admin-main')).toBeAttached({ timeout: 30_000 });
}

/** Signs the page in as the administrator (the worker's API session, no login form) and opens `target`. */
export async function loginAsAdmin(page: Page, _lang: Lang, target = '/admin') {
  await signIn(page.context(), await adminToken());
  await page.goto(target);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  await adminShown(page);
}

/** Staff in their own browser context (beside a member's page), signed in and on `target`. */
export async function adminPage(browser: Browser, lang: Lang, target: string, width = 1440): Promise<Page> {
  const page = await pageAs(browser, await adminToken(), lang, target, width);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  await adminShown(page);
  return page;
}

/** Switches the admin's language with the header's segmented control, as staff do. */
export async function switchAdminLanguage(page: Page, to: Lang) {
  await page
    .getByRole('banner')
    .or(page.locator('header'))
    .first()
    .getByText(T(to, `common:lang.${to}`), { exact: true })
    .click();
  await page.waitForFunction((l) => document.documentElement.lang === l, to === 'zh' ? 'zh-CN' : 'en');
}

/** Picks an option of an antd Select opened through its label. */
export async function choose(page: Page, label: string, option: string) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // a click that lands while the list is still sliding in can miss: open and pick again until it shows
  await expect(async () => {
    let typed = false;
    if (!(await dropdown.count())) {
      await control(page, label).click();
      // a searchable list (activities: more than it shows at once) is narrowed by typing, and the first match
      // taken with Enter as a person would (a popup still being placed can sit outside the viewport)
      typed = await control(page, label).isEditable();
      if (typed) await control(page, label).fill(option);
    }
    const first = dropdown.locator('.ant-select-item-option').first();
    if (typed && (await first.textContent({ timeout: 3000 }))?.includes(option)) await control(page, label).press('Enter');
    else await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 3000 });
    // the choice shows in the select (no wait for the closing animation)
    await expect(itemControl(page, label)).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** The form control with this label (inside a form item: the form itself carries the resource's name). */
export function control(page: Page, label: string): Locator {
  return page.locator('.ant-form-item-control').getByLabel(label, { exact: true });
}

/** The control part of the form item holding the labelled control. */
export function itemControl(page: Page, label: string): Locator {
  return page.locator('.ant-form-item-control').filter({ has: page.getByLabel(label, { exact: true }) });
}

/** Picks a row in a searchable reference select: types part of its label, then takes the first match. */
export async function chooseRef(page: Page, label: string, option: string | null) {
  const select = control(page, label);
  await select.click();
  if (option) await select.fill(option);
  const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  if (option) await expect(first).toContainText(option);
  else await expect(first).toBeVisible();
  await select.press('Enter');
  if (option) await expect(itemControl(page, label)).toContainText(option);
}

/** A minimal, valid one-page PDF (the server accepts files by their first bytes). */
export function pdf(text: string): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Uploads through the field's button and the browser's file chooser. */
export async function uploadThrough(page: Page, lang: Lang, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), control(page, label).click()]);
  await chooser.setFiles(file);
  // the field's button (named by the field's label) now offers to replace the stored upload
  await expect(control(page, label)).toContainText(T(lang, 'admin:form.replace'), { timeout: 20_000 });
}

export { picture };

/**
 * Picks a refund ratio (`admin:money.ratio.<key>`, e.g. '800') in the refund approval dialog. A click while the
 * dialog is still opening can leave the radio unchanged: check until it holds.
 */
export async function pickRefundRatio(dialog: Locator, lang: Lang, key: string) {
  const ratio = dialog.getByRole('radio', { name: new RegExp(L(lang, `admin:money.ratio.${key}`).replace(/[()（）%]/g, '.')) });
  await expect(async () => {
    await ratio.check({ timeout: 2000 });
    await expect(ratio).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Clicks a button that saves through the admin API and waits for the server's answer, which must be a success:
 * the lasting effect of a save, where the "Saved" notice fades after a few seconds (on a loaded machine it can be
 * gone before an assertion looks for it). The caller then checks what the save changed (a list, a reload).
 */
export async function clickAndSaved(page: Page, button: Locator): Promise<void> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/admin/') && ['POST', 'PUT', 'PATCH'].includes(r.request().method())),
    button.click(),
  ]);
  expect(response.ok(), `${response.request().method()} ${new URL(response.url()).pathname}: ${await response.text()}`).toBe(true);
}

/**
 * Export a list holding children's personal information (players, volunteers, visitors): the dialog asks the purpose
 * first (issue 37; logged and counted in the yearly audit), then the file downloads.
 */
export async function exportWithPurpose(page: Page, lang: Lang) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: L(lang, 'admin:resource.export') }).click();
      await page.getByLabel(L(lang, 'admin:resource.exportPurpose')).fill(lang === 'en' ? 'Venue insurance list' : '场馆保险名单核对');
      await page.getByRole('button', { name: L(lang, 'admin:resource.exportStart') }).click();
    })(),
  ]);
  return download;
}
