import { describe, expect, it } from 'vitest';
import { KNOWN_PATHS, resolveMeta, type RouteHandle } from './route-meta';

const m = (handle: RouteHandle | undefined, loaderData?: unknown) => ({ handle, loaderData });

describe('resolveMeta', () => {
  it('takes the deepest title and description keys', () => {
    const meta = resolveMeta(
      [m({ titleKey: 'routes:admin' }), m({ titleKey: 'routes:news', descriptionKey: 'routes:descriptions.news' })],
      new URLSearchParams(),
    );
    expect(meta).toEqual({ titleKey: 'routes:news', descriptionKey: 'routes:descriptions.news' });
  });

  it('lets a page name itself from its loader data', () => {
    const handle: RouteHandle = { titleKey: 'routes:newsDetail', meta: (d) => ({ title: (d as { t: string }).t, description: 'Summary' }) };
    expect(resolveMeta([m(handle, { t: 'Season opens' })], new URLSearchParams())).toMatchObject({ title: 'Season opens', description: 'Summary' });
  });

  it('titles a content route whose loader threw as not found', () => {
    const handle: RouteHandle = { titleKey: 'routes:newsDetail', meta: () => ({ title: 'x' }) };
    expect(resolveMeta([m(handle, undefined)], new URLSearchParams()).titleKey).toBe('routes:notFound');
  });

  it('knows the content paths (the guard tells them from 404s)', () => {
    for (const p of ['/news', '/newsDetail', '/picturesDetail', '/activityOrder', '/registration', '/rules', '/file']) expect(KNOWN_PATHS).toContain(p);
  });
});
