// Playwright's own test: support/test's navigations wait for hydration, which is what this journey holds back
import { expect, test, type Page, type Route } from '@playwright/test';
import { T, type Lang } from './support/content';

/**
 * Issue 39: a server-rendered page is read and used before its JavaScript has run (a slow connection, a
 * phone on 3G). Its links are real addresses that work at once — the news, the pages, the navigation —;
 * its buttons, which only work once the page has hydrated, look unavailable until then. The app's scripts
 * (/assets/*.js) are held here, never answered: the pages stay as the server sent them.
 */
const at = (path: string, lang: Lang) => (lang === 'zh' ? path : `/en${path}`);

/** The header's language button (its name says the current language). */
const languageButton = (page: Page, lang: Lang) =>
  page.getByRole('banner').getByRole('button', { name: T(lang, 'common:lang.current', { name: T(lang, `common:lang.${lang}`) }) });

const other = (lang: Lang): Lang => (lang === 'zh' ? 'en' : 'zh');

/** The header's language link before the page has hydrated (its name says the other language). */
const languageLink = (page: Page, lang: Lang) =>
  page.getByRole('banner').getByRole('link', {
    name: T(lang, 'common:lang.switchTo', {
      short: T(lang, other(lang) === 'zh' ? 'common:lang.shortZh' : 'common:lang.shortEn'),
      name: T(lang, `common:lang.${other(lang)}`),
    }),
  });

async function notHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-ssr', '');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
}

test.describe('before the page has hydrated (issue 39)', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`links work and buttons look unavailable, in ${lang}`, async ({ page }) => {
      const held: string[] = [];
      await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => void held.push(route.request().url()));

      // the news list: its items are links to the articles
      await page.goto(at('/news', lang), { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'content:news.title'));
      expect(held.length).toBeGreaterThan(0);
      await notHydrated(page);
      // the language switch is a link to this page in the other language (the hydrated app's menu comes later)
      await expect(languageLink(page, lang)).toHaveAttribute('href', at('/news', other(lang)));
      await expect(languageButton(page, lang)).toHaveCount(0);

      const article = page
        .getByRole('list', { name: T(lang, 'content:news.title') })
        .getByRole('link')
        .first();
      const title = (await article.innerText()).split('\n')[0]!.trim();
      await article.click();
      await expect(page).toHaveURL(new RegExp(`${at('/newsDetail', lang)}\\?id=\\d+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await notHydrated(page);

      // the main navigation: a real address in the page's language
      await page
        .getByRole('navigation', { name: T(lang, 'nav:mainLabel') })
        .getByRole('link', { name: T(lang, 'nav:activity'), exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${at('/activity', lang)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'content:activity.title'));
      await notHydrated(page);

      // the scripts arrive: the page hydrates and its buttons look and work as buttons
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
      await expect(languageButton(page, lang)).not.toHaveCSS('cursor', 'progress');
      await expect(languageLink(page, lang)).toHaveCount(0);
      await languageButton(page, lang).click();
      await page.getByRole('button', { name: T(lang, `common:lang.${other(lang)}`), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/activity', other(lang))}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(other(lang), 'content:activity.title'));
    });

    test(`the language link leads to the page in the other language before hydration, which stays there once it hydrates, in ${lang}`, async ({ page }) => {
      // a visitor who has read the site in this language before (the app remembers it)
      await page.goto(at('/about', lang));
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');

      const held: Route[] = [];
      await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => void held.push(route));
      await page.goto(at('/news', lang), { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(lang, 'content:news.title'));
      await notHydrated(page);
      await languageLink(page, lang).click();
      await expect(page).toHaveURL(new RegExp(`${at('/news', other(lang))}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(other(lang), 'content:news.title'));
      await expect(page.locator('html')).toHaveAttribute('lang', other(lang) === 'zh' ? 'zh-CN' : 'en');
      await notHydrated(page);

      // the scripts arrive: the page hydrates in the language chosen (a Chinese address is not sent back to the
      // English one the visitor read before: a link of the site led there) and the switch is the menu again
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      for (const route of held.splice(0)) await route.continue().catch(() => {});
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
      await expect(page).toHaveURL(new RegExp(`${at('/news', other(lang))}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(T(other(lang), 'content:news.title'));
      await expect(languageButton(page, other(lang))).toBeVisible();
      await expect(languageLink(page, other(lang))).toHaveCount(0);
    });
  }
});
