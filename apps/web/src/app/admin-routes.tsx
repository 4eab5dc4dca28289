import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { RouteMeta } from '../lib/page-meta';
import type { RouteHandle } from './route-meta';

interface AdminPageModule {
  default: ComponentType;
  loader: LoaderFunction;
  meta?: (data: unknown) => RouteMeta | undefined;
}

function lazyPage(load: () => Promise<AdminPageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await load();
    const handle: RouteHandle = { titleKey: 'routes:admin', meta: m.meta };
    return { Component: m.default, loader: m.loader, handle };
  };
}

/** The generic screens of every admin resource definition (list, new, edit). */
export function adminResourceRoutes(): RouteObject[] {
  return [
    { path: 'r/:resource', lazy: lazyPage(() => import('../admin/resources/ResourceListPage')) },
    { path: 'r/:resource/new', lazy: lazyPage(() => import('../admin/resources/ResourceFormPage')) },
    { path: 'r/:resource/:id', lazy: lazyPage(() => import('../admin/resources/ResourceFormPage')) },
  ];
}
