import { expect, test } from './support/test';
import { adminHeaders, startIn, T } from './support/content';
import { registerMember, shoot, signIn } from './support/foundation';
import { adminPage } from './support/admin';

/**
 * Issue 14's remaining resources, end to end: a member writes to the organisers from the about page
 * (zh), staff answer in the admin, the member reads the answer as a system message; the activity page
 * shows its live stream as a link (en, phone width).
 */

test('a member’s message from the about page is answered by staff and arrives as a system message (zh)', async ({ page, request, browser }) => {
  const member = await registerMember(request, 'E2E Feedback');
  const text = `能否增加周末场次？ ${Date.now().toString(36)}`;
  await startIn(page, 'zh');
  await page.goto('/about');
  const form = page.locator('#about-feedback');
  // its link leads to the login page and back here (the login form: foundation's journey)
  await form.getByRole('link', { name: T('zh', 'feedback:login') }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fabout/);
  await signIn(page.context(), member.token);
  await page.goto('/about');
  await form.getByLabel(T('zh', 'feedback:content')).fill(text);
  await form.getByLabel(T('zh', 'feedback:contact')).fill('e2e@example.org');
  await form.getByRole('button', { name: T('zh', 'feedback:send') }).click();
  await expect(form.getByRole('status')).toHaveText(T('zh', 'feedback:sent'));
  await shoot(page, 'season-feedback-zh-1440.png');

  const h = await adminHeaders(request);
  const found = await request.get(`/api/admin/feedback?content=${encodeURIComponent(text)}`, { headers: h });
  const id = (await found.json()).content[0].id as number;
  const admin = await adminPage(browser, 'zh', `/admin/r/feedback/${id}`);
  const answer = '会的，下个月公布。';
  await admin.getByLabel(T('zh', 'admin:fields.feedback.answer'), { exact: true }).fill(answer);
  await admin.getByRole('button', { name: T('zh', 'common:actions.save') }).click();
  await expect(admin.getByText(T('zh', 'admin:options.feedbackStatus.answered')).first()).toBeVisible();
  await admin.context().close();

  await page.goto('/msg');
  await page.getByText('组委会回复了您的留言').first().click();
  await expect(page.getByText(answer, { exact: false }).first()).toBeVisible();
});

test('the activity page lists its live streams as links (en, 390 px)', async ({ page, request }) => {
  const h = await adminHeaders(request);
  const activity = await request.post('/api/admin/activities', {
    headers: h,
    data: { nameZh: '直播测试赛', nameEn: 'Live stream cup', year: 2026, beginTime: '2026-12-01T01:00:00Z', finishTime: '2026-12-02T09:00:00Z' },
  });
  const activityId = (await activity.json()).data.id as number;
  await page.setViewportSize({ width: 390, height: 844 });
  await startIn(page, 'en');
  // none yet: no live block at all
  await page.goto(`/activityOrder?id=${activityId}`);
  await expect(page.getByRole('heading', { name: 'Live stream cup', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: T('en', 'content:activity.lives') })).toHaveCount(0);

  const live = await request.post('/api/admin/lives', {
    headers: h,
    data: { activityId, titleZh: '决赛直播', titleEn: 'The final, live', url: 'https://live.example.org/final', startTime: '2026-12-02T06:00:00Z' },
  });
  expect(live.ok()).toBe(true);
  await page.reload();
  const link = page.getByRole('link', { name: /The final, live/ });
  await expect(link).toHaveAttribute('href', 'https://live.example.org/final');
  await expect(link).toHaveAttribute('target', '_blank');
  const box = await link.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await link.scrollIntoViewIfNeeded();
  await shoot(page, 'season-live-en-390.png');
});
