import { expect, test, type APIRequestContext, type APIResponse, type Page } from './support/test';
import zlib from 'node:zlib';
import { adminPage, adminShown } from './support/admin';
import { adminToken, L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { choose, createActivity, declareGuardian, giveCodes, idCard, userId } from './support/registration';

type Lang = 'zh' | 'en';
const R = (lang: Lang, key: string, p?: Record<string, string | number>) => L(lang, `registration:${key}`, p);
const A = (lang: Lang, key: string, p?: Record<string, string | number>) => L(lang, `admin:${key}`, p);
/** Full pages for lists; the viewport for drawers and dialogs, once their opening animation has ended. */
async function shot(page: Page, name: string, overlay = false) {
  await shoot(page, `review-${name}.png`, { fullPage: !overlay, settle: overlay });
}

/** A small portrait PNG (a face on a coloured ground), made here so no fixture file is needed. */
function portrait(bg: [number, number, number], w = 150, h = 200): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const face = (x - w / 2) ** 2 / 45 ** 2 + (y - h * 0.42) ** 2 / 55 ** 2 <= 1;
      const body = y > h * 0.72 && Math.abs(x - w / 2) < 60;
      const c = face ? [240, 200, 170] : body ? [40, 60, 120] : bg;
      raw.set(c, y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(res: APIResponse): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data;
}

/** Marks every message read, so the red dot shows only what the journey sends. */
async function readAll(request: APIRequestContext, headers: Record<string, string>) {
  const list = await (await request.get('/api/lMessage/web/list?page=0&size=50', { headers })).json();
  for (const m of list.content) await request.post('/api/lMessage/web/read', { headers, data: { id: m.id } });
}

/** An image that actually loaded (the private route answered the <img> with the session cookie). */
async function expectLoaded(img: ReturnType<Page['locator']>) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

for (const lang of ['zh', 'en'] as const) {
  test(`a reviewer sees the photo, fails one player and passes another by keyboard; the member is told (${lang})`, async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const n = Date.now() % 100000;
    const ava = lang === 'zh' ? `王小艾${n}` : `Ava ${n}`;
    const ben = lang === 'zh' ? `李小本${n}` : `Ben ${n}`;

    // the member: a team with a leading teacher (attachment) in a reviewed activity of this journey's own (its
    // review list empties when the two players are decided)
    const coach = await registerMember(request, `Review ${lang}`);
    const headers = coach.headers;
    await readAll(request, headers);
    const { id: activityId } = await createActivity(request, `Reviewed ${lang} ${n}`, { reviewRequired: true });
    const act = (await (await request.get(`/api/lActivity/web/listV2?id=${activityId}&award=true`)).json()).content[0];
    const program = act.programs[0];
    const letter = await ok(
      await request.post('/api/lCloudConfig/oss/upload', {
        headers,
        multipart: {
          kind: 'attachment',
          phone: '13912345678',
          file: { name: 'letter.png', mimeType: 'image/png', buffer: portrait([250, 250, 240], 120, 160) },
        },
      }),
    );
    const leader = await ok(
      await request.post('/api/lLeader', {
        headers,
        data: { activityId, name: lang === 'zh' ? '赵老师' : 'Ms Zhao', phone: '13912345678', photoUrl: letter },
      }),
    );
    const teamName = lang === 'zh' ? `审核队${n}` : `Review Team ${n}`;
    const team = await ok(
      await request.post('/api/lTeam/web/create', {
        headers,
        data: { activityId, name: teamName, program: { id: program.id }, leader: { id: leader.id } },
      }),
    );

    // the member adds a player with a photo through the form and submits it for review
    await setLang(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page.context(), coach.token);
    await page.goto(`/createTeamer?id=${activityId}`);
    await page.getByRole('button', { name: R(lang, 'players.add') }).click();
    await page.getByLabel(R(lang, 'field.name'), { exact: true }).fill(ava);
    await choose(page, R(lang, 'field.team'), teamName);
    await page.getByLabel(R(lang, 'field.card'), { exact: true }).fill(idCard(n, '20140506'));
    await page.getByLabel(R(lang, 'field.emerPhone'), { exact: true }).fill('13800138000');
    await page
      .locator('input[type="file"][accept="image/jpeg,image/png"]')
      .setInputFiles({ name: `${ava}.png`, mimeType: 'image/png', buffer: portrait([120, 180, 230]) });
    await page
      .getByRole('dialog', { name: R(lang, 'dialog.crop') })
      .getByRole('button', { name: R(lang, 'actions.confirm') })
      .click();
    await expect(page.getByText(R(lang, 'notice.avatarOk')).first()).toBeVisible();
    await page.getByRole('button', { name: R(lang, 'actions.save') }).click();
    const list = page.getByRole('list', { name: R(lang, 'players.withTeam') });
    await list.getByRole('button', { name: new RegExp(ava) }).click();
    await expect(page.getByRole('img', { name: R(lang, 'avatar.alt', { name: ava }) }).first()).toBeVisible();
    // submitting through the portal is the registration journey's subject; here the API does it
    const mine = (await (await request.get(`/api/lTeamMember/web/list?activityId=${activityId}&page=0&size=50`, { headers })).json()).content as {
      id: number;
      name: string;
      headImg: string | null;
    }[];
    const first = mine.find((m) => m.name === ava)!;
    expect(first.headImg).toMatch(/^\/api\/files\/private\//);
    await ok(await request.post('/api/lTeamMember/web/submit', { headers, data: [{ memberId: first.id }] }));

    // a second player, with a photo, through the API (submitted after the first)
    const photo = await ok(
      await request.post('/api/lCloudConfig/oss/upload', {
        headers,
        multipart: { phone: ben, file: { name: 'ben.png', mimeType: 'image/png', buffer: portrait([200, 230, 190]) } },
      }),
    );
    const second = await ok(
      await request.post('/api/lTeamMember/web/create', {
        headers,
        data: {
          activityId,
          name: ben,
          cardType: 0,
          card: idCard(n + 1, '20130808'),
          emerPhone: '13800138000',
          team: { id: team.id },
          program: { id: program.id },
          headImg: photo,
        },
      }),
    );
    await declareGuardian(request, headers, second.id);
    await ok(await request.post('/api/lTeamMember/web/submit', { headers, data: [{ memberId: second.id }] }));

    // the reviewer
    const admin = await adminPage(browser, lang, '/admin/review');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.getByLabel(A(lang, 'reg.activity')).click();
    await admin.keyboard.type(String(activityId)); // a season has more activities than the list shows at once
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${activityId} · `) }).click();
    const rowA = admin.getByRole('row', { name: new RegExp(ava) });
    const rowB = admin.getByRole('row', { name: new RegExp(ben) });
    await expectLoaded(rowA.getByRole('img', { name: A(lang, 'review.photoOf', { name: ava }) }));
    await expectLoaded(rowB.getByRole('img', { name: A(lang, 'review.photoOf', { name: ben }) }));
    await expect(rowA).toContainText('2014-05-06');
    await expect(rowA).toContainText(teamName);
    await expect(rowA.getByRole('link', { name: A(lang, 'review.attachmentOf', { name: leader.name }) })).toBeVisible();
    await expect(admin.getByText(A(lang, 'review.keyPass'))).toBeVisible();
    await shot(admin, `list-${lang}-1440`);

    // the detail: Enter opens it with the large photo and every field; Esc closes it
    await rowA.getByText(ava, { exact: true }).click();
    await expect(rowA).toBeFocused();
    await admin.keyboard.press('Enter');
    const drawer = admin.getByRole('dialog', { name: A(lang, 'review.detailTitle', { name: ava }) });
    await expect(drawer).toBeVisible();
    await expectLoaded(drawer.getByRole('img', { name: A(lang, 'review.photoOf', { name: ava }) }));
    for (const text of ['2014-05-06', teamName, A(lang, 'review.cardType0'), leader.name]) await expect(drawer).toContainText(text);
    // age on the event's first day, not today
    const begin = new Date(act.beginTime);
    const age = begin.getUTCFullYear() - 2014 - (begin.getUTCMonth() * 100 + begin.getUTCDate() < 4 * 100 + 6 ? 1 : 0);
    await expect(drawer.getByText(A(lang, 'review.ageValue_other', { count: age }), { exact: true })).toBeVisible();
    await shot(admin, `detail-${lang}-1440`, true);
    // the whole ID number on request (audited on the server), to compare with the ID photo
    await drawer.getByRole('button', { name: A(lang, 'review.showWhole') }).click();
    // saying why (issue 37: the look is logged with its purpose; a default purpose is offered)
    const why = admin.getByRole('dialog', { name: A(lang, 'review.purposeTitle') });
    await expect(why.getByRole('textbox')).toHaveValue(A(lang, 'review.purposeDefault'));
    await why.getByRole('button', { name: A(lang, 'review.showWhole') }).click();
    await expect(drawer).toContainText(idCard(n, '20140506'));
    await admin.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // phones: cards and the same drawer
    await admin.setViewportSize({ width: 390, height: 844 });
    const cardA = admin
      .getByRole('listitem')
      .filter({ hasText: ava })
      .filter({ has: admin.getByRole('button', { name: A(lang, 'review.detailsOf', { name: ava }) }) });
    await expectLoaded(cardA.getByRole('img', { name: A(lang, 'review.photoOf', { name: ava }) }));
    await shot(admin, `list-${lang}-390`);
    await cardA.getByRole('button', { name: A(lang, 'review.detailsOf', { name: ava }) }).click();
    await expect(drawer).toBeVisible();
    await expectLoaded(drawer.getByRole('img', { name: A(lang, 'review.photoOf', { name: ava }) }));
    await shot(admin, `detail-${lang}-390`, true);
    await admin.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await admin.setViewportSize({ width: 1440, height: 900 });

    // keyboard review: F opens the fail dialog, 1 picks a quick reason, Enter confirms; focus moves on; P passes
    await rowA.getByText(ava, { exact: true }).click();
    await admin.keyboard.press('f');
    const failDialog = admin.getByRole('dialog', { name: A(lang, 'review.failTitle', { name: ava }) });
    await expect(failDialog).toBeVisible();
    await admin.keyboard.press('Enter'); // empty: the reason is required
    await expect(failDialog.getByRole('alert')).toHaveText(A(lang, 'reg.reasonRequired'));
    await admin.keyboard.press('1');
    const reason = A(lang, 'review.reasons.photoUnclear');
    await expect(failDialog.getByLabel(A(lang, 'review.reasonLabel'))).toHaveValue(reason);
    await shot(admin, `fail-${lang}-1440`, true);
    await admin.keyboard.press('Enter');
    await expect(failDialog).toBeHidden();
    await expect(rowA).toHaveCount(0);
    await expect(rowB).toBeFocused();
    await admin.keyboard.press('p');
    await expect(rowB).toHaveCount(0);
    await expect(admin.getByText(A(lang, 'review.empty'))).toBeVisible();
    await admin.context().close();

    // the member: the red dot, then both messages in /msg in the page's language
    await page.reload();
    await expect(page.getByTestId('unread-dot')).toBeVisible();
    await page.goto('/msg');
    const failTitle = lang === 'zh' ? `审核未通过：${ava}` : `Review failed: ${ava}`;
    const passTitle = lang === 'zh' ? `审核通过：${ben}` : `Review passed: ${ben}`;
    await expect(page.getByText(passTitle)).toBeVisible();
    await page.getByText(failTitle).click();
    await expect(page.getByText(lang === 'zh' ? `原因：${reason}。` : `Reason: ${reason}.`)).toBeVisible();
    await shot(page, `member-messages-${lang}`);
    // the player shows the failure and its reason
    await page.goto(`/createTeamer?id=${activityId}`);
    await page
      .getByRole('list', { name: R(lang, 'players.withTeam') })
      .getByRole('button', { name: new RegExp(ava) })
      .click();
    await expect(page.getByText(reason).first()).toBeVisible();
  });
}

for (const lang of ['zh', 'en'] as const) {
  test(`staff reject a withdrawal with a required reason; the member is told (${lang})`, async ({ page, request }) => {
    const n = Date.now() % 100000;
    const coach = await registerMember(request, `Withdraw ${lang}`);
    const headers = coach.headers;
    await readAll(request, headers);
    const act = (await (await request.get('/api/lActivity/web/listV2?id=600&award=true')).json()).content[0];
    const program = act.programs.find((p: { type: number }) => p.type === 0) ?? act.programs[0];
    const team = await ok(await request.post('/api/lTeam/web/create', { headers, data: { activityId: 600, name: `W ${n}`, program: { id: program.id } } }));
    const name = lang === 'zh' ? `退赛${n}` : `Quit ${n}`;
    const member = await ok(
      await request.post('/api/lTeamMember/web/create', {
        headers,
        data: {
          activityId: 600,
          name,
          cardType: 0,
          card: idCard(n + 7, '20130303'),
          emerPhone: '13800138000',
          team: { id: team.id },
          program: { id: program.id },
        },
      }),
    );
    await declareGuardian(request, headers, member.id);
    await giveCodes(request, 600, await userId(request, headers), 1);
    await readAll(request, headers); // the codes message: checked by the API tests
    const code = (await (await request.get(`/api/lRedeemCode/web/pickCode?activityId=600&memberId=${member.id}`, { headers })).json()).data?.codeName;
    expect(code, 'a code to redeem').toBeTruthy();
    expect((await request.put('/api/lTeamMember/web/useCode', { headers, data: { id: member.id, activityId: 600, code } })).ok()).toBeTruthy();
    expect(
      (await request.post('/api/lTeamMember/web/withdraw', { headers, data: { name: 'moving', type: 3, teamMember: { id: member.id } } })).ok(),
    ).toBeTruthy();

    await setLang(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page.context(), await adminToken());
    await page.goto('/admin/withdrawals');
    await adminShown(page);
    await page.getByRole('button', { name: A(lang, 'withdrawal.rejectOf', { name }) }).click();
    const dialog = page.getByRole('dialog', { name: A(lang, 'withdrawal.rejectTitle', { name }) });
    // the reason field takes the focus as the dialog opens; Enter before that reached nothing (a flaky first try)
    await expect(dialog.getByLabel(A(lang, 'withdrawal.rejectReason'))).toBeFocused();
    await page.keyboard.press('Enter'); // empty: refused
    await expect(dialog.getByRole('alert')).toHaveText(A(lang, 'withdrawal.rejectReasonRequired'));
    const reason = lang === 'zh' ? '已过退赛截止日期' : 'Past the withdrawal deadline';
    await dialog.getByLabel(A(lang, 'withdrawal.rejectReason')).fill(reason);
    await shot(page, `withdrawal-reject-${lang}`, true);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await page.getByText(A(lang, 'reg.statusRejected'), { exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(reason);

    // one new message about this player (a journey beside this one may broadcast to every member meanwhile)
    const msgs = await (await request.get('/api/lMessage/web/list?page=0&size=10', { headers: { ...headers, 'accept-language': lang } })).json();
    const told = msgs.content.filter((m: { read: boolean; title: string }) => !m.read && m.title.includes(name));
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(lang === 'zh' ? `退赛申请被驳回：${name}` : `Withdrawal rejected: ${name}`);
    expect(told[0].content).toContain(lang === 'zh' ? `原因：${reason}。` : `Reason: ${reason}.`);
  });
}
