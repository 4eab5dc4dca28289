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
  const money = () => import('../admin/pages/money-pages');
  return [
    // the old placeholder address of the orders
    { path: 'orders', loader: () => redirect('/admin/r/orders') },
    { path: 'r/orders/:id', lazy: lazyPage(() => money().then((m) => m.OrderDetail)) },
    { path: 'refunds', lazy: lazyPage(() => money().then((m) => m.Refunds)) },
    { path: 'invoices', lazy: lazyPage(() => money().then((m) => m.Invoices)) },
    { path: 'reconciliation', lazy: lazyPage(() => money().then((m) => m.Reconciliation)) },
    { path: 'checkin', lazy: lazyPage(() => import('../admin/pages/CheckinPage')) },
  ];
}

/** People and service (issue 12): the consultation inbox and system messages; FAQ, volunteers and channels are resources. */
export function adminPeopleRoutes(): RouteObject[] {
  const people = () => import('../admin/pages/people');
  return [
    { path: 'consult', lazy: lazyPage(() => people().then((m) => ({ default: m.ConsultPage }))) },
    { path: 'broadcast', lazy: lazyPage(() => people().then((m) => ({ default: m.BroadcastPage }))) },
    { path: 'channels', lazy: lazyPage(() => people().then((m) => ({ default: m.ChannelsPage }))) },
  ];
}

/** Awards (issue 13): judges and results, certificates, templates (one chunk); the award list is a resource. */
export function adminAwardRoutes(): RouteObject[] {
  const awards = () => import('../admin/pages/awards');
  return [
    { path: 'judging', lazy: lazyPage(() => awards().then((m) => ({ default: m.JudgingAdminPage }))) },
    { path: 'certificates', lazy: lazyPage(() => awards().then((m) => ({ default: m.CertificatesAdminPage }))) },
    { path: 'awardTemplates', lazy: lazyPage(() => awards().then((m) => ({ default: m.TemplatesAdminPage }))) },
  ];
}

/** Access (issue 14): roles with their data scope and the audit trail (one chunk); departments and posts are resources. */
export function adminAccessRoutes(): RouteObject[] {
  const access = () => import('../admin/pages/access');
  return [
    { path: 'roles', lazy: lazyPage(() => access().then((m) => ({ default: m.RolesPage }))) },
    { path: 'audit', lazy: lazyPage(() => access().then((m) => ({ default: m.AuditPage }))) },
    // Integrations (issue 25): webhooks, API tokens, the outbox — its own chunk
    { path: 'integrations', lazy: lazyPage(() => import('../admin/pages/integrations')) },
  ];
}
