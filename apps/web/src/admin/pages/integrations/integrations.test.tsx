import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enAdmin from '../../../locales/en/admin.json';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import type { WebhookDelivery } from './integrations-api';
import { stubAntdDom } from '../../../test/antd-dom';
import { renderAdmin } from '../../../test/render-admin';
import { fakeApi } from '../../../test/shared-state';

// The HTTP client is the seam: the screens' queries and writes (integrations-api.ts) run as they do in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(),
  delete: vi.fn(),
});

// antd's tables and drawers render slowly when the whole suite shares two cores: wait up to 10 s for what must appear
configure({ asyncUtilTimeout: 10_000 });

const { WebhooksTab } = await import('./WebhooksTab');
const { TokensTab } = await import('./TokensTab');
const { OutboxTab } = await import('./OutboxTab');
const { errorInWords, EVENT_KEYS } = await import('./labels');
const { expiryAllowed, expiryInstant, tokenBody } = await import('./model');

const writeText = vi.fn(async (_text: string) => undefined);
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const wrap = renderAdmin;

const endpoint = {
  id: 7,
  url: 'https://exam.example.com/hooks',
  description: 'Exam platform',
  events: ['payment.settled'],
  active: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  last: { status: 'failed', statusCode: 500, at: '2026-11-27T10:05:00.000Z' },
};
const delivery: WebhookDelivery = {
  id: 31,
  eventId: 'e-1',
  eventName: 'payment.settled',
  status: 'pending',
  attempts: 1,
  lastStatusCode: 500,
  lastDurationMs: 12,
  lastError: null,
  nextAt: '2026-11-27T10:06:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-27T10:05:00.000Z',
  log: [{ attempt: 1, manual: false, statusCode: 500, durationMs: 12, error: null, at: '2026-11-27T10:05:00.000Z' }],
};

