import { expect, test } from './support/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { adminAuth, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { createActivity } from './support/registration';

/**
 * Issue 13, certificates anyone can verify: staff grant an award; the certificate picture's QR code (decoded
 * here with jsQR) opens the public verification page, which confirms it in the reader's language; a void or
 * unknown number says so; the page's own form checks a typed number.
 */
for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a certificate's QR code opens the verification page that confirms it (${lang}, ${width}px)`, async ({ page, request }) => {
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const headers = await adminAuth(request);
    const { id: activityId } = await createActivity(request, `Awards ${lang}`);
    const programId = (await (await request.get(`/api/lProgram/web/list?activityId=${activityId}&size=50`)).json()).content[0].id;
    // a team award needs a team: the activity's first team is made by the admin's own account, with its coach
    const leader = await request.post('/api/lLeader', { headers, data: { activityId, name: `Coach Lin ${lang}`, phone: '13900002222' } });
    expect(leader.ok(), await leader.text()).toBe(true);
    const team = await request.post('/api/lTeam/web/create', {
      headers,
      data: { activityId, name: `Falcons ${lang}`, program: { id: programId }, leader: { id: (await leader.json()).data.id } },
    });
    expect(team.ok(), await team.text()).toBe(true);
    const award = await request.post('/api/admin/awards', { headers, data: { activityId, nameZh: '一等奖', nameEn: 'First prize', kind: 'team' } });
    const granted = await request.post('/api/admin/awards/grant', {
      headers,
      data: { awardId: (await award.json()).data.id, teamIds: [(await team.json()).data.id] },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
    const cert = (await granted.json()).data[0];

    // the picture, and the address in its QR code
    const png = await request.get(`/api/lAward/cert/${cert.certCode}`);
    expect(png.headers()['content-type']).toBe('image/png');
    const { data, info } = await sharp(await png.body())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(qr?.data).toMatch(new RegExp(`/verify/${cert.certCode}$`));

    await page.goto(new URL(qr!.data).pathname);
    await expect(page.getByRole('status').filter({ hasText: L(lang, 'awards:verify.genuine') })).toBeVisible();
    await expect(page.getByText(lang === 'zh' ? '一等奖' : 'First prize', { exact: true })).toBeVisible();
    await expect(page.getByText(`Falcons ${lang}`)).toBeVisible();
    await shoot(page, `awards-verify-${lang}-${width}.png`, { fullPage: true });

    // a number that is not a certificate's
    await page.getByLabel(L(lang, 'awards:verify.input')).fill('ABCDEFGHJKLMNPQR');
    await page.getByRole('button', { name: L(lang, 'awards:verify.check') }).click();
    await expect(page).toHaveURL(/\/verify\/ABCDEFGHJKLMNPQR$/);
    await expect(page.getByRole('alert').filter({ hasText: lang === 'zh' ? '证书编号不存在或已作废' : 'No valid certificate has this number' })).toBeVisible();
    // a malformed one is caught before it is sent
    await page.getByLabel(L(lang, 'awards:verify.input')).fill('123');
    await page.getByRole('button', { name: L(lang, 'awards:verify.check') }).click();
    await expect(page.getByText(L(lang, 'awards:verify.format'))).toBeVisible();
    await shoot(page, `awards-verify-unknown-${lang}-${width}.png`, { fullPage: true });
    // typed in lower case, the real one is found
    await page.getByLabel(L(lang, 'awards:verify.input')).fill(cert.certCode.toLowerCase());
    await page.getByRole('button', { name: L(lang, 'awards:verify.check') }).click();
    await expect(page.getByRole('status').filter({ hasText: L(lang, 'awards:verify.genuine') })).toBeVisible();

    // a family without the team's account: the team number and the coach's name find the certificate
    const number = (await team.json()).data.number as string;
    await page.getByLabel(L(lang, 'awards:lookup.teamCode')).fill(number);
    await page.getByLabel(L(lang, 'awards:lookup.name')).fill(`Coach Wrong ${lang}`);
    await page.getByRole('button', { name: L(lang, 'awards:lookup.find') }).click();
    await expect(page.getByRole('alert').filter({ hasText: lang === 'zh' ? '未找到成员信息' : 'Member information not found' })).toBeVisible();
    await page.getByLabel(L(lang, 'awards:lookup.name')).fill(`coach lin ${lang}`);
    await page.getByRole('button', { name: L(lang, 'awards:lookup.find') }).click();
    const found = page.getByRole('list', { name: L(lang, 'awards:lookup.results') }).getByRole('listitem');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(lang === 'zh' ? '一等奖' : 'First prize');
    await shoot(page, `awards-lookup-${lang}-${width}.png`, { fullPage: true });
    await found.getByRole('link', { name: L(lang, 'awards:mine.verify') }).click();
    await expect(page).toHaveURL(new RegExp(`/verify/${cert.certCode}$`));
  });
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a judge scores three teams on the phone-width page; staff see the ranking (${lang}, ${width}px)`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const headers = await adminAuth(request);
    const { id: activityId } = await createActivity(request, `Judging ${lang}`);
    const programId = (await (await request.get(`/api/lProgram/web/list?activityId=${activityId}&size=50`)).json()).content[0].id;
    const coach = await registerMember(request, `Coach ${lang}`);
    const coachHeaders = coach.headers;
    const names = ['Falcons', 'Tigers', 'Pandas'].map((n) => `${n} ${lang}`);
    for (const name of names) {
      const r = await request.post('/api/lTeam/web/create', { headers: coachHeaders, data: { activityId, name, program: { id: programId } } });
      expect(r.ok(), await r.text()).toBe(true);
    }
    const judge = await registerMember(request, `Judge ${lang}`);
    const added = await request.post('/api/admin/judges', { headers, data: { activityId, programId, phone: judge.phone } });
    expect(added.ok(), await added.text()).toBe(true);

    // the judge is told (system message) and finds the scoring page in the account menu (issue 24)
    const told =
      (await (await request.get('/api/lMessage/web/list?type=1&page=0&size=20', { headers: { ...judge.headers, 'accept-language': lang } })).json()).content ??
      [];
    expect(JSON.stringify(told)).toContain(L(lang, 'nav:userMenu.judge'));
    await signIn(page.context(), judge.token);
    await page.goto('/home');
    // the account menu: inside the burger's panel on a narrow window
    if (width <= 1240) await page.getByRole('button', { name: L(lang, 'nav:openMenu') }).click();
    await page.getByRole('button', { name: new RegExp(`Judge ${lang}`) }).click();
    await page.getByRole('link', { name: L(lang, 'nav:userMenu.judge') }).click();
    await expect(page).toHaveURL(/\/judge/);
    await page.goto(`/judge?activityId=${activityId}`);
    await expect(page.getByRole('heading', { name: L(lang, 'awards:judge.title') })).toBeVisible();
    const box = (name: string) =>
      page
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('spinbutton', { name: L(lang, 'awards:judge.scoreOf', { team: name, min: 0, max: 100 }) });
    // 150 is refused with the range, not turned into 100
    const first = page.getByRole('listitem').filter({ hasText: names[0]! });
    await box(names[0]!).fill('150');
    await expect(first.getByRole('alert')).toHaveText(L(lang, 'awards:judge.outOfRange', { min: 0, max: 100 }));
    await expect(first.getByRole('button', { name: L(lang, 'awards:judge.save') })).toBeDisabled();
    await expect(box(names[0]!)).toHaveValue('150');
    await shoot(page, `awards-judge-range-${lang}-${width}.png`, { fullPage: true });
    const scores = [92.5, 88, 95];
    for (const [i, name] of names.entries()) {
      const team = page.getByRole('listitem').filter({ hasText: name });
      await box(name).fill(String(i === 1 ? 80 : scores[i]));
      await team.getByRole('button', { name: L(lang, 'awards:judge.save') }).click();
      await expect(team.getByText(L(lang, 'awards:judge.scored', { score: i === 1 ? 80 : scores[i]! }))).toBeVisible();
    }
    // a slip corrected before the results are published
    const second = page.getByRole('listitem').filter({ hasText: names[1]! });
    await second.getByRole('button', { name: L(lang, 'awards:judge.correct') }).click();
    await box(names[1]!).fill('88');
    await second.getByRole('button', { name: L(lang, 'awards:judge.saveCorrection') }).click();
    await expect(second.getByText(L(lang, 'awards:judge.scored', { score: 88 }))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await shoot(page, `awards-judge-${lang}-${width}.png`, { fullPage: true });

    const ranking = (await (await request.get(`/api/lAward/web/ranking?activityId=${activityId}&programId=${programId}`, { headers })).json()).data.rows;
    expect(ranking.map((r: { teamName: string; rank: number; total: number }) => [r.rank, r.teamName, r.total])).toEqual([
      [1, names[2], 95],
      [2, names[0], 92.5],
      [3, names[1], 88],
    ]);
  });
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a coach downloads the team's certificate from the user center (${lang}, ${width}px)`, async ({ page, request }) => {
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const headers = await adminAuth(request);
    const { id: activityId } = await createActivity(request, `Certificates ${lang}`);
    const programId = (await (await request.get(`/api/lProgram/web/list?activityId=${activityId}&size=50`)).json()).content[0].id;
    const coach = await registerMember(request, `Cert coach ${lang}`);
    const coachHeaders = coach.headers;
    const team = await request.post('/api/lTeam/web/create', { headers: coachHeaders, data: { activityId, name: `Owls ${lang}`, program: { id: programId } } });
    const award = await request.post('/api/admin/awards', { headers, data: { activityId, nameZh: '二等奖', nameEn: 'Second prize', kind: 'team' } });
    const granted = await request.post('/api/admin/awards/grant', {
      headers,
      data: { awardId: (await award.json()).data.id, teamIds: [(await team.json()).data.id] },
    });
    expect(granted.ok(), await granted.text()).toBe(true);

    await signIn(page.context(), coach.token);
    await page.goto('/userCenter?t=10');
    const item = page.getByRole('listitem').filter({ hasText: `Owls ${lang}` });
    await expect(item).toContainText(lang === 'zh' ? '二等奖' : 'Second prize');
    await shoot(page, `awards-mine-${lang}-${width}.png`, { fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name: L(lang, 'awards:mine.download') }).click()]);
    expect(download.suggestedFilename()).toBe(`Owls ${lang}_二等奖.png`);
    await item.getByRole('button', { name: L(lang, 'awards:mine.verify') }).click();
    await expect(page.getByRole('status').filter({ hasText: L(lang, 'awards:verify.genuine') })).toBeVisible();
  });
}
