import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '@rp/shared/schemas/tickets';
import enTickets from '../../locales/en/tickets.json';
import zhTickets from '../../locales/zh/tickets.json';
import i18n from '../../lib/i18n';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the page's query (api.ts) runs as it does in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(),
  put: vi.fn(),
  delete: vi.fn(),
});

configure({ asyncUtilTimeout: 10_000 });
const { default: SessionsPage } = await import('./SessionsPage');

beforeAll(() => {
  stubAntdDom();
  i18n.addResourceBundle('en', 'tickets', enTickets, true, true);
  i18n.addResourceBundle('zh', 'tickets', zhTickets, true, true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const session = (signupOpen: boolean): SessionView => ({
  id: 41,
  activityId: 568,
  kind: 'audience',
  name: 'Finals day · afternoon',
  area: 'Hall A',
  intro: '',
  maxPeople: 100,
  placesLeft: 100,
  teamCodePrefix: '',
  entryTime: '2099-05-01T01:00:00.000Z',
  startTime: '2099-05-01T02:00:00.000Z',
  endTime: '2099-05-01T05:00:00.000Z',
  requireIdCard: false,
  state: 'notStarted',
  signupOpen,
  tickets: [{ id: 7, name: 'Adult', type: 1, priceFen: 5_000, maxPeople: 5, saleStart: null, saleEnd: null, saleState: 'onSale' }],
});

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/audience?id=568']}>
      <QueryClientProvider client={client}>
        <SessionsPage kind="audience" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('/audience of an activity whose audience sign-up is off (issue 34)', () => {
  it.each([
    ['zh', '该活动未开放观众报名，暂不能购票', '未开放', '售卖中', '选择'],
    ['en', 'Audience sign-up is not open for this activity: tickets cannot be bought yet', 'Not open', 'On sale', 'Choose'],
  ])(
    'says so before any input, offers no form and no ticket on sale (%s)',
    async (lang, text, tag, onSale, choose) => {
      await i18n.changeLanguage(lang);
      http.get.mockResolvedValue({ content: [session(false)] });
      mount();
      expect((await screen.findByTestId('signup-closed')).textContent).toContain(text);
      expect(screen.getByText(tag)).toBeTruthy();
      expect(screen.queryByText(onSale)).toBeNull();
      const button = screen.getByRole('button', { name: new RegExp(choose) });
      expect(button.hasAttribute('disabled')).toBe(true);
      fireEvent.click(button);
      // no visitor form: nothing to type into
      expect(screen.queryAllByRole('textbox')).toHaveLength(0);
      expect(screen.queryByRole('spinbutton')).toBeNull();
    },
    20_000,
  );

  it('an open activity still sells: the ticket can be chosen and the form opens', async () => {
    await i18n.changeLanguage('en');
    http.get.mockResolvedValue({ content: [session(true)] });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /Choose Adult/ }));
    expect(await screen.findByRole('spinbutton')).toBeTruthy();
    expect(screen.queryByTestId('signup-closed')).toBeNull();
  }, 20_000);
});
