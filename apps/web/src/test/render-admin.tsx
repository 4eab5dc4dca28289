import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AntdStylesApart } from './antd-styles';

/** An admin screen as the app renders it: a router, a fresh query client (no retries) and antd's App (messages, modals),
 * its styles apart from the document (antd-styles.tsx). */
export function renderAdmin(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AntdStylesApart>
          <App>{node}</App>
        </AntdStylesApart>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** Admin pages under their routes (loaders run), opened at `url`, as renderAdmin renders a screen. */
export function renderAdminRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdStylesApart>
        <App>
          <RouterProvider router={router} />
        </App>
      </AntdStylesApart>
    </QueryClientProvider>,
  );
}