function serveGets(routes: Record<string, unknown>) {
  http.get.mockImplementation(async (path: string) => {
    for (const [prefix, body] of Object.entries(routes)) if (path.startsWith(prefix)) return typeof body === 'function' ? (body as () => unknown)() : body;
    return { content: [] };
  });
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('webhooks', { timeout: 20_000 }, () => {
  it('shows a refused address under the URL field, keeps what was typed, and shows the secret once when saved', async () => {
    serveGets({ '/api/admin/integrations/events': { events: [{ name: 'payment.settled' }, { name: 'registration.reviewed' }] } });
    wrap(<WebhooksTab />);
    await click(screen.getByRole('button', { name: /Add webhook/ }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByLabelText('Address (URL)');
    await act(async () => {
      fireEvent.change(url, { target: { value: 'http://10.0.0.5/hook' } });
      fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Insurer' } });
    });
    await click(within(dialog).getByRole('checkbox', { name: 'Registration reviewed' }));
    const refused = 'Private, loopback, link-local and reserved addresses are not allowed';
    http.post.mockRejectedValueOnce(new ApiError(refused, 'http', 400, 'VALIDATION_FAILED', { url: refused }));
    await click(within(dialog).getByRole('button', { name: /^Save$/ }));
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/admin/webhooks',
      { url: 'http://10.0.0.5/hook', description: 'Insurer', events: ['registration.reviewed'] },
      { silent: true },
    );
    expect((url as HTMLInputElement).value).toBe('http://10.0.0.5/hook');
    expect((within(dialog).getByLabelText('Description') as HTMLInputElement).value).toBe('Insurer');

    http.post.mockResolvedValueOnce({ ...endpoint, id: 8, url: 'https://insurer.example.com/h', secret: 'whsec_abc123' });
    await act(async () => {
      fireEvent.change(url, { target: { value: ' https://insurer.example.com/h ' } });
    });
    await click(within(dialog).getByRole('button', { name: /^Save$/ }));
    const shown = await screen.findByTestId('shown-once-value');
    expect((shown as HTMLInputElement).value).toBe('whsec_abc123');
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_abc123');
    expect(http.post).toHaveBeenLastCalledWith(
      '/api/admin/webhooks',
      { url: 'https://insurer.example.com/h', description: 'Insurer', events: ['registration.reviewed'] },
      { silent: true },
    );
  });

  it('lists events and statuses in words, and "send again" shows what the receiver answered', async () => {
    let answered = delivery;
    serveGets({
      '/api/admin/integrations/events': { events: [{ name: 'payment.settled' }] },
      '/api/admin/webhooks/7/deliveries': () => ({ total: 1, content: [answered] }),
      '/api/admin/webhooks': { content: [endpoint] },
    });
    wrap(<WebhooksTab />);
    expect(await screen.findByText('Payment settled')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByText('payment.settled')).toBeNull();
    await click(screen.getByRole('button', { name: 'Delivery log of https://exam.example.com/hooks' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('The receiver did not accept it (HTTP 500)')).toBeTruthy();
    answered = {
      ...delivery,
      status: 'succeeded',
      lastStatusCode: 200,
      lastDurationMs: 9,
      log: [...delivery.log, { attempt: 2, manual: true, statusCode: 200, durationMs: 9, error: null, at: '2026-11-27T10:07:00.000Z' }],
    };
    http.post.mockResolvedValueOnce({ ok: true, succeeded: true, statusCode: 200 });
    await click(within(drawer).getByRole('button', { name: 'Send again: Payment settled (delivery 31)' }));
    expect(await within(drawer).findByText('Payment settled sent again and delivered: the receiver accepted it (HTTP 200) in 9 ms.')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/api/admin/webhooks/deliveries/31/resend');
  });
});

/** The endpoint's delivery log opened, serving `current()` as its one delivery. */
async function openLog(current: () => WebhookDelivery) {
  serveGets({
    '/api/admin/integrations/events': { events: [{ name: 'payment.settled' }] },
    '/api/admin/webhooks/7/deliveries': () => ({ total: 1, content: [current()] }),
    '/api/admin/webhooks': { content: [endpoint] },
  });
  wrap(<WebhooksTab />);
  await click(await screen.findByRole('button', { name: 'Delivery log of https://exam.example.com/hooks' }));
  return screen.findByRole('dialog');
}

describe('send again that fails', { timeout: 20_000 }, () => {
  it('says the delivery was not made, why, and that a given-up delivery is not retried on its own', async () => {
    const gaveUp: WebhookDelivery = { ...delivery, status: 'failed', attempts: 9, nextAt: null, lastError: 'http-500' };
    let answered = gaveUp;
    const drawer = await openLog(() => answered);
    answered = {
      ...gaveUp,
      attempts: 10,
      log: [...gaveUp.log, { attempt: 10, manual: true, statusCode: 500, durationMs: 7, error: 'http-500', at: '2026-11-27T10:07:00.000Z' }],
    };
    http.post.mockResolvedValueOnce({ ok: true, succeeded: false, statusCode: 500 });
    await click(await within(drawer).findByRole('button', { name: 'Send again: Payment settled (delivery 31)' }));
    const said = await within(drawer).findByRole('status');
    expect(await within(said).findByText('Sent again, but Payment settled was not delivered')).toBeTruthy();
    expect(
      within(said).getByText('The receiver did not accept it (HTTP 500). It will not be retried automatically: send it again once the receiver is fixed.'),
    ).toBeTruthy();
    expect(said.textContent).not.toMatch(/delivered:/);
  });

  it('says the automatic retries go on when the delivery still waits for one', async () => {
    let answered = delivery;
    const drawer = await openLog(() => answered);
    answered = {
      ...delivery,
      log: [...delivery.log, { attempt: 2, manual: true, statusCode: null, durationMs: 10_000, error: 'timeout', at: '2026-11-27T10:07:00.000Z' }],
    };
    http.post.mockResolvedValueOnce({ ok: true, succeeded: false, statusCode: null });
    await click(await within(drawer).findByRole('button', { name: 'Send again: Payment settled (delivery 31)' }));
    const said = await within(drawer).findByRole('status');
    expect(await within(said).findByText(/^The receiver did not answer in time\. The automatic retries go on: the next one is at /)).toBeTruthy();
  });
});

describe('webhook edit', { timeout: 20_000 }, () => {
  it('pauses an endpoint: the update carries every field and active false', async () => {
    serveGets({ '/api/admin/integrations/events': { events: [{ name: 'payment.settled' }] }, '/api/admin/webhooks': { content: [endpoint] } });
    wrap(<WebhooksTab />);
    await click(await screen.findByRole('button', { name: 'Edit the webhook to https://exam.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Address (URL)') as HTMLInputElement).value).toBe('https://exam.example.com/hooks');
    await click(within(dialog).getByRole('switch'));
    http.put.mockResolvedValueOnce({ ...endpoint, active: false });
    await click(within(dialog).getByRole('button', { name: /^Save$/ }));
    await vi.waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/admin/webhooks/7',
        { url: 'https://exam.example.com/hooks', description: 'Exam platform', events: ['payment.settled'], active: false },
        { silent: true },
      ),
    );
    expect(screen.queryByTestId('shown-once-value')).toBeNull();
  });
});

describe('webhook secret and removal', { timeout: 20_000 }, () => {
  it('makes a new secret only after confirming, shows it once, and deletes after confirming', async () => {
    serveGets({ '/api/admin/integrations/events': { events: [{ name: 'payment.settled' }] }, '/api/admin/webhooks': { content: [endpoint] } });
    wrap(<WebhooksTab />);
    await click(await screen.findByRole('button', { name: 'Make a new secret for https://exam.example.com/hooks?' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/The old secret stops working at once/)).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    http.post.mockResolvedValueOnce({ secret: 'whsec_rotated' });
    await click(within(confirm).getByRole('button', { name: 'New secret' }));
    expect(((await screen.findByTestId('shown-once-value')) as HTMLInputElement).value).toBe('whsec_rotated');
    expect(http.post).toHaveBeenCalledWith('/api/admin/webhooks/7/rotate-secret');
    await click(screen.getByRole('button', { name: 'I have saved it' }));

    http.delete.mockResolvedValueOnce({ ok: true });
    await click(screen.getByRole('button', { name: 'Delete the webhook to https://exam.example.com/hooks?' }));
    const ask = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText(/its delivery log is deleted too/))!;
    expect(http.delete).not.toHaveBeenCalled();
    await click(within(ask).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(http.delete).toHaveBeenCalledWith('/api/admin/webhooks/7'));
  });
});

describe('outbox', { timeout: 20_000 }, () => {
  it('filters by status, shows the subscriber in words and retries a failed delivery', async () => {
    const row = {
      id: 5,
      eventId: 'e-5',
      eventName: 'refund.succeeded',
      subscriber: 'webhooks',
      status: 'failed',
      attempts: 9,
      nextAt: null,
      lastError: 'timeout',
      deliveredAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      subject: { kind: 'order', text: 'R2026112700001' },
      webhooks: null,
    };
    // issue 34: an event no webhook wanted says so; each row names what it was about
    const unwanted = {
      ...row,
      id: 6,
      eventName: 'registration.reviewed',
      status: 'delivered',
      attempts: 1,
      lastError: null,
      deliveredAt: '2026-11-27T10:00:01.000Z',
      subject: { kind: 'player', text: '林** · Rockets' },
      webhooks: 0,
    };
    serveGets({ '/api/admin/outbox': { total: 2, content: [row, unwanted] } });
    wrap(<OutboxTab />);
    expect((await screen.findAllByText('Webhooks to partners')).length).toBe(2);
    expect(screen.getByText('Order R2026112700001')).toBeTruthy();
    expect(screen.getByText('Player 林** · Rockets')).toBeTruthy();
    expect(screen.getByText('No webhook subscribed')).toBeTruthy();
    expect(screen.queryAllByText('Delivered').filter((el) => !el.closest('.ant-segmented'))).toEqual([]);
    expect(screen.getByText('Refund paid out')).toBeTruthy();
    expect(screen.getByText('The receiver did not answer in time')).toBeTruthy();
    await click(screen.getByText('Failed', { selector: '.ant-segmented-item-label' }));
    await vi.waitFor(() =>
      expect(http.get).toHaveBeenCalledWith('/api/admin/outbox', expect.objectContaining({ query: { status: 'failed', pageNo: 0, pageSize: 20 } })),
    );
    http.post.mockResolvedValueOnce({ ok: true });
    await click(screen.getByRole('button', { name: 'Retry now: Refund paid out (5)' }));
    await vi.waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/admin/outbox/5/retry'));
  });
});

describe('API tokens', { timeout: 20_000 }, () => {
  it('creates a token limited to one scope for every activity, expiring in 90 days, and shows it once', async () => {
    serveGets({
      '/api/admin/api-tokens/scopes': {
        scopes: [
          { name: 'registrations.read', activityLimited: true, operations: [] },
          { name: 'orders.read', activityLimited: true, operations: [] },
        ],
      },
      '/api/admin/options/activities': { content: [{ id: 3, nameZh: '春季赛', nameEn: 'Spring cup' }] },
    });
    wrap(<TokensTab />);
    await click(screen.getByRole('button', { name: /New API token/ }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Insurer' } });
    });
    // which scopes read by activity is the server's word: here both, and the help says so
    expect(
      await within(dialog).findByText('Only “Read registrations” and “Read orders” can be limited to activities: choose one of them to pick activities.'),
    ).toBeTruthy();
    await click(within(dialog).getByRole('checkbox', { name: /Read orders/ }));
    expect(await within(dialog).findByText('Limits “Read orders” to the chosen activities. Leave empty to allow every activity.')).toBeTruthy();
    http.post.mockResolvedValueOnce({ id: 1, name: 'Insurer', prefix: 'rpk_ab12', token: 'rpk_ab12secret' });
    await click(within(dialog).getByRole('button', { name: /Create token/ }));
    const shown = await screen.findByTestId('shown-once-value');
    expect((shown as HTMLInputElement).value).toBe('rpk_ab12secret');
    const [path, body] = http.post.mock.calls[0]!;
    expect(path).toBe('/api/admin/api-tokens');
    const sent = body as { name: string; scopes: string[]; activityIds: number[] | null; expiresAt: string };
    expect(sent).toMatchObject({ name: 'Insurer', scopes: ['orders.read'], activityIds: null });
    const days = dayjs(sent.expiresAt).diff(dayjs(), 'day');
    expect(days).toBeGreaterThanOrEqual(89);
    expect(days).toBeLessThanOrEqual(90);
  });

  it('names the maker of each token, and says so when the account was deleted', async () => {
    const token = (id: number, name: string, createdBy: number | null, createdByName: string | null) => ({
      id,
      name,
      prefix: 'ab12cd34',
      scopes: ['registrations.read'],
      activityIds: null,
      expiresAt: '2027-02-25T10:00:00.000Z',
      revokedAt: null,
      lastUsedAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      state: 'active',
      createdBy,
      createdByName,
    });
    serveGets({
      '/api/admin/api-tokens/scopes': { scopes: [] },
      '/api/admin/api-tokens': { content: [token(1, 'Insurer', 4, 'Staff Wang (wang)'), token(2, 'Exam', null, null)] },
    });
    wrap(<TokensTab />);
    expect(await screen.findByRole('columnheader', { name: 'Made by' })).toBeTruthy();
    expect(within((await screen.findByText('Insurer')).closest('tr')!).getByText('Staff Wang (wang)')).toBeTruthy();
    expect(within(screen.getByText('Exam').closest('tr')!).getByText('Account deleted')).toBeTruthy();
  });
});

describe('integration rules', () => {
  const t = i18n.getFixedT('en');
  it('has a label for every event of the catalog (a new event is named in both languages)', () => {
    const catalog = readFileSync(join(__dirname, '../../../../../server/src/lib/events.ts'), 'utf8');
    const block = catalog.slice(catalog.indexOf('export const EVENT_CATALOG'), catalog.indexOf('} as const;'));
    const names = [...block.matchAll(/^ {2}'([a-z]+(?:\.[a-z]+)+)':/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThanOrEqual(7);
    expect(names.filter((n) => !EVENT_KEYS[n])).toEqual([]);
  });
  it('says a delivery failure in words', () => {
    expect(errorInWords(t, 'timeout', null)).toBe('The receiver did not answer in time');
    expect(errorInWords(t, 'ECONNREFUSED', null)).toBe('The receiver refused the connection');
    expect(errorInWords(t, 'private', null)).toBe('This address is not allowed (a private or local network)');
    expect(errorInWords(t, null, 503)).toBe('The receiver did not accept it (HTTP 503)');
    expect(errorInWords(t, 'http-500', 500)).toBe('The receiver did not accept it (HTTP 500)');
    expect(errorInWords(t, 'refused-private', null)).toBe('This address is not allowed (a private or local network)');
    expect(errorInWords(t, 'refused-unresolvable', null)).toBe("The receiver's address could not be found");
    expect(errorInWords(t, null, null)).toBe('—');
  });
  it('keeps a token within one year and sends no activity list for "every activity"', () => {
    const now = dayjs('2026-11-27T10:00:00Z');
    expect(expiryAllowed(now, now)).toBe(false);
    expect(expiryAllowed(now.add(1, 'day'), now)).toBe(true);
    expect(expiryAllowed(now.add(1, 'year'), now)).toBe(true);
    expect(expiryAllowed(now.add(1, 'year').add(1, 'day'), now)).toBe(false);
    expect(dayjs(expiryInstant(now.add(1, 'year'), now)).isAfter(now.add(1, 'year'))).toBe(false);
    expect(tokenBody({ name: ' X ', scopes: ['orders.read'], activityIds: [], expires: now.add(2, 'day') }, now).activityIds).toBeNull();
    expect(tokenBody({ name: ' X ', scopes: ['orders.read'], activityIds: [3], expires: now.add(2, 'day') }, now)).toMatchObject({
      name: 'X',
      activityIds: [3],
    });
  });
});
