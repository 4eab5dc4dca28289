import { expect, test, type Page } from './support/test';
import { L, registerMember, setLang, shoot, signIn } from './support/foundation';
import { adminHeaders } from './support/content';
import { adminPage, choose, clickAndSaved, control as controlOf } from './support/admin';
import { teamOfTwo } from './support/registration';

/**
 * Issue 12, people around the competition: a question in the help widget (or the user center at phone
 * width) answered by staff from the inbox, the answer arriving while the panel is open (no reload).
 */
// the help widget is fixed to the window: a full-page capture would resize the window under it
const shot = (page: Page, name: string, fullPage = true) => shoot(page, `people-${name}.png`, { fullPage });

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a member asks the organisers; staff answer from the inbox with a FAQ answer; the answer arrives without a reload (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).slice(-5);
    // a FAQ entry staff can answer with
    const headers = await adminHeaders(request);
    const faq = await request.post('/api/admin/faqs', {
      headers,
      data: {
        questionZh: `如何退款 ${stamp}`,
        questionEn: `How do refunds work ${stamp}`,
        answerZh: `在我的订单中申请退款 ${stamp}`,
        answerEn: `Ask for it under My orders ${stamp}`,
        sort: 0,
      },
    });
    expect(faq.ok(), await faq.text()).toBe(true);

    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    const member = await registerMember(request, `Parent ${stamp}`);
    const question = lang === 'zh' ? `比赛当天几点入场？${stamp}` : `When do doors open on the day? ${stamp}`;
    let panel = page.locator('body');
    if (width > 1200) {
      // the widget (window wider than 1200): visitors see the FAQ and a prompt to log in
      await page.goto('/home');
      await page.getByRole('button', { name: L(lang, 'help:openLabel') }).click();
      panel = page.getByRole('dialog', { name: L(lang, 'help:title') });
      await panel.getByRole('tab', { name: L(lang, 'help:tabs.consult') }).click();
      await expect(panel.getByText(L(lang, 'help:consult.loginHint'))).toBeVisible();
      await shot(page, `widget-visitor-${lang}-${width}`, false);
      // its link leads to the login page and back here (the login form: foundation's journey)
      await panel.getByRole('link', { name: L(lang, 'help:consult.login') }).click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
      await signIn(page.context(), member.token);
      await page.goto('/home');
      await page.getByRole('button', { name: L(lang, 'help:openLabel') }).click();
      await panel.getByRole('tab', { name: L(lang, 'help:tabs.consult') }).click();
    } else {
      // narrower: the user center's consultation tab
      await signIn(page.context(), member.token);
      await page.goto('/userCenter?t=9');
    }
    const box = panel.getByLabel(L(lang, 'help:consult.question'));
    // over 200 characters cannot be typed; an empty question is refused where it is typed
    await panel.getByRole('button', { name: L(lang, 'help:consult.send') }).click();
    await expect(panel.getByText(L(lang, 'help:consult.empty'))).toBeVisible();
    await box.fill('问'.repeat(250));
    await expect(box).toHaveValue('问'.repeat(200));
    await expect(panel.getByText(L(lang, 'help:consult.counter', { n: 200, max: 200 }))).toBeVisible();
    await box.fill(question);
    await panel.getByRole('button', { name: L(lang, 'help:consult.send') }).click();
    const lines = panel.getByRole('list', { name: L(lang, 'help:consult.history') });
    await expect(lines.getByText(question)).toBeVisible();
    await expect(box).toHaveValue('');

    // staff: waiting first; the FAQ answer as a canned reply
    const staff = await adminPage(browser, lang, '/admin/consult');
    await staff.getByRole('button', { name: new RegExp(`Parent ${stamp}`) }).click();
    await expect(staff.getByRole('list', { name: L(lang, 'admin:consult.lines') }).getByText(question)).toBeVisible();
    await staff.getByRole('combobox', { name: L(lang, 'admin:consult.canned') }).click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: lang === 'zh' ? `如何退款 ${stamp}` : `How do refunds work ${stamp}` })
      .first()
      .click();
    const answer = lang === 'zh' ? `在我的订单中申请退款 ${stamp}` : `Ask for it under My orders ${stamp}`;
    await expect(staff.getByLabel(L(lang, 'admin:consult.reply'), { exact: true })).toHaveValue(answer);
    await shoot(staff, `admin-consult-${lang}-1440.png`, { fullPage: true });
    await staff.getByRole('button', { name: L(lang, 'admin:consult.send') }).click();
    await expect(staff.getByRole('list', { name: L(lang, 'admin:consult.lines') }).getByText(answer)).toBeVisible();
    await staff.setViewportSize({ width: 390, height: 844 });
    await shoot(staff, `admin-consult-${lang}-390.png`, { fullPage: true });

    // the member's open panel shows the answer by itself (10 s poll), without a reload
    await expect(lines.getByText(answer)).toBeVisible({ timeout: 25_000 });
    await expect(lines.getByText(L(lang, 'help:consult.staff'), { exact: false })).toBeVisible();
    await shot(page, `consult-${lang}-${width}`, width <= 1200);

    // staff send a system message to every member; the member reads it under /msg
    await staff.setViewportSize({ width: 1440, height: 1000 });
    await staff.goto('/admin/broadcast');
    await staff.getByLabel(L(lang, 'admin:broadcast.titleZh')).fill(`赛前通知 ${stamp}`);
    await staff.getByLabel(L(lang, 'admin:broadcast.titleEn')).fill(`Before the event ${stamp}`);
    await staff.getByLabel(L(lang, 'admin:broadcast.contentZh')).fill('请提前 30 分钟入场');
    await staff.getByLabel(L(lang, 'admin:broadcast.contentEn')).fill('Please arrive 30 minutes early');
    for (const w of [1440, 390]) {
      await staff.setViewportSize({ width: w, height: w > 800 ? 1000 : 844 });
      await shoot(staff, `admin-broadcast-${lang}-${w}.png`, { fullPage: true });
    }
    await staff.getByRole('button', { name: L(lang, 'admin:broadcast.send') }).click();
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: L(lang, 'admin:broadcast.send') })
      .click();
    await expect(staff.getByText(/已发送给|Sent to/).first()).toBeVisible();
    await staff.context().close();
    await page.goto('/msg');
    await expect(page.getByText(lang === 'zh' ? `赛前通知 ${stamp}` : `Before the event ${stamp}`)).toBeVisible();
  });
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a 16-year-old applies as a volunteer with a guardian's consent; staff admit them; the state shows in the user center (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).slice(-5);
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    const member = await registerMember(request, `Volunteer ${stamp}`);
    await signIn(page.context(), member.token);
    await page.goto('/volunteer_pc?id=600');
    await expect(page.getByRole('heading', { name: L(lang, 'people:volunteer.title') })).toBeVisible();
    await shot(page, `volunteer-${lang}-${width}`);

    // an empty form says what is missing, in the reader's language
    await page.getByRole('button', { name: L(lang, 'people:volunteer.submit') }).click();
    await expect(page.getByText(L(lang, 'people:volunteer.pickPosition'))).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(lang === 'zh' ? '赛场引导' : 'Venue guide') }).check();
    await page.getByLabel(L(lang, 'people:form.name')).fill(`志愿者 ${stamp}`);
    await page.getByLabel(L(lang, 'people:form.phone'), { exact: true }).fill(member.phone);
    await page.getByLabel(L(lang, 'people:form.birthDate')).fill(`${new Date().getFullYear() - 16}-03-01`);
    await page.getByLabel(L(lang, 'people:volunteer.availability')).fill(lang === 'zh' ? '比赛三天全天' : 'All three days');
    // a minor: the guardian's part appears and the consent is needed
    await page.getByLabel(L(lang, 'people:volunteer.guardianName')).fill(lang === 'zh' ? '王妈妈' : 'Mum');
    await page.getByLabel(L(lang, 'people:volunteer.guardianPhone')).fill('13900007777');
    await page.getByRole('button', { name: L(lang, 'people:volunteer.submit') }).click();
    await expect(page.getByText(L(lang, 'people:volunteer.consentNeeded'))).toBeVisible();
    await shot(page, `volunteer-form-${lang}-${width}`);
    await page.getByRole('checkbox', { name: L(lang, 'people:volunteer.consent') }).check();
    await page.getByRole('button', { name: L(lang, 'people:volunteer.submit') }).click();
    await expect(page.getByRole('heading', { name: L(lang, 'people:volunteer.yours') })).toBeVisible();
    await expect(page.getByText(L(lang, 'people:volunteer.state.applied'), { exact: true })).toBeVisible();

    // staff admit the application through its admin form
    const headers = await adminHeaders(request);
    const rows = (await (await request.get(`/api/admin/volunteers?name=${encodeURIComponent(stamp)}`, { headers })).json()).content;
    expect(rows).toHaveLength(1);
    const staff = await adminPage(browser, lang, `/admin/r/volunteers/${rows[0].id}`);
    await choose(staff, L(lang, 'admin:fields.volunteers.status'), L(lang, 'admin:options.volunteerState.admitted'));
    await controlOf(staff, L(lang, 'admin:fields.volunteers.groupName')).fill('A');
    await shoot(staff, `admin-volunteer-${lang}-1440.png`, { fullPage: true });
    await clickAndSaved(staff, staff.getByRole('button', { name: L(lang, 'common:actions.save') }));
    await staff.goto('/admin/r/volunteers');
    await expect(staff.getByRole('row').filter({ hasText: stamp })).toContainText(L(lang, 'admin:options.volunteerState.admitted'));
    await staff.setViewportSize({ width: 390, height: 844 });
    await shoot(staff, `admin-volunteers-${lang}-390.png`, { fullPage: true });
    await staff.context().close();

    // the person sees it in the user center and is told by a system message
    await page.goto('/userCenter?t=5');
    await expect(page.getByText(L(lang, 'people:volunteer.state.admitted'), { exact: true })).toBeVisible();
    await shot(page, `volunteering-${lang}-${width}`);
    await page.goto('/msg');
    await expect(page.getByText(lang === 'zh' ? '志愿者报名状态更新' : 'Your volunteer application was updated')).toBeVisible();
  });
}

