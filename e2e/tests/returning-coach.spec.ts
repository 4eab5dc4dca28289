import { expect, test, type APIRequestContext, type Page } from './support/test';
import sharp from 'sharp';
import { L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { choose, createActivity, idCard } from './support/registration';

/**
 * A returning coach (issue 24): last season's player copied into a new activity from the picker, with the
 * photo, without typing the ID number; and a wrong GB 11643 check digit said under the ID number field.
 */
const R = (lang: 'zh' | 'en', key: string, p?: Record<string, string | number>) => L(lang, `registration:${key}`, p);
const shot = (page: Page, name: string) => shoot(page, `returning-coach-${name}.png`, { fullPage: true, settle: true });
const WIDTH = { zh: 1440, en: 390 } as const;

async function photo(request: APIRequestContext, headers: Record<string, string>, activityId: number): Promise<string> {
  const jpeg = await sharp({ create: { width: 180, height: 252, channels: 3, background: { r: 70, g: 130, b: 180 } } })
    .jpeg()
    .toBuffer();
  const res = await request.post('/api/lCloudConfig/oss/upload', {
    headers,
    multipart: { phone: `Han${Date.now()}`, activityId: String(activityId), file: { name: 'han.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as string;
}

for (const lang of ['zh', 'en'] as const) {
  test(`a returning coach copies last season's player into a new activity without typing the ID number (${lang}, ${WIDTH[lang]} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await setLang(page, lang);
    await page.setViewportSize({ width: WIDTH[lang], height: 900 });
    const coach = await registerMember(request, `Returning ${lang}`);
    const seq = Date.now() % 1000;
    const name = `Han ${lang} ${seq}`;
    const card = idCard(seq, '20120506');

    // last season: the coach's player with a photo (preconditions through the API)
    const last = await createActivity(request, `Last season ${lang}`);
    const headImg = await photo(request, coach.headers, last.id);
    const earlier = await request.post('/api/lTeamMember/web/create', {
      headers: coach.headers,
      data: { activityId: last.id, name, cardType: 0, card, emerName: 'Parent', emerPhone: '13800138000', region: '86', headImg },
    });
    expect(earlier.ok(), await earlier.text()).toBe(true);
    // this season: a new activity and a team there
    const next = await createActivity(request, `This season ${lang}`);
    const programs = await (await request.get(`/api/lProgram/web/list?activityId=${next.id}&size=50`, { headers: coach.headers })).json();
    const teamName = `Eagles ${lang} ${seq}`;
    const team = await request.post('/api/lTeam/web/create', {
      headers: coach.headers,
      data: { activityId: next.id, name: teamName, program: { id: programs.content[0].id } },
    });
    expect(team.ok(), await team.text()).toBe(true);

    await signIn(page.context(), coach.token);
    await page.goto(`/createTeamer?id=${next.id}`);
    await page.getByRole('button', { name: R(lang, 'players.add') }).click();
    await page.getByRole('button', { name: R(lang, 'history.open') }).click();
    const dialog = page.getByRole('dialog', { name: R(lang, 'history.title') });
    const row = dialog.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(
      R(lang, 'history.from', { activity: lang === 'zh' ? `Last season ${lang}（测试赛）` : `Last season ${lang} (test event)` }),
    );
    await expect(row).toContainText(`110${'*'.repeat(11)}${card.slice(-4)}`);
    await expect(row.getByRole('img', { name: R(lang, 'avatar.alt', { name }) })).toHaveJSProperty('complete', true);
    await expect(dialog).not.toContainText(card); // the number travels masked only
    await shot(page, `picker-${lang}-${WIDTH[lang]}`);
    await row.getByRole('button', { name: R(lang, 'history.useOf', { name }) }).click();
    await expect(dialog).toBeHidden();

    // the form is filled, the photo too; the ID number stays masked and is not typed
    const cardInput = page.getByLabel(R(lang, 'field.card'), { exact: true });
    await expect(page.getByLabel(R(lang, 'field.name'), { exact: true })).toHaveValue(name);
    await expect(cardInput).toHaveValue(`110${'*'.repeat(11)}${card.slice(-4)}`);
    await expect(cardInput).toHaveAttribute('readonly', '');
    await expect(page.getByText(R(lang, 'history.cardKept'))).toBeVisible();
    const formPhoto = page.getByRole('img', { name: R(lang, 'avatar.alt', { name }) });
    await expect(formPhoto).toHaveAttribute('src', headImg);
    await expect(formPhoto).toHaveJSProperty('complete', true);
    await choose(page, R(lang, 'field.team'), teamName);
    await shot(page, `filled-${lang}-${WIDTH[lang]}`);
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    const list = page.getByRole('list', { name: R(lang, 'players.withTeam') });
    await expect(list.getByRole('button', { name: new RegExp(name) })).toBeVisible();

    // the new row holds the same number (encrypted again on the server) and the same photo
    const players = await (await request.get(`/api/lTeamMember/web/list?activityId=${next.id}`, { headers: coach.headers })).json();
    expect(players.content).toHaveLength(1);
    const detail = await (await request.get(`/api/lTeamMember/web/detail?id=${players.content[0].id}`, { headers: coach.headers })).json();
    expect(detail.data).toMatchObject({ name, card, headImg, team: { name: teamName } });
    await shot(page, `saved-${lang}-${WIDTH[lang]}`);
  });
}

for (const [lang, width] of [
  ['en', 390],
  ['zh', 1440],
] as const) {
  test(`a wrong ID check digit is said under the field (${lang}, ${width} px)`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: 900 });
    const coach = await registerMember(request, `Check digit ${lang}`);
    const activity = await createActivity(request, `Check digit ${lang}`);
    await signIn(page.context(), coach.token);
    await page.goto(`/createTeamer?id=${activity.id}`);
    await page.getByRole('button', { name: R(lang, 'players.add') }).click();
    await page.getByLabel(R(lang, 'field.name'), { exact: true }).fill(`Wrong digit ${lang}`);
    const good = idCard(Date.now() % 1000);
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(wrong);
    await page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }).fill('13800138000');
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    const item = page.locator('.ant-form-item').filter({ has: page.getByLabel(R(lang, 'field.card'), { exact: true }) });
    await expect(item).toContainText(lang === 'zh' ? '身份证号校验位不正确' : "The ID number's check digit is wrong");
    await expect(page.getByRole('alert').filter({ hasText: R(lang, 'formError.fields', { fields: R(lang, 'field.card') }) })).toBeVisible();
    await shot(page, `check-digit-${lang}-${width}`);
    // fixed: saved
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(good.slice(0, 17) + good[17]!.toLowerCase());
    await expect(item).not.toContainText(lang === 'zh' ? '身份证号校验位不正确' : "The ID number's check digit is wrong");
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    await expect(
      page.getByRole('list', { name: R(lang, 'players.withoutTeam') }).getByRole('button', { name: new RegExp(`Wrong digit ${lang}`) }),
    ).toBeVisible();
  });
}
