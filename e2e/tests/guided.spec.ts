import { expect, test, type Page } from './support/test';
import { L, registerMember, SCREENSHOTS, setLang, shoot, signIn } from './support/foundation';
import { choose, createActivity, giveCodes, idCard, updateActivity, userId } from './support/registration';

/** Issue 8 (coach side): the guided path from an empty activity to "registration complete", and a closed activity. */
const R = (lang: 'zh' | 'en', key: string, p?: Record<string, string | number>) => L(lang, `registration:${key}`, p);
/** i18next's plural form: English has one/other, Chinese only other. */
const P = (lang: 'zh' | 'en', key: string, count: number, p: Record<string, string | number> = {}) =>
  R(lang, `${key}_${lang === 'en' && count === 1 ? 'one' : 'other'}`, { count, ...p });
const headline = (lang: 'zh' | 'en', teams: number, registered: number, players: number) =>
  R(lang, 'guide.headline', { teams: P(lang, 'guide.teamCount', teams), registered, players: P(lang, 'guide.playerCount', players) });
const shot = (page: Page, name: string) => shoot(page, `reg-${name}.png`, { fullPage: true });
/** Pictures at both widths the issue asks for (E2E_SCREENSHOTS=1); the page is left at 1440. */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}
const HK = /Hong Kong|香港/;

