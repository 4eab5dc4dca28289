import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { adminPage } from './support/admin';
import { T, type Lang } from './support/content';
import { adminAuth, pageAs, registerMember, shoot, tokenOf } from './support/foundation';
import { createActivity, idCard, memberAuth } from './support/registration';

// distinct per worker process (a retried test's role code must not clash with its first try's)
let seq = Date.now() % 1_000_000;

/** An open activity with one coach's team; returns the activity, its names and the team. */
async function activityWithTeam(request: APIRequestContext, name: string, coach: Record<string, string>) {
  // kept off the public lists, so the content journeys still find the seeded activities on the first page
  const a = await createActivity(request, name, { show: false });
  const programs = await request.get(`/api/admin/programs?activityId=${a.id}&page=0&size=5`, { headers: await adminAuth(request) });
  const programId = Number((await programs.json()).content[0].id);
  const member = { name: 'Li Lei', cardType: 0, card: idCard(seq++), emerName: 'Parent', emerPhone: '13800138000', region: '86' };
  const res = await request.post('/api/lTeam/web/batchCreate', {
    headers: coach,
    data: { activityId: a.id, team: { name: `${name} team`, program: { id: programId } }, members: [member] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const teams = await request.get(`/api/admin/teams?activityId=${a.id}&page=0&size=5`, { headers: await adminAuth(request) });
  const team = (await teams.json()).content[0] as { id: number; name: string };
  return { id: a.id, zh: `${name}（测试赛）`, en: `${name} (test event)`, team };
}

/** Types `text` into a searchable multiple select and takes the first match with Enter, until its tag shows in `scope`. */
async function pickTyped(page: Page, box: Locator, scope: Locator, text: string) {
  const chosen = scope.locator('.ant-select-selection-item', { hasText: text });
  await expect(async () => {
    if (await chosen.count()) return;
    await box.fill(text);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: text })).toBeAttached({ timeout: 5_000 });
    await box.press('Enter');
    await expect(chosen).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Issue 14's journey: the administrator builds a regional role limited to one activity and gives it to a
 * person; that person sees only that activity's teams and dashboard and is refused the other's; the
 * audit trail shows their edit. zh at 1440 px, en at 390 px.
 */
for (const [lang, width] of [
  ['zh', 1440],
  ['en', 390],
] as const satisfies readonly (readonly [Lang, number])[]) {
  test(`a regional role limited to one activity (${lang}, ${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const coach = await registerMember(request, `Coach ${lang}`);
    const coachH = coach.headers;
    const tag = `${lang}${seq}`;
    const north = await activityWithTeam(request, `North ${tag}`, coachH);
    const south = await activityWithTeam(request, `South ${tag}`, coachH);
    const person = await registerMember(request, `Regional ${lang}`);
    const code = `north-${lang}-${seq}`;
    const roleName = { zh: `北区组织者${seq}`, en: `North organiser ${seq}` };

    // 1. the administrator builds the role through the role editor
    const admin = await adminPage(browser, lang, '/admin/roles', width);
    await admin.getByRole('button', { name: T(lang, 'admin:access.newRole') }).click();
    const drawer = admin.getByRole('dialog', { name: T(lang, 'admin:access.newRole') });
    await drawer.getByLabel(T(lang, 'admin:access.code')).fill(code);
    await drawer.getByLabel(T(lang, 'admin:access.nameZh')).fill(roleName.zh);
    await drawer.getByLabel(T(lang, 'admin:access.nameEn')).fill(roleName.en);
    await drawer.getByRole('radio', { name: T(lang, 'admin:access.scopeSome') }).check();
    // typed and taken with Enter, as a person would in a long list: the list is virtual (it draws only the options in
    // view) and a popup re-placed after typing can sit outside the viewport, where a click cannot land
    await pickTyped(admin, drawer.getByLabel(T(lang, 'admin:access.scopeActivities')), drawer, north[lang]);
    await drawer.getByText(T(lang, 'admin:access.capabilities'), { exact: true }).click();
    // a capability a limited role may not hold is disabled
    await expect(drawer.getByRole('checkbox', { name: T(lang, 'admin:access.perm.usersManage') })).toBeDisabled();
    // … while the dedicated screens of an activity's work may be given to it (issue 24)
    await expect(drawer.getByRole('checkbox', { name: T(lang, 'admin:access.perm.payments') })).toBeEnabled();
    const teams = T(lang, 'admin:resources.teams');
    const activities = T(lang, 'admin:resources.activities');
    for (const [res, action] of [
      [teams, 'view'],
      [teams, 'edit'],
      [activities, 'view'],
    ] as const)
      await drawer.getByRole('checkbox', { name: `${res} · ${T(lang, `admin:access.action.${action}`)}` }).check();
    await drawer.getByRole('checkbox', { name: T(lang, 'admin:access.perm.adminAccess') }).check();
    await admin.getByRole('button', { name: T(lang, 'admin:access.save') }).click();
    await expect(admin.getByRole('cell', { name: code, exact: true })).toBeVisible({ timeout: 30_000 });
    await shoot(admin, `access-roles-${lang}-${width}.png`, { fullPage: true });

    // 2. … and gives it to the person on the accounts screen
    await admin.goto(`/admin/users?q=${person.phone}`);
    await admin.getByRole('button', { name: T(lang, 'admin:users.editTitle', { name: person.nickName }) }).click();
    const dialog = admin.getByRole('dialog');
    // typed and taken with Enter (the role list grows with retries and other tests' roles)
    await pickTyped(admin, dialog.getByLabel(T(lang, 'admin:users.columns.roles')), dialog, roleName[lang]);
    await dialog.getByText(T(lang, 'admin:users.editTitle', { name: person.nickName })).click();
    await dialog.getByRole('button', { name: T(lang, 'admin:access.save') }).click();
    await expect(admin.getByRole('cell', { name: new RegExp(roleName[lang]) })).toBeVisible();
    await shoot(admin, `access-users-${lang}-${width}.png`, { fullPage: true });

    // the account now holds the role (and with it the admin area)
    const personH = await memberAuth(request, person.phone, person.password); // a session opened after the grant
    const info = await (await request.get('/auth/info', { headers: personH })).json();
    expect(info.user.roles).toContain(code);
    expect(info.user.permissions).toEqual(expect.arrayContaining(['admin.access', 'teams.view', 'teams.edit']));

    // 3. the person signs in: the menu has their screens only, the list their activity's team only
    const page = await pageAs(browser, tokenOf(personH), lang, '/admin/r/teams', width);
    const ctx = page.context();
    await expect(page).toHaveURL(/\/admin\/r\/teams$/);
    await expect(page.getByRole('cell', { name: north.team.name })).toBeVisible();
    await expect(page.getByRole('cell', { name: south.team.name })).toHaveCount(0);
    // no delete, no export beyond what was granted
    await expect(page.getByRole('button', { name: T(lang, 'admin:resource.deleteRow', { id: String(north.team.id) }) })).toHaveCount(0);
    await expect(page.getByRole('button', { name: T(lang, 'admin:resource.export') })).toHaveCount(0);
    if (width < 800) await page.getByRole('button', { name: T(lang, 'admin:menu.open') }).click();
    const nav = page.getByRole('navigation', { name: T(lang, 'admin:menu.label') });
    await expect(nav.getByRole('menuitem', { name: teams })).toBeVisible();
    await expect(nav.getByRole('menuitem', { name: T(lang, 'admin:resources.players') })).toHaveCount(0);
    await expect(nav.getByRole('menuitem', { name: T(lang, 'admin:menu.roles') })).toHaveCount(0);
    if (width < 800) await page.keyboard.press('Escape');

    // they rename their activity's team through the form
    await page.goto(`/admin/r/teams/${north.team.id}`);
    const renamed = `${north.team.name} renamed`;
    await page.getByLabel(T(lang, 'admin:fields.teams.name'), { exact: true }).fill(renamed);
    await page.getByRole('button', { name: T(lang, 'common:actions.save') }).click();
    await expect(page.getByText(lang === 'en' ? 'Saved' : '编辑成功').first()).toBeVisible();

    // the other activity's team: refused, with the reason
    await page.goto(`/admin/r/teams/${south.team.id}`);
    await expect(page.getByText(lang === 'en' ? 'This activity is outside your data scope' : '该活动不在您的数据范围内')).toBeVisible();
    // the dashboard holds their activity only
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, `access-regional-dashboard-${lang}-${width}.png`, { fullPage: true });
    const dash = await page.evaluate(async () => {
      const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1];
      const res = await fetch('/api/admin/dashboard', { headers: token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {} });
      return (await res.json()) as { data: { charts?: { activities: { id: number }[] } } };
    });
    if (dash.data.charts) expect(dash.data.charts.activities.map((a) => a.id)).toEqual([north.id]);
    await ctx.close();

    // 4. the audit trail shows their edit, before → after
    await admin.goto(`/admin/audit?resource=teams&recordId=${north.team.id}`);
    // (the field by its label, issue 24)
    await expect(admin.getByRole('cell', { name: `${T(lang, 'admin:fields.teams.name')}: ${north.team.name} → ${renamed}` })).toBeVisible();
    await shoot(admin, `access-audit-${lang}-${width}.png`, { fullPage: true });

    // 5. bulk actions: tick the two teams, export just them (a job with a progress bar, then the file); the list is
    // narrowed to this journey's teams (other journeys add teams meanwhile)
    await admin.goto(`/admin/r/teams?name=${encodeURIComponent(`${tag} team`)}`);
    for (const team of [north.team, south.team])
      await admin.getByRole('checkbox', { name: T(lang, 'admin:bulkActions.select', { id: String(team.id) }) }).check();
    const bar = admin.getByRole('region', { name: T(lang, 'admin:bulkActions.label') });
    await expect(bar).toContainText(lang === 'en' ? '2 selected' : '已选 2 项');
    const download = admin.waitForEvent('download');
    await bar.getByRole('button', { name: T(lang, 'admin:bulkActions.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^teams-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(admin.getByText(lang === 'en' ? '2 rows exported.' : '已导出 2 行。')).toBeVisible();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    await shoot(admin, `access-bulk-export-${lang}-${width}.png`);
    await admin.context().close();
  });
}
