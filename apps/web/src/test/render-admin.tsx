import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** An admin screen as the app renders it: a router, a fresh query client (no retries) and antd's App (messages, modals). */
export function renderAdmin(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <App>{node}</App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
