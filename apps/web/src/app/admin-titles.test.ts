import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_ITEMS } from '../admin/menu';
import { RESOURCES } from '../admin/resources/registry';
import i18n, { preloadAllNamespaces } from '../lib/i18n';
import { adminRoute } from './admin-routes';
import { createRoutes } from './router';
import { pageTitleOf, resolveMeta, type RouteHandle } from './route-meta';

/**
 * Issue 34: every admin screen names its browser tab — its own title, then the section, in both languages
 * ("退款 · 管理后台" / "Refunds · Administration"). This walks the real route table: a screen without a title,
 * with the section's generic one, with "Page not found" or with another screen's title fails.
 */

interface Screen {
  path: string;
  handle: RouteHandle | undefined;
  loaderData?: unknown;
}

function findAdmin(routes: RouteObject[]): RouteObject | undefined {
  for (const r of routes) {
    const found = r.path === 'admin' ? r : r.children && findAdmin(r.children);
    if (found) return found;
  }
  return undefined;
}

/** The leaves under /admin with the handle the router would hold once their chunk has loaded. */
async function screens(): Promise<{ section: RouteHandle; list: Screen[] }> {
  const admin = findAdmin(createRoutes([adminRoute()]))!;
  const list: Screen[] = [];
  const walk = async (routes: RouteObject[]) => {
    for (const r of routes) {
      if (r.children) await walk(r.children);
      // an address that only redirects (the old /admin/orders) is no screen
      if ((!r.path && !r.index) || (!r.lazy && !r.Component && !r.element)) continue;
      const path = r.index ? '' : r.path!;
      if (r.handle || typeof r.lazy !== 'function') {
        list.push({ path, handle: r.handle as RouteHandle | undefined });
        continue;
      }
      // a title from loader data (a resource's label): load the chunk, run its loader for every resource
      const lazy = (await r.lazy()) as { handle?: RouteHandle; loader?: (a: LoaderFunctionArgs) => unknown };
      if (!path.includes(':resource')) {
        list.push({ path, handle: lazy.handle });
        continue;
      }
      for (const def of RESOURCES) {
        const params = { resource: def.name, id: '5' };
        const loaderData = lazy.loader?.({ params } as unknown as LoaderFunctionArgs);
        list.push({ path: path.replace(':resource', def.name), handle: lazy.handle, loaderData });
      }
    }
  };
  await walk(admin.children ?? []);
  return { section: admin.handle as RouteHandle, list };
}

const title = (section: RouteHandle, s: Screen, lng: 'zh' | 'en') =>
  pageTitleOf(resolveMeta([{ handle: section }, { handle: s.handle, loaderData: s.loaderData }], new URLSearchParams()), i18n.getFixedT(lng));

let table: Awaited<ReturnType<typeof screens>>;
beforeAll(async () => {
  await preloadAllNamespaces();
  table = await screens();
}, 120_000);

describe('admin tab titles (issue 34)', () => {
  it('walks every admin screen of the route table (static screens, money, people, awards, access, each resource)', () => {
    const paths = table.list.map((s) => s.path);
    for (const p of ['', 'refunds', 'invoices', 'reconciliation', 'integrations', 'consult', 'roles', 'audit', 'checkin', 'r/news', 'r/tickets/:id'])
      expect(paths).toContain(p);
  });

  for (const lng of ['zh', 'en'] as const)
    it(`${lng}: each screen has its own title, then the section's name; none is generic or "not found"`, () => {
      const t = i18n.getFixedT(lng);
      const section = t('routes:admin');
      const generic = new Set([section, t('routes:notFound'), t('admin:title'), t('admin:placeholder.title')]);
      const seen = new Map<string, string>();
      for (const s of table.list) {
        if (s.path === '*') continue;
        const meta = resolveMeta([{ handle: table.section }, { handle: s.handle, loaderData: s.loaderData }], new URLSearchParams());
        expect(meta.titleKey, s.path).toBeDefined();
        expect(i18n.exists(meta.titleKey!, { lng }), `${s.path}: ${meta.titleKey} in ${lng}`).toBe(true);
        const own = t(meta.titleKey!);
        expect(generic.has(own), `${s.path}: "${own}"`).toBe(false);
        expect(title(table.section, s, lng)).toBe(`${own} · ${section}`);
        // list, new and edit of one resource share its name; two different screens never do
        const screen = s.path.replace(/\/(new|:id)$/, '');
        const other = seen.get(own);
        expect(other === undefined || other === screen, `"${own}" names ${other} and ${screen}`).toBe(true);
        seen.set(own, screen);
      }
    });

  it('the examples of the issue, and an unknown admin address is "not found" inside the section', () => {
    const at = (p: string) => table.list.find((s) => s.path === p)!;
    // the menu's names: 退款管理 in Chinese
    expect(title(table.section, at('refunds'), 'zh')).toBe('退款管理 · 管理后台');
    expect(title(table.section, at('refunds'), 'en')).toBe('Refunds · Administration');
    expect(title(table.section, at('invoices'), 'en')).toBe('Invoices · Administration');
    expect(title(table.section, at('r/tickets/:id'), 'zh')).toBe(`${i18n.getFixedT('zh')('admin:resources.tickets')} · 管理后台`);
    expect(title(table.section, at('*'), 'zh')).toBe(`${i18n.getFixedT('zh')('routes:notFound')} · 管理后台`);
  });

  it('every menu entry leads to a screen whose tab says what the menu says', () => {
    for (const item of LIVE_ITEMS) {
      if (item.key.includes('?')) continue;
      const s = table.list.find((x) => x.path === item.key);
      expect(s, item.key).toBeDefined();
      const meta = resolveMeta([{ handle: table.section }, { handle: s!.handle, loaderData: s!.loaderData }], new URLSearchParams());
      expect(meta.titleKey, item.key).toBe(item.labelKey);
    }
  });
});
