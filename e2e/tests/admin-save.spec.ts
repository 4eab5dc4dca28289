import { expect, test, type APIRequestContext, type Page } from './support/test';
import { adminHeaders, T, type Lang } from './support/content';
import { registerMember, SCREENSHOTS, shoot } from './support/foundation';
import {
  CREATABLE,
  choose,
  chooseRef,
  clickAndSaved,
  control as controlOf,
  creationOrder,
  itemControl,
  editable,
  fieldLabel,
  loginAsAdmin,
  pdf,
  picture,
  startOnceIn,
  switchAdminLanguage,
  uploadThrough,
  type FieldDef,
  type ResourceDef,
} from './support/admin';

/**
 * Issue 8: "the admin cannot save". Since issue 35 the browser saves one resource per kind of field and layout
 * (every resource, every field: ResourceFormPage.save.test.tsx and the server's save-bodies.test.ts). Each is
 * created through its "new" screen in one language (every editable field filled by clicking and typing: numbers,
 * references, enums, datetimes, switches, picture and file uploads, both languages of bilingual text,
 * rich text through the editor's toolbar), reopened from its list in the other language, changed,
 * saved again, and the change is checked in the list. The resources are saved in groups, one test each
 * (a group's references to rows of other groups are made through the API first).
 */

const YEAR = new Date().getFullYear();
const stamp = Date.now().toString(36).slice(-5);

/** Datetimes that satisfy every ordering rule (sign-up before the event, finish after begin). */
const DATES: Record<string, string> = {
  signUpBegin: `${YEAR}-03-01 09:00`,
  signUpEnd: `${YEAR}-04-01 18:00`,
  beginTime: `${YEAR}-05-01 09:00`,
  finishTime: `${YEAR}-05-03 18:00`,
  // sessions: entry before start, end after start (spec 5); tickets: on sale before they stop
  entryTime: `${YEAR}-05-01 08:00`,
  startTime: `${YEAR}-05-01 09:00`,
  endTime: `${YEAR}-05-01 17:00`,
  saleStart: `${YEAR}-03-01 09:00`,
  saleEnd: `${YEAR}-04-30 18:00`,
};
const INTS: Record<string, number> = { year: YEAR, minAge: 8, maxAge: 16, maxMembers: 4, playerLimit: 300, sort: 7 };
const TEXTS: Record<string, string> = { url: 'https://example.org/e2e-partner', watermark: 'E2E', dictName: `e2e_dict_${stamp}` };

/** A value of a plain text field, recognisable in lists and on the wire. */
function textFor(def: ResourceDef, f: FieldDef, wire: Lang | null): string {
  if (TEXTS[f.name]) return TEXTS[f.name]!;
  const base = wire === 'en' ? `E2E ${def.name} ${f.name} ${stamp}` : wire === 'zh' ? `端到端 ${def.name} ${f.name} ${stamp}` : `e2e-${f.name}-${stamp}`;
  return f.max ? base.slice(0, f.max) : base;
}

/** The one field the edit step changes: the first text column of the list. */
function listTextField(def: ResourceDef): FieldDef {
  const f = editable(def).find((x) => x.list && x.kind === 'text');
  if (!f) throw new Error(`${def.name}: no text column to change`);
  return f;
}

interface Saved {
  name: string;
  id: number;
  /** label of the row in reference selects: "<name> (#id)" in each language */
  refLabel: Record<Lang, string>;
}