for (const lang of ['zh', 'en'] as const) {
  test(`a coach follows the guided path to registration complete and prints the summary (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    const coach = await registerMember(request, `Guided ${lang}`);
    const { id, program } = await createActivity(request, `Guided ${lang}`, { avatarReferenceImage: true });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/lTeamMember/web/detail')) requests.push(r.url());
    });

    await signIn(page.context(), coach.token);
    await page.goto(`/activityEnter?id=${id}`);

    // empty: the stepper says nothing is done and the primary button is the first step
    await expect(page.getByRole('status').filter({ hasText: headline(lang, 0, 0, 0) })).toBeVisible();
    await expect(page.getByRole('group', { name: R(lang, 'guide.stepsLabel') })).toBeVisible();
    await shots(page, `guided-empty-${lang}`);

    // 1. team
    await page.getByRole('button', { name: R(lang, 'guide.next.createTeam'), exact: true }).click();
    await expect(page).toHaveURL(/\/createTeam\?id=\d+&new=1$/);
    const teamName = `Falcons ${lang}`;
    await page.getByLabel(R(lang, 'field.teamName'), { exact: true }).fill(teamName);
    await choose(page, R(lang, 'field.program'), program[lang]);
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    await expect(page.getByRole('button', { name: R(lang, 'team.chip', { name: teamName, count: 0, max: 3 }) })).toBeVisible();
    // read-only details are text, not disabled inputs
    const teamDetails = page.getByRole('definition').filter({ hasText: teamName });
    await expect(teamDetails.first()).toBeVisible();
    await expect(page.getByLabel(R(lang, 'field.teamName'), { exact: true })).toHaveCount(0);
    await shots(page, `team-read-${lang}`);

    // 2. players: the guide now asks for players and opens the new player form
    await page.getByRole('link', { name: R(lang, 'tabs.overview'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: headline(lang, 1, 0, 0) })).toBeVisible();
    await expect(page.getByText(R(lang, 'guide.state.needsPlayers')).first()).toBeVisible();
    await page.getByRole('button', { name: R(lang, 'guide.next.addPlayers'), exact: true }).click();
    await expect(page).toHaveURL(/\/createTeamer\?id=\d+&new=1$/);
    await expect(page.getByRole('img', { name: R(lang, 'avatar.referenceAlt') })).toBeVisible();
    const seq = Date.now() % 1000;
    const first = `Chan ${lang}`;
    await page.getByLabel(R(lang, 'field.name'), { exact: true }).fill(first);
    await choose(page, R(lang, 'field.team'), teamName);
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(idCard(seq));
    await choose(page, R(lang, 'field.region'), '+852');
    await page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }).fill('1234');
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    // a failed save: the banner names the field, the error sits under it and names the country
    const banner = page.getByRole('alert').filter({ hasText: R(lang, 'formError.fields', { fields: R(lang, 'field.emerPhone') }) });
    await expect(banner).toBeVisible();
    const phoneItem = page.locator('.ant-form-item').filter({ has: page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }) });
    await expect(phoneItem.getByText(HK)).toBeVisible();
    await shots(page, `player-error-${lang}`);
    // fixed: the error goes as soon as the field changes
    await page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }).fill('91234567');
    await expect(phoneItem.getByText(HK)).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    const list = page.getByRole('list', { name: R(lang, 'players.withTeam') });
    await expect(list.getByRole('button', { name: new RegExp(first) })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '+852 91234567' })).toBeVisible();

    // a second player whose ID number the server refuses (already registered): the banner names the field
    const second = `Lee ${lang}`;
    await page.getByRole('button', { name: R(lang, 'players.add') }).click();
    await page.getByLabel(R(lang, 'field.name'), { exact: true }).fill(second);
    await choose(page, R(lang, 'field.team'), teamName);
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(idCard(seq));
    await page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }).fill('13800138000');
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    const cardBanner = page.getByRole('alert').filter({ hasText: R(lang, 'formError.fields', { fields: R(lang, 'field.card') }) });
    await expect(cardBanner).toBeVisible();
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(idCard(seq + 1));
    await expect(cardBanner).toHaveCount(0);
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    await expect(list.getByRole('button', { name: new RegExp(second) })).toBeVisible();
    await shots(page, `player-read-${lang}`);

    // 3. codes: the guide points at redeeming; the coach gets a code for each player and redeems it
    await giveCodes(request, id, await userId(request, coach.headers), 2);
    await page.getByRole('link', { name: R(lang, 'tabs.overview'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: headline(lang, 1, 0, 2) })).toBeVisible();
    await expect(page.getByText(R(lang, 'guide.state.codesPending')).first()).toBeVisible();
    await shots(page, `guided-codes-${lang}`);
    await page.getByRole('button', { name: R(lang, 'guide.next.redeem'), exact: true }).click();
    await expect(page.getByRole('dialog', { name: R(lang, 'dialog.batchRedeem') })).toBeVisible();
    await page.keyboard.press('Escape');
    for (const name of [first, second]) {
      await list.getByRole('button', { name: new RegExp(name) }).click();
      const code = page.getByRole('textbox', { name: `${R(lang, 'field.code')} ${name}`, exact: true });
      await page.getByRole('button', { name: R(lang, 'actions.getCode') }).click();
      await expect(code).not.toHaveValue('');
      await page.getByRole('button', { name: R(lang, 'actions.redeem'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: R(lang, 'notice.registered') })).toBeVisible();
    }

    // 4. done: registration complete, per team and overall
    await page.getByRole('link', { name: R(lang, 'tabs.overview'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: headline(lang, 1, 2, 2) })).toBeVisible();
    await expect(page.getByText(R(lang, 'guide.complete')).first()).toBeVisible();
    await shots(page, `guided-done-${lang}`);

    // the printable summary: teams, members with masked ID numbers, codes and status
    await page.getByRole('button', { name: R(lang, 'guide.next.summary'), exact: true }).click();
    await expect(page.getByRole('heading', { name: R(lang, 'summary.title') })).toBeVisible();
    const table = page.getByRole('table', { name: teamName });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('cell', { name: /^110\*+/ })).toHaveCount(2);
    await expect(table.getByRole('cell', { name: R(lang, 'payStatus.3') })).toHaveCount(2);
    await expect(page.getByText(idCard(seq))).toHaveCount(0);
    await shots(page, `summary-${lang}`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: R(lang, 'summary.print') })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await shot(page, `summary-print-${lang}`);
    await page.emulateMedia({ media: 'screen' });

    // on a phone, tapping a player brings its detail into view
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/createTeamer?id=${id}`);
    await list
      .getByRole('button', { name: new RegExp(second) })
      .tap()
      .catch(() => list.getByRole('button', { name: new RegExp(second) }).click());
    await expect(page.getByRole('heading', { name: second, level: 2 })).toBeInViewport();
    await shot(page, `player-tap-${lang}-390`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // the delete-teams dialog keeps the team with registered players out of reach, saying why
    await page.goto(`/createTeam?id=${id}`);
    await page.getByRole('button', { name: R(lang, 'team.delete') }).click();
    const del = page.getByRole('dialog', { name: R(lang, 'dialog.deleteTeams') });
    await expect(del.getByRole('checkbox', { name: new RegExp(teamName) })).toBeDisabled();
    await expect(del.getByText(P(lang, 'dialog.teamHasRegistered', 2))).toBeVisible();
    await shot(page, `delete-teams-${lang}-1440`);

    // no detail request without an id was sent along the way
    expect(requests.filter((u) => !/[?&]id=\d+/.test(u))).toEqual([]);
  });

  test(`a closed activity shows every write control disabled with the reason (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    const coach = await registerMember(request, `Closed ${lang}`);
    const { id, program } = await createActivity(request, `Closed ${lang}`);
    const headers = coach.headers;
    const team = await request.post('/api/lTeam/web/create', {
      headers,
      data: {
        activityId: id,
        name: `Owls ${lang}`,
        program: { id: (await (await request.get(`/api/lActivity/web/listV2?id=${id}&award=true`)).json()).content[0].programs[0].id },
      },
    });
    expect(team.ok(), await team.text()).toBeTruthy();
    const teamId = (await team.json()).data.id;
    const player = await request.post('/api/lTeamMember/web/create', {
      headers,
      data: {
        activityId: id,
        name: `Ho ${lang}`,
        cardType: 0,
        card: idCard(Date.now() % 1000, '20120506'),
        team: { id: teamId },
        emerPhone: '91234567',
        region: '852',
      },
    });
    expect(player.ok(), await player.text()).toBeTruthy();
    // sign-up ends
    await updateActivity(request, id, { signUpEnd: new Date(Date.now() - 86_400_000).toISOString() });
    expect(program[lang]).toBeTruthy();

    await signIn(page.context(), coach.token);
    await page.goto(`/createTeamer?id=${id}`);
    const reason = page.locator('#reg-closed-reason');
    await expect(reason).toContainText(R(lang, 'lock.viewOnly'));
    for (const key of ['players.add', 'players.delete', 'players.assign', 'players.changeProgram', 'players.batchRedeem', 'batch.import', 'batch.avatars']) {
      const button = page.getByRole('button', { name: R(lang, key), exact: true });
      await expect(button, key).toBeDisabled();
      await expect(button, key).toHaveAttribute('aria-describedby', 'reg-closed-reason');
    }
    await expect(page.getByRole('button', { name: R(lang, 'batch.export') })).toBeEnabled();
    // the reason on hover too
    await page.locator('.reg-locked').first().hover();
    await expect(page.getByRole('tooltip')).toContainText(lang === 'en' ? 'Sign-up ended' : '报名已于');
    await page
      .getByRole('list', { name: R(lang, 'players.withTeam') })
      .getByRole('button', { name: new RegExp(`Ho ${lang}`) })
      .click();
    await expect(page.getByRole('definition').filter({ hasText: '+852 91234567' })).toBeVisible();
    for (const key of ['actions.edit', 'actions.redeem', 'actions.getCode'])
      await expect(page.getByRole('button', { name: R(lang, key), exact: true }), key).toBeDisabled();
    await shots(page, `closed-players-${lang}`);

    await page.getByRole('link', { name: R(lang, 'tabs.teams'), exact: true }).click();
    for (const key of ['team.create', 'team.delete', 'team.bindOrg'])
      await expect(page.getByRole('button', { name: R(lang, key), exact: true }), key).toBeDisabled();
    await page.getByRole('button', { name: new RegExp(`Owls ${lang}`) }).click();
    await expect(page.getByRole('button', { name: R(lang, 'actions.edit'), exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: R(lang, 'actions.remove'), exact: true })).toBeDisabled();
    await shots(page, `closed-teams-${lang}`);

    await page.getByRole('link', { name: R(lang, 'tabs.teachers'), exact: true }).click();
    await expect(page.getByRole('button', { name: R(lang, 'teachers.add'), exact: true })).toBeDisabled();

    // the guide offers only the summary
    await page.getByRole('link', { name: R(lang, 'tabs.overview'), exact: true }).click();
    await expect(page.getByRole('button', { name: R(lang, 'guide.next.summary'), exact: true })).toBeVisible();
    await shots(page, `closed-guided-${lang}`);

    // and the server refuses a write with the same reason
    const refused = await request.post('/api/lTeamMember/web/create', {
      headers: { ...headers, 'accept-language': lang },
      data: { activityId: id, name: 'Late', cardType: 0, card: idCard(7, '20120707') },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('REGISTRATION_CLOSED');
  });
}
