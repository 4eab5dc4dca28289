import { expect, test, type Page } from './support/test';
import { adminHeaders, LANGS, picture, scrollThrough, seedBigAlbum, startIn, switchLanguage, T, type Lang } from './support/content';
import { adminToken, SCREENSHOTS, shoot, signIn } from './support/foundation';
import { adminShown } from './support/admin';
import { createActivity } from './support/registration';
import { nextFrame, overflowX, visit } from './support/sweep';
import { smallTargets } from './support/targets';
import { runAxe } from './support/axe';
import { localizePath } from '../../apps/web/src/lib/lang-path';

/** Every public content page of this issue, with a seeded id where the page needs one. */
const PAGES = [
  { name: 'home', path: '/home' },
  { name: 'news', path: '/news' },
  { name: 'news-detail', path: '/newsDetail?id=1' },
  { name: 'pasted', path: '/pasted' },
  { name: 'pictures', path: '/pictures' },
  { name: 'pictures-detail', path: '/picturesDetail?consoleId=1' },
  { name: 'program', path: '/program' },
  { name: 'program-info', path: '/programInfo?id=1' },
  { name: 'activity', path: '/activity' },
  { name: 'activity-order', path: '/activityOrder?id=600' },
  { name: 'registration', path: '/registration' },
  { name: 'rules', path: '/rules' },
  { name: 'partner', path: '/partner' },
  { name: 'about', path: '/about' },
] as const;

const year = new Date().getUTCFullYear();

/** The administrator, signed in by the worker's API session (the login form is foundation's journey). */
async function asAdmin(page: Page, target: string) {
  await signIn(page.context(), await adminToken());
  await page.goto(target);
  await adminShown(page);
}

/** Pictures of the whole page (lazy images loaded first) when E2E_SCREENSHOTS=1. */
async function fullPictures(page: Page, file: string) {
  if (!SCREENSHOTS) return;
  await scrollThrough(page);
  await shoot(page, file, { fullPage: true });
}