async function fillField(page: Page, lang: Lang, def: ResourceDef, f: FieldDef, saved: Map<string, Saved>) {
  const wires: (Lang | null)[] = f.i18n ? ['zh', 'en'] : [null];
  for (const wire of wires) {
    const label = fieldLabel(lang, def, f, wire ?? undefined);
    const control = controlOf(page, label);
    switch (f.kind) {
      case 'text':
      case 'textarea':
        await control.fill(textFor(def, f, wire));
        break;
      case 'int':
        await control.fill(String(INTS[f.name] ?? Math.max(f.min ?? 0, 1)));
        break;
      // money is typed in yuan and percentages as percent (issue 24): 80 → 8000 fen, 80 % → 800 ‰
      case 'money':
      case 'permille':
        await control.fill('80');
        break;
      case 'boolean':
        await control.click(); // flip the default: every switch is operated once
        break;
      case 'datetime': {
        const value = DATES[f.name] ?? `${YEAR}-01-15 10:00`;
        await control.click();
        await control.fill(value);
        await control.press('Enter');
        await expect(control).toHaveValue(value);
        break;
      }
      case 'enum': {
        const last = f.options![f.options!.length - 1]!;
        await choose(page, label, T(lang, last.labelKey));
        break;
      }
      case 'ref': {
        const target = saved.get(f.ref!);
        // an optional reference to its own kind (a parent department) stays empty on the first row
        if (!target && !f.required && f.ref === def.name) break;
        // a reference to a resource this journey does not create: take any existing row
        await chooseRef(page, label, target ? target.refLabel[lang] : null);
        break;
      }
      case 'image':
        await uploadThrough(page, lang, label, {
          name: `${def.name}-${f.name}.png`,
          mimeType: 'image/png',
          buffer: await picture(def.name.length + f.name.length),
        });
        break;
      case 'file':
        await uploadThrough(page, lang, label, { name: `${def.name}-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf(def.name) });
        break;
      case 'richText': {
        const box = page.getByRole('textbox', { name: label, exact: true });
        const toolbar = page.getByRole('toolbar', { name: T(lang, 'admin:editor.toolbar', { label }) });
        await box.click();
        await toolbar.getByRole('button', { name: T(lang, 'admin:editor.heading2'), exact: true }).click();
        // insertText: one input event per piece (as an input method delivers Chinese), keys for structure
        await page.keyboard.insertText(wire === 'en' ? `Heading ${stamp}` : `标题 ${stamp}`);
        await page.keyboard.press('Enter');
        await page.keyboard.insertText(wire === 'en' ? 'Body with ' : '正文，含');
        await toolbar.getByRole('button', { name: T(lang, 'admin:editor.bold'), exact: true }).click();
        await page.keyboard.insertText(wire === 'en' ? 'bold words' : '加粗文字');
        await toolbar.getByRole('button', { name: T(lang, 'admin:editor.bold'), exact: true }).click();
        await page.keyboard.press('Enter');
        await toolbar.getByRole('button', { name: T(lang, 'admin:editor.bulletList'), exact: true }).click();
        await page.keyboard.insertText(wire === 'en' ? 'first point' : '第一点');
        await expect(box.locator('h2')).toHaveText(wire === 'en' ? `Heading ${stamp}` : `标题 ${stamp}`);
        break;
      }
      default:
        throw new Error(`${def.name}.${f.name}: no way to fill a ${String(f.kind)} field`);
    }
  }
}

async function createThroughForm(page: Page, lang: Lang, def: ResourceDef, saved: Map<string, Saved>, fields = editable(def)): Promise<Saved> {
  // through the menu, as staff do (no page load)
  await page
    .getByRole('navigation', { name: T(lang, 'admin:menu.label') })
    .getByRole('menuitem', { name: T(lang, def.labelKey), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, def.labelKey));
  await page.getByRole('button', { name: T(lang, 'admin:resource.create') }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/r/${def.name}/new$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'admin:resource.newTitle', { name: T(lang, def.labelKey) }));
  for (const f of fields) {
    const t0 = Date.now();
    await fillField(page, lang, def, f, saved);
    if (process.env.ADMIN_SAVE_TIMING) console.log(`  ${def.name}.${f.name} (${f.kind}) ${Date.now() - t0} ms`);
  }
  // nothing saved the form on the way (Enter in a date field once did)
  await expect(page).toHaveURL(new RegExp(`/admin/r/${def.name}/new$`));
  if (def.name === 'news' && SCREENSHOTS) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
      await shoot(page, `admin-news-filled-${lang}-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
  }
  await page.getByRole('button', { name: T(lang, 'common:actions.save') }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/r/${def.name}/\\d+$`), { timeout: 15_000 });
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'admin:resource.editTitle', { name: T(lang, def.labelKey), id: String(id) }));
  const named = def.fields.find((f) => ['name', 'title', 'label'].includes(f.name) && f.i18n);
  const refLabel = {
    zh: named ? `${textFor(def, named, 'zh')} (#${id})` : `#${id}`,
    en: named ? `${textFor(def, named, 'en')} (#${id})` : `#${id}`,
  };
  return { name: def.name, id, refLabel };
}

/** Opens the row from its list, changes one list column in this language, saves, and finds the change in the list. */
async function editThroughList(page: Page, lang: Lang, def: ResourceDef, row: Saved): Promise<string> {
  // through the menu (no page load); newest first by the ID column where the list sorts otherwise
  await page
    .getByRole('navigation', { name: T(lang, 'admin:menu.label') })
    .getByRole('menuitem', { name: T(lang, def.labelKey), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, def.labelKey));
  if (def.defaultSort !== 'id,desc') {
    const idHeader = page.getByRole('columnheader', { name: T(lang, `admin:fields.${def.name}.id`) });
    await idHeader.click();
    await expect(page).toHaveURL(/sort=id%2Casc|sort=id,asc/);
    // a click while the list redraws for the first can be lost: click again until the order is descending
    await expect(async () => {
      await idHeader.click();
      await expect(page).toHaveURL(/sort=id%2Cdesc|sort=id,desc/, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  }
  const editButton = page.getByRole('button', { name: T(lang, 'admin:resource.editRow', { id: String(row.id) }) });
  // (a click while the sorted list redraws can land on the row being replaced: click again until it opens)
  const detail = new RegExp(`/admin/r/${def.name}/${row.id}$`);
  await expect(async () => {
    if (!detail.test(new URL(page.url()).pathname)) await editButton.click({ timeout: 3000 });
    await expect(page).toHaveURL(detail, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const f = listTextField(def);
  const label = fieldLabel(lang, def, f, f.i18n ? lang : undefined);
  const input = controlOf(page, label);
  await expect(input).toHaveValue(textFor(def, f, f.i18n ? lang : null));
  const changed = `${lang === 'zh' ? '已修改' : 'Edited'} ${def.name} ${stamp}`.slice(0, f.max ?? 100);
  await input.fill(changed);
  await clickAndSaved(page, page.getByRole('button', { name: T(lang, 'common:actions.save') }));
  await page.getByRole('button', { name: T(lang, 'admin:resource.backToList', { name: T(lang, def.labelKey) }) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/r/${def.name}`));
  const listed = page.getByRole('row').filter({ has: page.getByRole('button', { name: T(lang, 'admin:resource.editRow', { id: String(row.id) }) }) });
  await expect(listed).toContainText(changed);
  return changed;
}

/**
 * A group entry: a resource, or one part of a large one (`activities:content`, `activities:settings`), a
 * row of its own typed in with the required fields and that part's optional ones.
 */
type Part = 'content' | 'settings';
const PART_KINDS: Record<Part, readonly FieldDef['kind'][]> = {
  content: ['text', 'textarea', 'richText', 'image', 'file', 'ref'],
  settings: ['int', 'money', 'permille', 'boolean', 'datetime', 'enum'],
};
const entry = (e: string) => {
  const [name, part] = e.split(':') as [string, Part | undefined];
  return { name, part };
};
/** The fields the form fills for an entry: every editable one, or the required ones and the part's. */
const fieldsOf = (def: ResourceDef, part: Part | undefined) => editable(def).filter((f) => !part || f.required || PART_KINDS[part].includes(f.kind));

/**
 * The groups, one test each, each well inside the two-minute cap on a loaded machine (an activity alone
 * takes a minute there: two rich texts, an upload, four dates, nine switches, so it is saved in two parts).
 * Other references are rows made through the API. Together exactly the creatable resources, every field
 * of each (checked below).
 */
const GROUPS: readonly (readonly string[])[] = [
  // text, bilingual text, rich text through the toolbar, a picture, an optional reference
  ['activities:content'],
  // numbers, switches, dates, choices
  ['activities:settings'],
  // a textarea, a cover picture, a publication date, a status
  ['news'],
  // a file upload (PDF)
  ['officialFiles'],
  // money typed in yuan, a reference whose choices depend on another (the session of the chosen activity)
  ['tickets'],
];

const ORDER = creationOrder(CREATABLE);
const BY_NAME = new Map(ORDER.map((d) => [d.name, d]));
// the first half (in reference order) is created in Chinese and edited in English, the rest the other way
const LANGS = new Map(ORDER.map((d, i) => [d.name, (i < ORDER.length / 2 ? ['zh', 'en'] : ['en', 'zh']) as [Lang, Lang]]));

/** Wire values of a row made through the API: every required field, and the references the group needs. */
function apiRow(def: ResourceDef, saved: Map<string, Saved>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of editable(def)) {
    if (f.kind === 'ref') {
      if (f.ref !== def.name && saved.has(f.ref!)) data[f.name] = saved.get(f.ref!)!.id;
      continue;
    }
    if (!f.required) continue;
    if (f.i18n) {
      data[`${f.name}Zh`] = `引用 ${textFor(def, f, 'zh')}`;
      data[`${f.name}En`] = `Ref ${textFor(def, f, 'en')}`;
    } else if (f.kind === 'int') data[f.name] = INTS[f.name] ?? Math.max(f.min ?? 0, 1);
    else if (f.kind === 'money') data[f.name] = 8000;
    else if (f.kind === 'permille') data[f.name] = 800;
    else if (f.kind === 'datetime') data[f.name] = new Date(`${(DATES[f.name] ?? `${YEAR}-01-15 10:00`).replace(' ', 'T')}:00Z`).toISOString();
    else if (f.kind === 'enum') data[f.name] = f.options![0]!.value;
    else if (f.kind === 'boolean') data[f.name] = true;
    else data[f.name] = `ref-${textFor(def, f, null)}`;
  }
  // an activity of this journey stays off the public lists (the content journeys read their first page)
  if (def.fields.some((f) => f.name === 'show')) data.show = false;
  return data;
}

/**
 * The rows a group refers to but does not create, made through the API in reference order (a program
 * first needs its activity), with the label the reference selects show for them.
 */
async function referencedRows(request: APIRequestContext, group: readonly string[]): Promise<Map<string, Saved>> {
  const saved = new Map<string, Saved>();
  const wanted = new Set<string>();
  const want = (name: string) => {
    if (wanted.has(name) || group.includes(name)) return;
    wanted.add(name);
    for (const f of editable(BY_NAME.get(name)!)) if (f.kind === 'ref' && f.required && BY_NAME.has(f.ref!) && f.ref !== name) want(f.ref!);
  };
  for (const name of group) for (const f of editable(BY_NAME.get(name)!)) if (f.kind === 'ref' && BY_NAME.has(f.ref!) && f.ref !== name) want(f.ref!);
  const headers = await adminHeaders(request);
  for (const def of ORDER.filter((d) => wanted.has(d.name))) {
    const data = apiRow(def, saved);
    const res = await request.post(`/api/admin/${def.name}`, { headers, data });
    expect(res.ok(), `${def.name} through the API: ${await res.text()}`).toBe(true);
    const id = Number((await res.json()).data.id);
    const named = def.fields.find((f) => ['name', 'title', 'label'].includes(f.name) && f.i18n);
    const refLabel = {
      zh: named ? `${String(data[`${named.name}Zh`])} (#${id})` : `#${id}`,
      en: named ? `${String(data[`${named.name}En`])} (#${id})` : `#${id}`,
    };
    saved.set(def.name, { name: def.name, id, refLabel });
  }
  return saved;
}

/** What the server kept of a saved row (numbers, references, uploads, both languages, the editor's markup). */
const KEPT: Record<string, (row: Record<string, unknown>, saved: Map<string, Saved>) => void> = {
  news: (news) => {
    expect(news.contentZh).toContain(`<h2>标题 ${stamp}</h2>`);
    expect(news.contentEn).toMatch(/<strong>bold words<\/strong>/);
    expect(news.contentEn).toMatch(/<ul><li><p>first point<\/p><\/li><\/ul>/);
    expect(news.cover).toBeTruthy();
  },
  programs: (row, saved) => expect(row).toMatchObject({ activityId: saved.get('activities')!.id, maxMembers: INTS.maxMembers, minAge: 8, maxAge: 16 }),
  officialFiles: (row, saved) => expect(row).toMatchObject({ year: YEAR, activityId: saved.get('activities')!.id, fileName: `officialFiles-${stamp}.pdf` }),
  photos: (row, saved) => expect(row.consoleId).toBe(saved.get('consoles')!.id),
  sessions: (row, saved) => expect(row).toMatchObject({ activityId: saved.get('activities')!.id, kind: 'online' }),
  tickets: (row, saved) => expect(row).toMatchObject({ sessionId: saved.get('sessions')!.id, type: 2, priceFen: 8000 }),
};

test('the save journeys cover every kind of field and layout of the creatable resources', () => {
  // Issue 35: every creatable resource, every field, is saved body for body by ResourceFormPage.save.test.tsx (the
  // form, jsdom, both languages) and created, read back, edited and read back by the server's save-bodies.test.ts;
  // the browser keeps one resource per field kind and layout. A kind of field added later without a journey fails here.
  const covered = new Set<string>();
  for (const { name, part } of GROUPS.flat().map(entry)) for (const f of fieldsOf(BY_NAME.get(name)!, part)) covered.add(f.kind);
  const used = new Set(CREATABLE.flatMap((d) => editable(d).map((f) => f.kind)));
  expect([...covered].sort()).toEqual([...used].sort());
  // a reference filtered by another field, and a bilingual field, are among them
  expect(GROUPS.flat().some((e) => fieldsOf(BY_NAME.get(entry(e).name)!, entry(e).part).some((f) => f.dependsOn))).toBe(true);
  expect(GROUPS.flat().some((e) => fieldsOf(BY_NAME.get(entry(e).name)!, entry(e).part).some((f) => f.i18n))).toBe(true);
  // a resource saved in parts is saved in each part once, and the parts hold every kind of field
  const parts = new Map<string, string[]>();
  for (const { name, part } of GROUPS.flat().map(entry)) parts.set(name, [...(parts.get(name) ?? []), part ?? 'whole']);
  for (const [name, got] of parts) expect(got.sort(), name).toEqual(got.includes('whole') ? ['whole'] : (Object.keys(PART_KINDS) as Part[]).sort());
  for (const def of CREATABLE) for (const f of editable(def)) expect(Object.values(PART_KINDS).flat(), `${def.name}.${f.name}`).toContain(f.kind);
});

for (const group of GROUPS) {
  test(`creatable admin resources created in one language, edited in the other and saved: ${group.join(', ')}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const entries = group.map(entry).sort((a, b) => ORDER.indexOf(BY_NAME.get(a.name)!) - ORDER.indexOf(BY_NAME.get(b.name)!));
    const saved = await referencedRows(
      request,
      entries.map((e) => e.name),
    );
    let current: Lang = LANGS.get(entries[0]!.name)![0];
    await page.setViewportSize({ width: 1440, height: 1000 });
    await startOnceIn(page, current);
    await loginAsAdmin(page, current);
    const useLang = async (lang: Lang) => {
      if (lang !== current) await switchAdminLanguage(page, lang);
      current = lang;
    };

    const typed: string[] = [];
    for (const { name, part } of entries) {
      const def = BY_NAME.get(name)!;
      const [createIn] = LANGS.get(name)!;
      await useLang(createIn);
      const t0 = Date.now();
      saved.set(name, await createThroughForm(page, createIn, def, saved, fieldsOf(def, part)));
      typed.push(part ? `${name}:${part}` : name);
      if (process.env.ADMIN_SAVE_TIMING) console.log(`create ${name} ${Date.now() - t0} ms`);
    }

    // The server kept what was typed.
    const headers = await adminHeaders(request);
    for (const { name } of entries) {
      const row = (await (await request.get(`/api/admin/${name}/${saved.get(name)!.id}`, { headers })).json()).data;
      KEPT[name]?.(row, saved);
    }

    const editOrder = [...entries].sort((a, b) => (LANGS.get(a.name)![1] === current ? 0 : 1) - (LANGS.get(b.name)![1] === current ? 0 : 1));
    for (const { name } of editOrder) {
      const [createIn, editIn] = LANGS.get(name)!;
      await useLang(editIn);
      const row = saved.get(name)!;
      const t0 = Date.now();
      const changed = await editThroughList(page, editIn, BY_NAME.get(name)!, row);
      if (process.env.ADMIN_SAVE_TIMING) console.log(`edit ${name} ${Date.now() - t0} ms`);
      const line = `saved ${name} #${row.id}: created in ${createIn}, edited in ${editIn} → "${changed}"`;
      test.info().annotations.push({ type: 'saved', description: line });
    }

    // Coverage: exactly this group's entries were saved through the screens (the rows they refer to: through the API).
    expect(typed.sort()).toEqual([...group].sort());
  });
}

test('staff pick the owner of new codes by phone or nickname; the dashboard counts the season; admin screens in both languages', async ({ page, request }) => {
  test.setTimeout(120_000);
  const parent = await registerMember(request, `E2E 家长 ${stamp}`);
  const headers = await adminHeaders(request);
  const found = (await (await request.get(`/api/admin/accounts?q=${parent.phone}`, { headers })).json()).content;
  expect(found).toHaveLength(1);
  const ownerId = found[0].id as number;

  await page.setViewportSize({ width: 1440, height: 1000 });
  await startOnceIn(page, 'zh');
  await loginAsAdmin(page, 'zh', '/admin/codes');
  const owner = controlOf(page, T('zh', 'admin:reg.owner'));
  // options read "600 · <name>": the id with its separator, so another activity whose name holds 600 is not taken
  await choose(page, T('zh', 'admin:reg.activity'), '600 · ');
  // by the phone number (the search takes its start: other journeys' members share the first digits, and the
  // list draws only the matches in view) …
  await owner.click();
  await owner.fill(parent.phone);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${parent.nickName} · ${parent.phone}` });
  await expect(option).toBeVisible();
  await shoot(page, 'admin-codes-owner-search-zh-1440.png');
  // … or by part of the nickname
  await owner.fill(`家长 ${stamp}`);
  await expect(option).toBeVisible();
  await option.click();
  await expect(itemControl(page, T('zh', 'admin:reg.owner'))).toContainText(`${parent.nickName} · ${parent.phone}`);
  await controlOf(page, T('zh', 'admin:reg.count')).fill('3');
  await clickAndSaved(page, page.getByRole('button', { name: T('zh', 'admin:reg.generate'), exact: true }));
  const codes = (await (await request.get(`/api/admin/redeemCodes?ownerUserId=${ownerId}&size=10`, { headers })).json()).content;
  expect(codes).toHaveLength(3);
  expect(codes.every((c: { activityId: number; ownerUserId: number }) => c.activityId === 600 && c.ownerUserId === ownerId)).toBe(true);

  // The dashboard: the season's counts, each card leading to its screen, in the chosen language.
  for (const lang of ['zh', 'en'] as const) {
    await useAdminLang(page, lang);
    await page
      .getByRole('navigation', { name: T(lang, 'admin:menu.label') })
      .getByRole('menuitem', { name: T(lang, 'admin:menu.dashboard'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'admin:dashboard.title'));
    const regs = page.getByRole('region', { name: T(lang, 'admin:dashboard.groups.registrations', { year: YEAR }) });
    await expect(regs.getByRole('link', { name: new RegExp(`^${T(lang, 'admin:options.codeStatus.available')}\\s*\\d+$`) })).toBeVisible();
    await expect(page.locator('main, #admin-main').first()).not.toContainText(lang === 'zh' ? 'Welcome' : '欢迎');
    await screensAtBothWidths(page, `admin-dashboard-${lang}`);
    await regs.getByRole('link', { name: new RegExp(T(lang, 'admin:dashboard.pendingReviews')) }).click();
    await expect(page).toHaveURL(/\/admin\/review$/);

    // the codes screen and the news editor in this language (pictures on demand)
    await page.goto('/admin/codes');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await screensAtBothWidths(page, `admin-codes-${lang}`);
    await page.goto('/admin/r/news/new');
    await expect(page.getByRole('toolbar').first()).toBeVisible({ timeout: 20_000 }); // the editor's own chunk
    await screensAtBothWidths(page, `admin-news-editor-${lang}`);
  }
});

/** Pictures of the page at 1440 and 390 px when E2E_SCREENSHOTS=1 (the page is left at 1440). */
async function screensAtBothWidths(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    await shoot(page, `${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

/** Switches the admin language when it differs (the language persists in the browser). */
async function useAdminLang(page: Page, lang: Lang) {
  const now = await page.evaluate(() => document.documentElement.lang);
  if (now !== (lang === 'zh' ? 'zh-CN' : 'en')) await switchAdminLanguage(page, lang);
}
