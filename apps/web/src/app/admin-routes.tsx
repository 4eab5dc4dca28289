import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteMeta } from '../lib/page-meta';
import type { RouteHandle } from './route-meta';

interface AdminPageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  /** the page's title (the admin namespace loads with the admin chunk, so its keys live in the page modules) */
  meta?: (data: unknown) => RouteMeta | undefined;
}

function lazyPage(load: () => Promise<AdminPageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await load();
    const handle: RouteHandle = { titleKey: 'routes:admin', meta: m.meta };
    return m.loader ? { Component: m.default, loader: m.loader, handle } : { Component: m.default, handle };
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

/**
 * The money screens (issue 10). Orders, payments, ledger and bank accounts are generic resources; an
 * order's row opens its own detail (ranked above r/:resource/:id), refunds, invoices and
 * reconciliation have their own pages.
 */
export function adminMoneyRoutes(): RouteObject[] {
  return [
    // the old placeholder address of the orders
    { path: 'orders', loader: () => redirect('/admin/r/orders') },
    { path: 'r/orders/:id', lazy: lazyPage(() => import('../admin/pages/OrderDetailPage')) },
    { path: 'refunds', lazy: lazyPage(() => import('../admin/pages/RefundsPage')) },
    { path: 'invoices', lazy: lazyPage(() => import('../admin/pages/InvoicesPage')) },
    { path: 'reconciliation', lazy: lazyPage(() => import('../admin/pages/ReconciliationPage')) },
    { path: 'checkin', lazy: lazyPage(() => import('../admin/pages/CheckinPage')) },
  ];
}

/** People and service (issue 12): the consultation inbox and system messages; FAQ, volunteers and channels are resources. */
export function adminPeopleRoutes(): RouteObject[] {
  return [
    { path: 'consult', lazy: lazyPage(() => import('../admin/pages/people/ConsultPage')) },
    { path: 'broadcast', lazy: lazyPage(() => import('../admin/pages/people/BroadcastPage')) },
    { path: 'channels', lazy: lazyPage(() => import('../admin/pages/people/ChannelsPage')) },
  ];
}

/** Awards (issue 13): judges and results, certificates, templates; the award list is a resource. */
export function adminAwardRoutes(): RouteObject[] {
  return [
    { path: 'judging', lazy: lazyPage(() => import('../admin/pages/awards/JudgingAdminPage')) },
    { path: 'certificates', lazy: lazyPage(() => import('../admin/pages/awards/CertificatesAdminPage')) },
    { path: 'awardTemplates', lazy: lazyPage(() => import('../admin/pages/awards/TemplatesAdminPage')) },
  ];
}
