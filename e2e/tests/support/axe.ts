import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from './test';

/** The tags every journey's axe run checks, as the sweep does (a11y.spec.ts): WCAG 2.0, 2.1 and 2.2 A/AA and best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core run in the page as AxeBuilder's legacy mode runs it (axe.run in each frame's window, same-origin frames
 * only, which the app, without cross-origin frames, needs no more), with axe put into a document once rather than
 * on every call (issue 35). AxeBuilder.analyze() evaluates axe's 550 kB source twice per call, and every call
 * then runs a fresh, cold copy of axe: 0.62 CPU-s per run on an admin list against 0.29 for axe.run on the copy
 * already in the page (2026-11-28). A sweep's screens open inside the app, so one copy serves every screen
 * until the next page load. AxeBuilder's default (not legacy) mode cost about four times its legacy mode: a
 * blank page opened per call to finish the run in. `include` narrows the run to the elements a selector finds, as AxeBuilder.include does.
 */
export async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  for (const frame of page.frames()) {
    const put = frame
      .evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
      .then(
        (present) => present || frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`),
      );
    // as AxeBuilder: a frame that cannot take it (gone, or still loading) is left out; the page itself must
    if (frame === page.mainFrame()) await put;
    else await put.catch(() => undefined);
  }
  const context = { include: include ? [include] : [], exclude: [] };
  return page.evaluate(([c, o]) => (window as unknown as { axe: typeof axe }).axe.run(c as axe.ElementContext, o as RunOptions), [context, options] as const);
}