test.describe('content journeys', () => {
  test('a visitor goes home → news article → gallery, scrolls for more, steps through the lightbox and downloads an original', async ({ page, request }) => {
    test.setTimeout(120_000);
    const album = await seedBigAlbum(request, 130);
    await startIn(page, 'zh');

    await page.goto('/home');
    const latest = page.getByRole('region', { name: T('zh', 'home:news.title') });
    const article = latest.getByRole('listitem').first().getByRole('link');
    const articleTitle = (await article.textContent())!.trim();
    await article.click();
    await expect(page).toHaveURL(/\/newsDetail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(articleTitle);
    await expect(page).toHaveTitle(new RegExp(articleTitle));

    await page
      .getByRole('navigation', { name: T('zh', 'nav:mainLabel') })
      .getByRole('link', { name: T('zh', 'nav:pasted') })
      .click();
    await expect(page).toHaveURL(/\/pasted$/);
    await page.getByRole('link', { name: album.consoleName.zh }).click();
    await expect(page).toHaveURL(new RegExp(`/picturesDetail\\?consoleId=${album.consoleId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(album.consoleName.zh);

    // The first page (100) comes with the page; the tab shows loaded/total.
    const tab = page.getByRole('tab', { name: T('zh', 'content:gallery.tab', { name: album.albumName.zh, loaded: 100, total: 130 }) });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const grid = page.getByRole('list', { name: T('zh', 'content:gallery.gridLabel', { name: album.albumName.zh }) });
    const tiles = grid.getByRole('button');
    await expect(tiles).toHaveCount(100);

    // Near the bottom the next page loads by itself (keyset cursor, 100 per request): the wheel turns until it has.
    await page.mouse.move(400, 400);
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(tiles).toHaveCount(130, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: T('zh', 'content:gallery.tab', { name: album.albumName.zh, loaded: 130, total: 130 }) })).toBeVisible();
    await expect(page.getByText(T('zh', 'content:gallery.allLoaded'))).toBeVisible();

    // Lightbox: open, next by button and by ArrowRight, back by ArrowLeft, download the original, Esc.
    await tiles.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(T('zh', 'content:gallery.lightbox.position', { index: 1, total: 130 }));
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/files\/public\/pictures\//);
    await dialog.getByRole('button', { name: T('zh', 'content:gallery.lightbox.next') }).click();
    await expect(dialog).toContainText(T('zh', 'content:gallery.lightbox.position', { index: 2, total: 130 }));
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText(T('zh', 'content:gallery.lightbox.position', { index: 3, total: 130 }));
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toContainText(T('zh', 'content:gallery.lightbox.position', { index: 2, total: 130 }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: T('zh', 'content:gallery.lightbox.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^e2e-\d{3}\.png$/);
    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tiles.nth(1)).toBeFocused();
  });

  test('gallery states: missing parameter, unknown album, filter needs a choice, filter and sort', async ({ page }) => {
    for (const lang of LANGS) {
      await startIn(page, lang);
      await page.goto('/picturesDetail');
      await expect(page.getByRole('alert').filter({ hasText: T(lang, 'content:gallery.missingParam') })).toBeVisible();
      await page.goto('/picturesDetail?consoleId=999999');
      await expect(page.getByRole('alert').filter({ hasText: T(lang, 'content:gallery.albumNotFound') })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
    }

    await startIn(page, 'en');
    await page.goto('/picturesDetail?consoleId=1');
    const search = page.getByRole('search', { name: T('en', 'content:gallery.filter.label') });
    await search.getByRole('button', { name: T('en', 'content:gallery.filter.search') }).click();
    await expect(search.getByRole('alert')).toHaveText(T('en', 'content:gallery.filter.pickFirst'));

    // album tabs show loaded/total, and keep doing so under a filter (the filtered totals, every tab)
    const tabs = page.getByRole('tablist', { name: T('en', 'content:gallery.albums') }).getByRole('tab');
    await expect(tabs.last()).toHaveText(/ \d+\/\d+$/);
    const totalOf = async (i: number) => Number(/\/(\d+)$/.exec((await tabs.nth(i).textContent()) ?? '')?.[1]);
    const before = [await totalOf(0), await totalOf(1)];
    await search.getByLabel(T('en', 'content:gallery.filter.field')).selectOption('teamName');
    await search.getByLabel(T('en', 'content:gallery.filter.value')).fill('Falcons');
    await search.getByRole('button', { name: T('en', 'content:gallery.filter.search') }).click();
    await expect(
      page.getByText(T('en', 'content:gallery.filter.active', { field: T('en', 'content:gallery.filter.teamName'), value: 'Falcons' })),
    ).toBeVisible();
    for (const i of [0, 1]) await expect(tabs.nth(i)).toHaveText(/ \d+\/\d+$/);
    await expect.poll(() => totalOf(1)).toBeLessThan(before[1]!);
    await expect(tabs.nth(1)).toHaveText(/ 0\/[1-9]\d*$/);
    expect(await totalOf(0)).toBeLessThan(before[0]!);
    const tiles = page.getByRole('tabpanel').getByRole('list').getByRole('button');
    await expect(tiles.first()).toBeVisible();
    for (const alt of await tiles.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))) expect(alt).toContain('Falcons');

    const newest = await tiles.first().locator('img').getAttribute('src');
    await page.getByLabel(T('en', 'content:gallery.sort.label')).selectOption('asc');
    await expect.poll(async () => tiles.first().locator('img').getAttribute('src')).not.toBe(newest);
  });

  // (that the login form then leads back to the redirect: foundation's journey through the login form)
  test("the register button takes a visitor to login with the activity's entry to come back to", async ({ page }) => {
    await startIn(page, 'zh');
    await page.goto('/activityOrder?id=600');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${year} 国际青少年机器人大赛（北京站）`);
    await expect(page.getByRole('cell', { name: '¥980.00' })).toBeVisible();
    await page.getByRole('link', { name: T('zh', 'content:activity.register') }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FactivityEnter%3Fid%3D600$/);
  });

  test('an administrator creates a news item in both languages and visitors read it in each', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const zh = { title: `端到端新闻 ${stamp}`, summary: '中文摘要', content: `<p>中文正文 ${stamp}</p><script>alert(1)</script>` };
    const en = { title: `E2E news ${stamp}`, summary: 'English summary', content: `<p>English body ${stamp}</p>` };
    await startIn(page, 'zh');
    await asAdmin(page, '/admin/r/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('zh', 'admin:resources.news'));
    // The menu lists every content resource.
    for (const key of ['news', 'activities', 'programs', 'officialFiles', 'partners', 'about', 'dictionary', 'consoles', 'photos', 'pictures']) {
      await expect(page.getByRole('menuitem', { name: T('zh', `admin:resources.${key}`), exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: T('zh', 'admin:resource.create') }).click();
    await expect(page).toHaveURL(/\/admin\/r\/news\/new$/);

    const label = (field: string, lang: Lang) =>
      T('zh', 'admin:form.langLabel', { label: T('zh', `admin:fields.news.${field}`), lang: T('zh', `admin:form.lang.${lang}`) });
    // Saving without the Chinese title is refused on the form.
    await page.getByRole('button', { name: T('zh', 'common:actions.save') }).click();
    await expect(page.getByText(T('zh', 'admin:form.required')).first()).toBeVisible();

    await page.getByLabel(label('title', 'zh')).fill(zh.title);
    await page.getByLabel(label('title', 'en')).fill(en.title);
    await page.getByLabel(label('summary', 'zh')).fill(zh.summary);
    await page.getByLabel(label('summary', 'en')).fill(en.summary);
    // rich text: the editor's HTML source mode takes the raw HTML (script included, to see it removed)
    for (const [lang, html] of [
      ['zh', zh.content],
      ['en', en.content],
    ] as const) {
      const field = label('content', lang);
      await page
        .getByRole('toolbar', { name: T('zh', 'admin:editor.toolbar', { label: field }) })
        .getByRole('button', { name: T('zh', 'admin:editor.source') })
        .click();
      await page.getByLabel(T('zh', 'admin:editor.sourceLabel', { label: field })).fill(html);
    }
    // (the script is removed on save: the visitor's page below has none)
    await page.getByRole('button', { name: T('zh', 'common:actions.save') }).click();
    await expect(page).toHaveURL(/\/admin\/r\/news\/\d+$/);

    // Visitors: newest first on /news, in Chinese …
    await page.goto('/news');
    const first = page
      .getByRole('list', { name: T('zh', 'content:news.title') })
      .getByRole('listitem')
      .first();
    await expect(first.getByRole('link')).toHaveText(zh.title);
    await first.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.title);
    await expect(page.getByRole('main')).toContainText(`中文正文 ${stamp}`);
    expect(await page.locator('main script').count()).toBe(0);

    // … and in English after switching the language in the header: the content refetches.
    await switchLanguage(page, 'zh', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
    await expect(page.getByRole('main')).toContainText(`English body ${stamp}`);
    await expect(page).toHaveTitle(new RegExp(en.title));
    // (in-app navigation: a reload would run the test's start-in-Chinese script again)
    await page
      .getByRole('navigation', { name: T('en', 'nav:mainLabel') })
      .getByRole('link', { name: T('en', 'nav:news') })
      .click();
    await expect(
      page
        .getByRole('list', { name: T('en', 'content:news.title') })
        .getByRole('listitem')
        .first()
        .getByRole('link'),
    ).toHaveText(en.title);
  });

  test('an administrator bulk-uploads pictures into an album: progress, a result per file, retry of the failed', async ({ page, request }) => {
    const album = await seedBigAlbum(request, 0);
    await startIn(page, 'zh');
    await asAdmin(page, `/admin/r/photos/${album.photoId}`);
    const card = page.locator('.ant-card').filter({ hasText: T('zh', 'admin:bulk.title') });
    await card.getByLabel(T('zh', 'admin:fields.pictures.teamName')).fill('Bulk Team');
    const files = [];
    for (let i = 0; i < 4; i++) files.push({ name: `bulk-${i}.png`, mimeType: 'image/png', buffer: await picture(200 + i) });
    // Claims to be a PNG but is not: the server refuses it by content.
    files.push({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await card.locator('input[type=file]').setInputFiles(files);
    await card.getByRole('button', { name: T('zh', 'admin:bulk.upload', { count: 5 }) }).click();
    await expect(card.getByRole('status')).toHaveText(T('zh', 'admin:bulk.summary', { done: 5, total: 5, ok: 4, failed: 1 }));
    await expect(card.locator('.ant-progress')).toBeVisible();
    await expect(card.getByRole('row').filter({ hasText: 'fake.png' })).toContainText(T('zh', 'admin:bulk.status.error'));
    await expect(card.getByRole('row').filter({ hasText: 'bulk-0.png' })).toContainText(T('zh', 'admin:bulk.status.ok'));
    await card.getByRole('button', { name: T('zh', 'admin:bulk.retry', { count: 1 }) }).click();
    await expect(card.getByRole('status')).toHaveText(T('zh', 'admin:bulk.summary', { done: 1, total: 1, ok: 4, failed: 1 }));

    // The team name reached the pictures: the public gallery filters by it.
    const res = await request.post('/api/lGlobalMessage/pictureListNoToken', { data: { photoId: album.photoId, teamName: 'Bulk Team' } });
    expect(JSON.parse((await res.json()).data).totalCount).toBe(4);
    const headers = await adminHeaders(request);
    const row = await (await request.get(`/api/admin/photos/${album.photoId}`, { headers })).json();
    expect(row.data.pictureCount).toBe(4);

    // The generic list of pictures, filtered by album: export, and delete with confirmation.
    await page.goto(`/admin/r/pictures?photoId=${album.photoId}`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T('zh', 'admin:resource.export') }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^pictures-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await rows.first().getByRole('button').last().click();
    const confirm = page.getByRole('dialog').filter({ hasText: T('zh', 'admin:resource.deleteTitle') });
    await confirm.getByRole('button', { name: T('zh', 'common:actions.cancel') }).click();
    await expect(page.getByText(T('zh', 'admin:resource.cancelled'))).toBeVisible();
    await expect(rows).toHaveCount(4);
    await rows.first().getByRole('button').last().click();
    await confirm.getByRole('button', { name: T('zh', 'admin:resource.delete') }).click();
    await expect(rows).toHaveCount(3);
  });

  test('switching the language changes the content too (activity names)', async ({ page, request }) => {
    // an activity of its own, the newest, so on the list's first page whatever the journeys beside this one add
    const stamp = Date.now().toString(36);
    await createActivity(request, `Bilingual ${stamp}`);
    const zhName = `Bilingual ${stamp}（测试赛）`;
    const enName = `Bilingual ${stamp} (test event)`;
    await startIn(page, 'zh');
    await page.goto('/activity');
    await expect(page.getByRole('link', { name: zhName })).toBeVisible();
    await switchLanguage(page, 'zh', 'en');
    await expect(page.getByRole('link', { name: enName })).toBeVisible();
    await expect(page.getByRole('link', { name: zhName })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('en', 'content:activity.title'));
    await switchLanguage(page, 'en', 'zh');
    await expect(page.getByRole('link', { name: zhName })).toBeVisible();
  });

  test('an unknown or malformed article id shows the 404 page inside the layout', async ({ page }) => {
    await startIn(page, 'en');
    for (const path of ['/newsDetail?id=999999', '/newsDetail?id=abc', '/programInfo?id=0', '/activityOrder?id=424242']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T('en', 'errors:notFound.title'));
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  });
});

/**
 * Every public content page in each language, one sweep per language (issue 35: a page per test loaded the app
 * 28 times): the first page loads, the next ones open inside the app as a link would. Each page is checked at
 * 1440 px (its heading, language, title and description, no serious axe finding) and at a phone's 390 px
 * (nothing wider than the window), and at both every target is at least 24×24 px or has one of 2.5.8's
 * exceptions (support/targets.ts); a failure names its page (expect.soft: the sweep goes on to the next).
 * CPU (issue 35): a page opens at the width the last one ended at and is checked there first, so it costs one
 * resize instead of two (a resize of a whole page costs Chromium about as much as axe's run on it), and axe goes
 * into the page once and runs in it on every page after (support/axe.ts; AxeBuilder's default mode opened a
 * blank page per run to finish it in, about four times the CPU).
 */
test.describe('public pages: accessibility, meta and screenshots', () => {
  // in parts of at most five pages: a page can take 15 s on a loaded machine (axe, two widths), and a test has 120 s
  const PARTS = Math.ceil(PAGES.length / 5);
  const size = Math.ceil(PAGES.length / PARTS);
  const WIDE = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };
  for (const lang of LANGS)
    for (let part = 0; part < PARTS; part++) {
      const pages = PAGES.slice(part * size, (part + 1) * size);
      test(`public content pages ${pages.map((p) => p.name).join(', ')} (${lang}): heading, title, description, no serious axe violation, nothing wider than a phone`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await startIn(page, lang);
        await page.setViewportSize(WIDE);
        let width = WIDE.width;
        for (const p of pages) {
          const at = `${p.name} (${lang})`;
          await visit(page, localizePath(p.path, lang));
          for (const view of width === PHONE.width ? [PHONE, WIDE] : [WIDE, PHONE]) {
            if (view.width !== width) {
              // (once the page has drawn a frame at the new size)
              await page.setViewportSize(view);
              width = view.width;
              await nextFrame(page);
            }
            if (view === WIDE) {
              await expect.soft(page.getByRole('heading', { level: 1 }), `${at}: its heading`).toBeVisible();
              await expect.soft(page.locator('html'), `${at}: the language`).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
              await expect.soft(page, `${at}: the title`).toHaveTitle(new RegExp(`- ${T(lang, 'common:siteName')}$`));
              await expect.soft(page.locator('meta[name="description"]'), `${at}: the description`).toHaveAttribute('content', /\S{4,}/);

              // every WCAG level axe knows, 2.0 to 2.2 (the a11y sweep's too); only the violations detailed
              const axe = await runAxe(page, {
                runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
                resultTypes: ['violations'],
              });
              const serious = axe.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map(
                  (v) =>
                    `${v.id}: ${v.help} (${v.nodes
                      .map((n) => n.target.join(' '))
                      .slice(0, 3)
                      .join(' | ')})`,
                );
              expect.soft(serious, `${at}: serious axe violations`).toEqual([]);
              expect.soft(await smallTargets(page), `${at}: targets under 24×24 px at 1440 px`).toEqual([]);
              await fullPictures(page, `content-${p.name}-${lang}-1440.png`);
            } else {
              // at phone width nothing is wider than the window
              expect.soft(await overflowX(page), `${at}: wider than a 390 px window`).toBeLessThanOrEqual(1);
              expect.soft(await smallTargets(page), `${at}: targets under 24×24 px at 390 px`).toEqual([]);
              await fullPictures(page, `content-${p.name}-${lang}-390.png`);
            }
          }
        }
      });
    }
});
