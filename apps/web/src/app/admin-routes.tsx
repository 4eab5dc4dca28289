import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteMeta } from '../lib/page-meta';
import { loadNamespaces } from '../lib/i18n';
import { ADMIN_ROUTE_ID, type RouteHandle } from './route-meta';
import { RouteError } from './RouteError';

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

const handle = (h: RouteHandle) => h;

/**
 * The admin area's route table (the layout, every screen, the unknown-address page). Kept out of the public
 * pages' first load: the browser's router adds it on the first navigation to /admin (router.tsx), the server
 * renderer and the tests pass it to createRoutes.
 */
export function adminRoute(): RouteObject {
  return {
    id: ADMIN_ROUTE_ID,
    path: 'admin',
    lazy: async () => {
      const [m] = await Promise.all([import('../admin/AdminLayout'), loadNamespaces('admin')]);
      return { Component: m.default };
    },
    // every admin screen's tab: "<its own title> · Administration" (admin-titles.test.ts walks this table)
    handle: handle({ titleKey: 'routes:admin', titleSectionKey: 'routes:admin' }),
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../admin/pages/DashboardPage')).default }),
            handle: handle({ titleKey: 'admin:menu.dashboard' }),
          },
          {
            path: 'sms',
            lazy: async () => ({ Component: (await import('../admin/pages/SmsOutboxPage')).default }),
            handle: handle({ titleKey: 'admin:menu.smsOutbox' }),
          },
          {
            path: 'users',
            lazy: async () => ({ Component: (await import('../admin/pages/UsersPage')).default }),
            handle: handle({ titleKey: 'admin:menu.users' }),
          },
          {
            path: 'review',
            lazy: async () => ({ Component: (await import('../admin/pages/ReviewPage')).default }),
            handle: handle({ titleKey: 'admin:menu.review' }),
          },
          {
            path: 'withdrawals',
            lazy: async () => ({ Component: (await import('../admin/pages/WithdrawalsPage')).default }),
            handle: handle({ titleKey: 'admin:menu.withdrawals' }),
          },
          {
            path: 'codes',
            lazy: async () => ({ Component: (await import('../admin/pages/CodesPage')).default }),
            handle: handle({ titleKey: 'admin:menu.codes' }),
          },
          ...adminMoneyRoutes(),
          ...adminPeopleRoutes(),
          ...adminAwardRoutes(),
          ...adminAccessRoutes(),
          ...adminPrivacyRoutes(),
          ...adminResourceRoutes(),
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../admin/pages/AdminPlaceholderPage')).default }),
            // an unknown admin address (no screen is left for a later issue)
            handle: handle({ titleKey: 'routes:notFound' }),
          },
        ],
      },
    ],
  };
}
