import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteMeta } from '../lib/page-meta';
import type { RouteHandle } from './route-meta';

interface AdminPageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  /** a title from the loader's data (a resource's label) */
  meta?: (data: unknown) => RouteMeta | undefined;
}

function lazyPage(load: () => Promise<AdminPageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await load();
    const route = m.loader ? { Component: m.default, loader: m.loader } : { Component: m.default };
    return m.meta ? { ...route, handle: { titleKey: 'routes:admin', meta: m.meta } satisfies RouteHandle } : route;
  };
}

/**
 * An admin screen with its own tab title (issue 34): declared here, in the route table, so every screen
 * has one before its chunk loads (admin-titles.test.ts walks the table).
 */
function page(path: string, titleKey: string, load: () => Promise<AdminPageModule>): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, handle, lazy: lazyPage(load) };
}

/** The generic screens of every admin resource definition (list, new, edit): titled by the resource's label. */
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
    page('r/orders/:id', 'admin:money.orderDetail', () => money().then((m) => m.OrderDetail)),
    page('refunds', 'admin:resources.refunds', () => money().then((m) => m.Refunds)),
    page('invoices', 'admin:resources.invoices', () => money().then((m) => m.Invoices)),
    page('reconciliation', 'admin:menu.reconciliation', () => money().then((m) => m.Reconciliation)),
    page('checkin', 'admin:menu.checkin', () => import('../admin/pages/CheckinPage')),
  ];
}

/** People and service (issue 12): the consultation inbox and system messages; FAQ, volunteers and channels are resources. */
export function adminPeopleRoutes(): RouteObject[] {
  const people = () => import('../admin/pages/people');
  return [
    page('consult', 'admin:menu.consult', () => people().then((m) => ({ default: m.ConsultPage }))),
    page('broadcast', 'admin:menu.broadcast', () => people().then((m) => ({ default: m.BroadcastPage }))),
    page('channels', 'admin:menu.channels', () => people().then((m) => ({ default: m.ChannelsPage }))),
  ];
}

/** Awards (issue 13): judges and results, certificates, templates (one chunk); the award list is a resource. */
export function adminAwardRoutes(): RouteObject[] {
  const awards = () => import('../admin/pages/awards');
  return [
    page('judging', 'admin:menu.judging', () => awards().then((m) => ({ default: m.JudgingAdminPage }))),
    page('certificates', 'admin:menu.certificates', () => awards().then((m) => ({ default: m.CertificatesAdminPage }))),
    page('awardTemplates', 'admin:menu.awardTemplates', () => awards().then((m) => ({ default: m.TemplatesAdminPage }))),
  ];
}

/** Access (issue 14): roles with their data scope and the audit trail (one chunk); departments and posts are resources. */
export function adminAccessRoutes(): RouteObject[] {
  const access = () => import('../admin/pages/access');
  return [
    page('roles', 'admin:menu.roles', () => access().then((m) => ({ default: m.RolesPage }))),
    page('audit', 'admin:menu.audit', () => access().then((m) => ({ default: m.AuditPage }))),
    // Integrations (issue 25): webhooks, API tokens, the outbox — its own chunk
    page('integrations', 'admin:menu.integrations', () => import('../admin/pages/integrations')),
    // Background jobs (issue 36): the one job queue's failed jobs and retry — its own chunk
    page('jobs', 'admin:menu.jobs', () => import('../admin/pages/jobs')),
  ];
}

/** Privacy (issue 37): the requests queue, the retention preview, the yearly compliance audit (one chunk). */
export function adminPrivacyRoutes(): RouteObject[] {
  const privacy = () => import('../admin/pages/privacy');
  return [
    page('privacyRequests', 'admin:menu.privacyRequests', () => privacy().then((m) => ({ default: m.PrivacyRequestsPage }))),
    page('retention', 'admin:menu.retention', () => privacy().then((m) => ({ default: m.RetentionPage }))),
    page('complianceAudit', 'admin:menu.complianceAudit', () => privacy().then((m) => ({ default: m.AuditReportPage }))),
  ];
}
