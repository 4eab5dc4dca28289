import { createBrowserRouter, redirect, type HydrationState, type RouteObject } from 'react-router';
import { homeLoader } from '../features/home/loader';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage';
import { NotFoundPage, UnauthorizedPage } from '../features/status-pages/StatusPage';
import { currentLang, loadNamespaces, setLanguage } from '../lib/i18n';
import { localizeTo } from '../lib/link';
import { localizePath } from '../lib/lang-path';
import { registerNavigator } from '../lib/navigation';
import { guardMiddleware, redirectTarget } from './guard';
import { PublicLayout } from './layout/PublicLayout';
import { RootShell } from './RootShell';
import { activityOrderRoute, contentRoutes } from './content-routes';
import { BootFallback, RouteError } from './RouteError';
import { ADMIN_ROUTE_ID, PLACEHOLDER_ROUTES, REGISTRATION_ROUTES, TICKET_ROUTES, type RouteHandle } from './route-meta';

const handle = (h: RouteHandle) => h;

/**
 * The server-rendered information pages (issue 23), mounted twice: at today's paths in Chinese and
 * under /en in English. Both trees share the components, loaders and handles.
 */
function informationPages(lang: 'zh' | 'en'): RouteObject[] {
  return [
    { index: true, loader: () => redirect(lang === 'en' ? '/en/home' : '/home') },
    {
      path: 'home',
      loader: homeLoader,
      // its own chunk: the other pages' first load does not carry the home page's blocks
      lazy: async () => {
        const [m] = await Promise.all([import('../features/home/HomePage'), loadNamespaces('home')]);
        return { Component: m.default };
      },
      handle: handle({ titleKey: 'routes:home', nav: 'home', descriptionKey: 'routes:descriptions.home' }),
    },
    ...contentRoutes(),
    {
      // certificate verification (issue 13): public, no antd
      path: 'verify/:certCode?',
      lazy: async () => {
        const [m] = await Promise.all([import('../features/awards/VerifyPage'), loadNamespaces('awards')]);
        return { Component: m.default, loader: m.loader };
      },
      handle: handle({ titleKey: 'routes:verify', descriptionKey: 'routes:descriptions.verify' }),
    },
  ];
}

/**
 * The route table (spec 2.1). Public routes are bundled without antd; the portal (/userCenter, /msg)
 * and /admin load lazily with antd. The guard middleware runs before every navigation's loaders. The admin's
 * own table (admin-routes.tsx adminRoute) is `extra`: the server renderer and the tests pass it, the browser
 * adds it on the first navigation to /admin (createAppRouter's patchRoutesOnNavigation).
 */
