import type { LoaderFunction, RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { loadNamespaces, type LazyNamespace } from '../lib/i18n';
import type { RouteMeta } from '../lib/page-meta';
import { CONTENT_ROUTES, type ContentRoute, type RouteHandle } from './route-meta';

interface PageModule {
  default: ComponentType;
  loader: LoaderFunction;
  meta?: (data: unknown) => RouteMeta | undefined;
}

/**
 * A public content page: its own lazy chunk (no antd) with its loader, and the `content` namespace.
 * The handle (title, nav, description, and the page's meta from its data) comes with the chunk.
 */
function page(route: ContentRoute, load: () => Promise<PageModule>, extra: LazyNamespace[] = []): RouteObject {
  return {
    path: route.path,
    lazy: async () => {
      const [m] = await Promise.all([load(), loadNamespaces('content', ...extra)]);
      const handle: RouteHandle = { titleKey: route.titleKey, nav: route.nav, descriptionKey: route.descriptionKey, meta: m.meta };
      return { Component: m.default, loader: onlyParams(route.params ?? [], m.loader), handle };
    },
  };
}

/**
 * The loader sees the page's declared query parameters and no other (issue 39): what it reads is what the
 * server's page cache keys on, so a parameter it reads without declaring it is missing in the browser too.
 */
export function onlyParams(names: readonly string[], loader: LoaderFunction): LoaderFunction {
  return (args, handlerContext) => {
    const url = new URL(args.request.url);
    const kept = new URLSearchParams();
    for (const name of names) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
    url.search = kept.toString();
    if (url.href === args.request.url) return loader(args, handlerContext);
    return loader({ ...args, request: new Request(url, { headers: args.request.headers, signal: args.request.signal }) }, handlerContext);
  };
}

const R = CONTENT_ROUTES;

/** The activity's order page: public but a purchase page, so one address and not server-rendered. */
export function activityOrderRoute(): RouteObject {
  return page(R.activityOrder, () => import('./activity-order/ActivityOrderPage'));
}

/** Spec 2.1 public content routes (news, programs, activities, gallery, rules, partners, about). */
export function contentRoutes(): RouteObject[] {
  return [
    page(R.news, () => import('../features/news/NewsListPage')),
    page(R.newsDetail, () => import('../features/news/NewsDetailPage')),
    page(R.pasted, () => import('../features/gallery/HighlightsPage')),
    page(R.pictures, () => import('../features/gallery/HighlightsPage')),
    page(R.picturesDetail, () => import('../features/gallery/GalleryPage')),
    page(R.program, () => import('../features/programs/ProgramListPage')),
    page(R.programInfo, () => import('../features/programs/ProgramDetailPage')),
    page(R.activity, () => import('../features/activities/ActivityListPage')),
    page(R.registration, () => import('../features/activities/RegistrationPage')),
    page(R.rules, () => import('../features/rules/RulesPage')),
    page(R.file, () => import('../features/rules/RulesPage')),
    page(R.partner, () => import('../features/partners/PartnersPage')),
    // the feedback form's texts load with the about page only (every public page shares `content`)
    page(R.about, () => import('../features/about/AboutPage'), ['feedback']),
    // issue 37: the privacy policy and the children's rules, one page for both kinds
    page(R.privacy, () => import('../features/privacy/PolicyPage')),
    page(R.childPrivacy, () => import('../features/privacy/PolicyPage')),
  ];
}
