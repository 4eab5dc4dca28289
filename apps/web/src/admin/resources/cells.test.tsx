import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { orderResource, playerResource } from '@rp/shared';
import { FieldCell } from './cells';

afterEach(cleanup);

describe('admin table cells (issue 34, item 9)', () => {
  it("shows a player's birth date as a date, not the stored 20130915", () => {
    const birth = playerResource.fields.find((f) => f.name === 'birth')!;
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldCell field={birth} row={{ id: 1, birth: 20130915 }} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('2013-09-15');
  });

  it("shows an order's account by the name the server sent (林小雨 · 138****1234), not #42", () => {
    const account = orderResource.fields.find((f) => f.name === 'userId')!;
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldCell field={account} row={{ id: 1, userId: 42, userIdName: '林小雨 · 138****1234' }} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('林小雨 · 138****1234');
  });
});