export function createRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteError,
      middleware: [guardMiddleware],
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              // Errors of a page render inside the layout, keeping header and footer.
              ErrorBoundary: RouteError,
              children: [
                ...informationPages('zh'),
                // English information pages have their own addresses (issue 23)
                {
                  path: 'en',
                  children: [
                    ...informationPages('en'),
                    {
                      // /en/login, /en/userCenter…: pages with one address, shown in English
                      path: '*',
                      loader: async ({ params, request }) => {
                        await setLanguage('en');
                        // (redirectTarget keeps it on this site: /en//evil.example is /evil.example here)
                        return redirect(redirectTarget(params['*'], new URL(request.url).search));
                      },
                    },
                  ],
                },
                activityOrderRoute(),
                ...PLACEHOLDER_ROUTES.map<RouteObject>((r) => ({
                  path: r.path,
                  element: <PlaceholderPage titleKey={r.titleKey} />,
                  handle: handle({ titleKey: r.titleKey, nav: r.nav }),
                })),
                {
                  path: 'login',
                  lazy: async () => {
                    const [m] = await Promise.all([import('../features/auth/LoginPage'), loadNamespaces('auth')]);
                    return { Component: m.default, loader: m.loader };
                  },
                  handle: handle({ titleKey: 'routes:login' }),
                },
                {
                  // inside WeChat: where the official account's authorisation comes back (issue 22)
                  path: 'wxAuth',
                  lazy: async () => {
                    const [m] = await Promise.all([import('../features/auth/WechatAuthPage'), loadNamespaces('auth')]);
                    return { Component: m.default };
                  },
                  handle: handle({ titleKey: 'routes:wxAuth' }),
                },
                {
                  // the guardian's answer to a coach's SMS (issue 37): public, the link's token is the key
                  path: 'guardianConsent',
                  lazy: async () => {
                    const [m] = await Promise.all([import('../features/privacy/GuardianConsentPage'), loadNamespaces('consent')]);
                    return { Component: m.default, loader: m.loader };
                  },
                  handle: handle({ titleKey: 'routes:guardianConsent' }),
                },
                {
                  path: 'regist',
                  lazy: async () => {
                    const [m] = await Promise.all([import('../features/auth/RegisterPage'), loadNamespaces('auth')]);
                    return { Component: m.default };
                  },
                  handle: handle({ titleKeyFor: (search) => (search.get('mode') === 'reset' ? 'routes:resetPassword' : 'routes:regist') }),
                },
                { path: '404', Component: NotFoundPage, handle: handle({ titleKey: 'routes:notFound' }) },
                { path: '401', Component: UnauthorizedPage, handle: handle({ titleKey: 'routes:unauthorized' }) },
                {
                  // the offline gate is a page of its own (gate.html, issue 38): coming back from the login, it loads whole
                  path: 'gate/*',
                  loader: ({ request }) => {
                    if (typeof window !== 'undefined') window.location.assign(new URL(request.url).pathname);
                    return null;
                  },
                  handle: handle({ titleKey: 'routes:redirect' }),
                },
                {
                  path: 'redirect/*',
                  loader: ({ params, request }) => redirect(localizePath(redirectTarget(params['*'], new URL(request.url).search), currentLang())),
                  handle: handle({ titleKey: 'routes:redirect' }),
                },
                {
                  // The member portal: antd and its locales arrive with this chunk.
                  lazy: async () => {
                    const [m] = await Promise.all([
                      import('./portal/PortalLayout'),
                      loadNamespaces('auth', 'user', 'messages', 'registration', 'orders', 'tickets', 'people', 'awards'),
                    ]);
                    return { Component: m.default };
                  },
                  children: [
                    {
                      path: 'userCenter',
                      lazy: async () => ({ Component: (await import('./portal/UserCenterRoute')).default }),
                      handle: handle({ titleKey: 'routes:userCenter', nav: 'userCenter' }),
                    },
                    {
                      // a judge's scoring page (issue 13)
                      path: 'judge',
                      lazy: async () => {
                        const [m] = await Promise.all([import('../features/awards/JudgePage'), loadNamespaces('awards')]);
                        return { Component: m.default };
                      },
                      handle: handle({ titleKey: 'routes:judge' }),
                    },
                    {
                      // volunteer applications (issue 12)
                      path: 'volunteer_pc',
                      lazy: async () => ({ Component: (await import('../features/volunteers/VolunteerPage')).default }),
                      handle: handle({ titleKey: 'routes:volunteer' }),
                    },
                    {
                      path: 'msg',
                      lazy: async () => ({ Component: (await import('./portal/MessagesRoute')).default }),
                      handle: handle({ titleKey: 'routes:msg', nav: 'userCenter' }),
                    },
                    ...REGISTRATION_ROUTES.map<RouteObject>((path) => ({
                      path,
                      lazy: async () => {
                        const [m] = await Promise.all([import('./portal/RegistrationRoute'), loadNamespaces('registration')]);
                        return { element: <m.default view={path} /> };
                      },
                      handle: handle({ titleKey: 'routes:activityRegistration', nav: 'activity' }),
                    })),
                    ...TICKET_ROUTES.map<RouteObject>((r) => ({
                      path: r.path,
                      lazy: async () => {
                        const m = await import('./portal/TicketsRoute');
                        return { element: <m.default view={r.view} /> };
                      },
                      handle: handle({ titleKey: r.titleKey, nav: 'activity' }),
                    })),
                  ],
                },
                { path: '*', Component: NotFoundPage, handle: handle({ titleKey: 'routes:notFound' }) },
              ],
            },
          ],
        },
        ...extra,
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[] = createRoutes(), hydrationData?: HydrationState) {
  let admin = routes[0]?.children?.some((r) => r.id === ADMIN_ROUTE_ID) ?? false;
  const router = createBrowserRouter(routes, {
    future: { v8_middleware: true },
    hydrationData,
    // the admin's route table (~2 KB gzip) loads with the first visit to /admin, not with every public page
    async patchRoutesOnNavigation({ path, patch }) {
      if (admin || !/^\/admin(\/|$)/i.test(path)) return;
      const { adminRoute } = await import('./admin-routes');
      if (!admin) patch('root', [adminRoute()]);
      admin = true;
    },
  });
  registerNavigator((to, options) => void router.navigate(localizeTo(to, currentLang()), options));
  return router;
}
