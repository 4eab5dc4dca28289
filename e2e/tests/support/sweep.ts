import { expect, type Page } from './test';

/**
 * Sweeps (issue 35): one page goes through many screens inside the running app, as a link would take it,
 * instead of a test per screen that loads the app cold. The first stop is a page load; the next ones push the
 * address into the history and let the router follow (its popstate listener), so the browser keeps its
 * scripts, styles and caches warm and the sweep spends its time on what it checks.
 */

/** Marks what the page shows now, so `visit` can tell when the router has drawn the next screen. */
async function markShown(page: Page): Promise<void> {
  await page.evaluate(() => {
    const main = document.querySelector('main')?.firstElementChild ?? document.querySelector('#root > *');
    if (main) (main as HTMLElement).dataset.sweptBefore = '1';
  });
}

/**
 * Opens `route` (already in its language's address: localizePath): with a page load when the app is not
 * running yet, otherwise inside the app. Resolves once the address is `route`, the screen drawn before it
 * has been replaced (or, when the router keeps the same screen for another query, after a short wait),
 * and the network is quiet.
 */
export async function visit(page: Page, route: string): Promise<void> {
  const inApp = await page.evaluate(() => Boolean(document.querySelector('#root > *')) && document.documentElement.dataset.hydrated === '1').catch(() => false);
  if (!inApp) {
    await page.goto(route);
  } else {
    await markShown(page);
    await page.evaluate((r) => {
      window.history.pushState(null, '', r);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page.waitForURL((u) => u.pathname + u.search === route);
    // the same screen for another query (a tab of the user center) keeps its elements: then the wait runs out
    await page
      .waitForFunction(
        () => {
          const main = document.querySelector('main')?.firstElementChild ?? document.querySelector('#root > *');
          return !main || (main as HTMLElement).dataset.sweptBefore !== '1';
        },
        undefined,
        // checked every 100 ms: polling by animation frames kept Chromium drawing frames for the whole wait
        { timeout: 3_000, polling: 100 },
      )
      .catch(() => undefined);
  }
  await page.waitForLoadState('networkidle');
}

/** The screen has its data: no skeleton or spinner left. */
export async function loaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
}

/** Pixels the document is wider than the window (0 or less: nothing to scroll sideways). */
export const overflowX = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Lets the page draw a frame at its new size (after setViewportSize). */
export const nextFrame = (page: Page): Promise<unknown> => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
