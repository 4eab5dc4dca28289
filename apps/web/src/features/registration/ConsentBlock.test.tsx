import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberItem } from '@rp/shared';
import enReg from '../../locales/en/registration.json';
import zhReg from '../../locales/zh/registration.json';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the player's form and its consent block call api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
const DECLARE = '/api/lTeamMember/web/consent/declare';
const REQUEST = '/api/lTeamMember/web/consent/request';

const { MemberDetail } = await import('./MemberDetail');

const activity = {
  id: 600,
  name: 'Open',
  level: 1,
  reviewRequired: false,
  avatarReferenceImage: false,
  programs: [],
  plans: [],
  status: 1,
  beginTime: '2099-01-01',
  finishTime: '2099-01-02',
} as unknown as ActivityItem;
let member: MemberItem;
const child = (consent: MemberItem['consent']): MemberItem =>
  ({
    id: 7,
    activityId: 600,
    name: 'Lin Xiaoyu',
    payStatus: 0,
    team: null,
    program: null,
    plan: null,
    clothes: null,
    cardType: 1,
    card: '110105201705040021',
    birth: 20170504,
    birthDay: '2017-05-04',
    age: 9,
    gender: 'F',
    emerName: 'Lin Mama',
    emerPhone: '13900000001',
    region: '86',
    school: '',
    code: null,
    headImg: null,
    reviewReason: null,
    consent,
  }) as MemberItem;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
  i18n.addResourceBundle('zh', 'registration', zhReg, true, true);
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  member = child('none');
  http.get.mockImplementation(async (path: string) => (path === '/api/lTeamMember/web/detail' ? { data: member } : { content: [], totalElements: 0 }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function mount() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemberDetail activity={activity} memberId={7} onSaved={() => undefined} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const block = async () => (await screen.findByRole('heading', { name: /Guardian's consent \(under 14\)/ })).closest('section')!;
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe("a child's guardian consent in the player's form (issue 37)", { timeout: 60_000 }, () => {
  it('sends the guardian a link (mobile + relationship); a phone the server refuses is said under its field; the state then reads "waiting"', async () => {
    mount();
    const b = await block();
    expect(within(b).getByText("Guardian's consent needed")).toBeTruthy();
    expect(within(b).getByRole('link', { name: "rules for children's personal information" }).getAttribute('href')).toBe('/en/childPrivacy');

    fireEvent.change(within(b).getByLabelText(/Guardian's mobile number/), { target: { value: '1390000' } });
    fireEvent.change(within(b).getByLabelText(/Relationship to the player/), { target: { value: 'Mother' } });
    http.post.mockRejectedValueOnce(
      new ApiError('Some of the data is not valid', 'http', 400, 'VALIDATION_FAILED', { guardianPhone: 'Enter a valid mobile number' }),
    );
    await click(within(b).getByRole('button', { name: 'Send the link by SMS' }));
    expect(http.post).toHaveBeenLastCalledWith(REQUEST, { memberId: 7, guardianName: '', guardianPhone: '1390000', relationship: 'Mother' }, expect.anything());
    expect(await within(b).findByText('Enter a valid mobile number')).toBeTruthy();
    expect(within(b).getByRole('alert').textContent).toContain('Some of the data is not valid');

    fireEvent.change(within(b).getByLabelText(/Guardian's mobile number/), { target: { value: '13900000001' } });
    http.post.mockImplementationOnce(async () => {
      member = child('pending');
      return { resultStr: 'A text message was sent to the guardian', data: { memberId: 7, consent: 'pending' } };
    });
    await click(within(b).getByRole('button', { name: 'Send the link by SMS' }));
    expect(http.post).toHaveBeenLastCalledWith(
      REQUEST,
      { memberId: 7, guardianName: '', guardianPhone: '13900000001', relationship: 'Mother' },
      expect.anything(),
    );
    // the lists refetch: the tag (in the toolbar and the block) now says the guardian is awaited, and the link can be sent again
    expect((await screen.findAllByText('Waiting for the guardian')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('the account holder declares being the guardian: not without the unticked box; then "consented" and nothing left to do', async () => {
    mount();
    const b = await block();
    await click(within(b).getByLabelText("I am the player's parent or guardian"));
    fireEvent.change(within(b).getByLabelText(/Guardian's name/), { target: { value: 'Lin Mama' } });
    fireEvent.change(within(b).getByLabelText(/Relationship to the player/), { target: { value: 'Mother' } });
    const box = within(b).getByRole('checkbox', { name: /I am the player's parent or guardian and I have read and agree/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await click(within(b).getByRole('button', { name: 'Confirm consent' }));
    expect(http.post).not.toHaveBeenCalled();
    expect(within(b).getByRole('alert').textContent).toContain("Tick the guardian's declaration");

    await click(box);
    http.post.mockImplementationOnce(async () => {
      member = child('consented');
      return { resultStr: 'Recorded', data: { memberId: 7, consent: 'consented' } };
    });
    await click(within(b).getByRole('button', { name: 'Confirm consent' }));
    expect(http.post).toHaveBeenCalledWith(DECLARE, { memberId: 7, guardianName: 'Lin Mama', relationship: 'Mother', agree: true }, expect.anything());
    expect((await screen.findAllByText('Guardian consented')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Confirm consent' })).toBeNull();
  });

  it('in Chinese, a refused consent reads in words; a player who needs none shows no block', async () => {
    await i18n.changeLanguage('zh');
    member = child('refused');
    mount();
    expect((await screen.findAllByText('监护人已拒绝')).length).toBeGreaterThan(0);
    cleanup();
    member = child('notNeeded');
    mount();
    expect(await screen.findByRole('heading', { name: 'Lin Xiaoyu' })).toBeTruthy();
    expect(screen.queryByText(/监护人同意（未满 14 周岁）/)).toBeNull();
  });
});
