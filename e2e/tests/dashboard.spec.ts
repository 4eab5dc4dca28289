import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, test } from './support/test';
import { adminPage } from './support/admin';
import { L, registerMember, shoot } from './support/foundation';
import { giveCodes, userId } from './support/registration';
import { AXE_TAGS, runAxe } from './support/axe';

/**
 * Issue 14's dashboard: the admin opens it, the charts' chunk draws (codes issued vs used of the open
 * activity), "data as xlsx" saves a workbook; zh and en, 1440 and 390 px (nothing wider than the window).
 */
test('the dashboard draws its charts and gives their data as xlsx, zh and en', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const m = await registerMember(request, 'Dashboard');
  await giveCodes(request, 600, await userId(request, m.headers), 3);

  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1440, 390]) {
      const page = await adminPage(browser, lang, '/admin', width);
      const codes = page.locator('[data-chart="codes"]');
      await expect(codes.getByRole('img', { name: new RegExp(`^${L(lang, 'admin:dashboard.charts.codes').replace(/[()（）]/g, '.')}: `) })).toBeVisible();
      await expect(codes.locator('canvas')).toHaveCount(1);
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(over, `dashboard at ${width}px: ${over}px wider than the window`).toBeLessThanOrEqual(1);
      await shoot(page, `dashboard-${lang}-${width}.png`, { fullPage: true });
      if (width === 1440) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          codes.getByRole('button', { name: L(lang, 'admin:dashboard.charts.saveXlsx') }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^dashboard-codes-\d{4}\.xlsx$/);
        const bytes = fs.readFileSync((await download.path())!);
        expect(bytes.subarray(0, 2).toString()).toBe('PK');
        // the workbook is deflated (fflate, issue 36): read its cells rather than its raw bytes
        const wb = XLSX.read(bytes, { type: 'buffer' });
        const cells = wb.SheetNames.map((n) => XLSX.utils.sheet_to_csv(wb.Sheets[n]!)).join('\n');
        expect(cells).toContain(L(lang, 'admin:dashboard.charts.issued'));
        // the table alternative opened, the charts pass axe (WCAG 2 A/AA, serious or critical)
        await codes.getByText(L(lang, 'admin:dashboard.charts.showData')).click();
        await expect(codes.getByRole('table')).toBeVisible();
        // axe in the page itself (support/axe.ts; AxeBuilder's default mode opened a blank page per call to finish in)
        const axe = await runAxe(page, { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] }, '[data-chart]');
        expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      }
      await page.context().close();
    }
  }
});
