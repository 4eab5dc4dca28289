import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * The journeys' `test`: like Playwright's, but a navigation (goto, reload, back, forward) resolves only
 * once a server-rendered page (issue 23) has hydrated — before that its links and buttons are plain HTML
 * and a click would be lost. Client-rendered pages resolve as before. Every page of every context counts,
 * including the ones a test opens itself with browser.newContext() / newPage().
 */
const patched = new WeakSet<Page>();

async function hydrated(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForFunction(() => !document.getElementById('rr-data') || document.documentElement.dataset.hydrated === '1', undefined, {
        timeout: 20_000,
      });
      return;
    } catch (e) {
      // the page moved on (a redirect to the English address, a login wall): wait on the new document
      if (attempt < 3 && /context was destroyed|navigat/i.test(String(e))) {
        await page.waitForLoadState('domcontentloaded').catch(() => undefined);
        continue;
      }
      throw e;
    }
  }
}

function patch(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await hydrated(page);
      return response;
    };
  }
  return page;
}

function watch(context: BrowserContext): BrowserContext {
  context.on('page', patch);
  for (const p of context.pages()) patch(p);
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      // (a context without JavaScript never hydrates: its pages are left alone)
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        return args[0]?.javaScriptEnabled === false ? context : watch(context);
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => patch(await newPage(...args));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(watch(context));
  },
  page: async ({ page }, use) => {
    await use(patch(page));
  },
});