for (const { lang, width } of [
  { lang: 'zh', width: 1440 },
  { lang: 'en', width: 390 },
] as const) {
  test(`a training centre becomes a channel partner; a bound team pays through the sandbox; the rebate accrues and is withdrawn (${lang}, ${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).slice(-5);
    const org = lang === 'zh' ? `星火机器人中心 ${stamp}` : `Spark Robotics ${stamp}`;
    await setLang(page, lang);
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    const partner = await registerMember(request, `Partner ${stamp}`);
    await signIn(page.context(), partner.token);
    await page.goto('/userCenter?t=6');
    await expect(page.getByRole('heading', { name: L(lang, 'people:channel.applyTitle') })).toBeVisible();
    await page.getByLabel(L(lang, 'people:channel.name')).fill(org);
    await page.getByLabel(L(lang, 'people:channel.address')).fill(lang === 'zh' ? '北京市朝阳区' : 'Chaoyang, Beijing');
    await page.getByLabel(L(lang, 'people:channel.contactName')).fill(lang === 'zh' ? '张老师' : 'Ms Zhang');
    await page.getByLabel(L(lang, 'people:channel.contactPhone')).fill('13800009999');
    await shot(page, `channel-apply-${lang}-${width}`);
    await page.getByRole('button', { name: L(lang, 'people:channel.apply') }).click();
    await expect(page.getByText(L(lang, 'people:channel.waiting', { name: org }))).toBeVisible();

    // staff approve it at 5 %
    const staff = await adminPage(browser, lang, '/admin/channels');
    await staff.getByRole('button', { name: L(lang, 'admin:channels.approveOf', { name: org }) }).click();
    await expect(staff.getByRole('dialog').getByLabel(L(lang, 'admin:channels.ratio'))).toBeVisible();
    await shoot(staff, `admin-channels-${lang}-1440.png`, { fullPage: true, settle: true });
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: L(lang, 'admin:channels.approve') })
      .click();
    await expect(staff.getByRole('button', { name: L(lang, 'admin:channels.approveOf', { name: org }) })).toHaveCount(0);

    // the partner's code; a coach binds a team of two to it and pays their fees through the sandbox
    await page.reload();
    const code = (await page.getByTestId('channel-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const coach = await registerMember(request, `Coach ${stamp}`);
    const headers = coach.headers;
    // an activity whose refund switch is off: a paid fee is final at once
    const { activityId, teamId } = await teamOfTwo(request, headers, `Channel ${stamp}`, { refundEnabled: false });
    const check = await (await request.get(`/api/lOrg/web/check?orgCode=${code}`, { headers })).json();
    const bind = await request.post('/api/lTeam/web/batchBindOrg', {
      headers,
      data: { activityId, orgId: check.data.id, orgCode: code, teamIds: [String(teamId)] },
    });
    expect(bind.ok(), await bind.text()).toBe(true);
    const order = (await (await request.post('/api/lTeam/web/pay', { headers, data: { activityId, teamId } })).json()).data;
    const pay = (await (await request.post('/api/lOrder/web/pay', { headers, data: { orderNo: order.orderNo, channel: 'sandbox' } })).json()).data;
    const gateway = await browser.newPage();
    await gateway.goto(pay.action.url);
    await gateway.getByRole('button', { name: /^(确认支付|Pay)$/ }).click();
    await gateway.close();

    // 2 × ¥980 at 5 % = ¥98.00, final at once; withdrawn to a bank card, staff record the payment
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('channel-available')).toContainText('¥98.00', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, `channel-partner-${lang}-${width}`);
    await page.getByLabel(L(lang, 'people:channel.accountName')).fill(lang === 'zh' ? '星火' : 'Spark');
    // an account number of this journey's own: staff find this withdrawal by it (others may wait beside it)
    const account = `62220000${String(Date.now()).slice(-8)}`;
    await page.getByLabel(L(lang, 'people:channel.account'), { exact: true }).fill(account);
    await page.getByLabel(L(lang, 'people:channel.bankName')).fill(lang === 'zh' ? '工商银行' : 'ICBC');
    await page.getByRole('button', { name: L(lang, 'people:channel.withdraw') }).click();
    await expect(page.getByText(L(lang, 'people:channel.withdrawal.paying'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('channel-available')).toContainText('¥0.00');
    await staff.reload();
    await clickAndSaved(
      staff,
      staff
        .getByRole('row')
        .filter({ hasText: account })
        .getByRole('button', { name: L(lang, 'admin:channels.complete') }),
    );
    await staff.setViewportSize({ width: 390, height: 844 });
    await shoot(staff, `admin-channels-${lang}-390.png`, { fullPage: true });
    await staff.context().close();
    await page.reload();
    await expect(page.getByText(L(lang, 'people:channel.withdrawal.completed'), { exact: true })).toBeVisible();
    await shot(page, `channel-withdrawn-${lang}-${width}`);
  });
}
