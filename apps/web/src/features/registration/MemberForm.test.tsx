import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enReg from '../../locales/en/registration.json';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import type { ActivityItem } from '../../lib/contract';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the screen's queries and writes (api.ts) run as they do in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(),
  put: vi.fn(),
  delete: vi.fn(),
});
const CREATE = '/api/lTeamMember/web/create';
const created = () => http.post.mock.calls.filter(([path]) => path === CREATE);

const { MemberDetail } = await import('./MemberDetail');

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const activity = {
  id: 600,
  name: 'Open',
  reviewRequired: false,
  avatarReferenceImage: false,
  programs: [],
  plans: [],
  status: 1,
  beginTime: '2099-01-01',
  finishTime: '2099-01-02',
  signUpBegin: null,
  signUpEnd: null,
} as unknown as ActivityItem;

function mount() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <MemberDetail activity={activity} memberId={null} onSaved={() => undefined} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const itemOf = (label: string) => field(label).closest('.ant-form-item')! as HTMLElement;
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
};

describe('player form errors (issue 8)', { timeout: 60_000 }, () => {
  it('puts server field errors under their fields, names them in the banner, and clears each when its field changes', async () => {
    http.post.mockRejectedValueOnce(
      new ApiError('Submitted data is invalid', 'http', 400, 'VALIDATION_FAILED', {
        card: 'This player is already registered in this activity',
        emerPhone: 'The phone number does not match its country code',
      }),
    );
    mount();
    type('Player name', 'Li Lei');
    type('ID number', '110105201203041237');
    type('Emergency contact phone', '13800138000');
    await save();

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Please fix: ID number, Emergency contact phone');
    expect(banner.textContent).toContain('Submitted data is invalid');
    expect(within(itemOf('ID number')).getByText('This player is already registered in this activity')).toBeTruthy();
    expect(within(itemOf('Emergency contact phone')).getByText('The phone number does not match its country code')).toBeTruthy();

    // fixing the phone takes its error away and out of the banner; the ID number's stays
    await act(async () => type('Emergency contact phone', '13900139000'));
    expect(within(itemOf('Emergency contact phone')).queryByText('The phone number does not match its country code')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Please fix: ID number');
    expect(screen.getByRole('alert').textContent).not.toContain('Emergency contact phone');

    // fixing the last one clears the banner too
    await act(async () => type('ID number', '11010520120304125X'));
    expect(within(itemOf('ID number')).queryByText('This player is already registered in this activity')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a client check names the country of the phone, and its error goes once the field is filled in again', async () => {
    mount();
    type('Player name', 'Chan Tai Man');
    type('ID number', '110105201203041237');
    type('Emergency contact phone', '1234');
    // country code: Hong Kong
    await act(async () => {
      fireEvent.mouseDown(screen.getByLabelText('Country code', { selector: 'input' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('Hong Kong SAR China +852'));
    });
    await save();
    expect(created()).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toContain('Please fix: Emergency contact phone');
    expect(within(itemOf('Emergency contact phone')).getByText('Enter a valid Hong Kong SAR China (+852) phone number')).toBeTruthy();
    await act(async () => type('Emergency contact phone', '91234567'));
    expect(within(itemOf('Emergency contact phone')).queryByText(/Hong Kong/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    http.post.mockResolvedValueOnce({ resultStr: 'Created', data: { id: 1 } });
    await save();
    expect(created()[0]?.[1]).toEqual(expect.objectContaining({ region: '852', emerPhone: '91234567' }));
  });

  it('a wrong GB 11643 check digit is said under the ID number field and nothing is sent (issue 24)', async () => {
    mount();
    type('Player name', 'Li Lei');
    type('ID number', '110105201203041234'); // the check digit is 7
    await save();
    expect(created()).toHaveLength(0);
    expect(within(itemOf('ID number')).getByText("The ID number's check digit is wrong")).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Please fix: ID number');
    // a wrong format keeps the spec's own text
    await act(async () => type('ID number', '1101052012'));
    await save();
    expect(within(itemOf('ID number')).getByText('Please fill in the correct ID number')).toBeTruthy();
    // a lowercase x check character is accepted
    http.post.mockResolvedValueOnce({ resultStr: 'Created', data: { id: 8 } });
    await act(async () => type('ID number', '11010519491231002x'));
    await save();
    expect(created()).toHaveLength(1);
  });

  it('copies an earlier player from the picker: form and photo filled, saved with fromMemberId and no ID number (issue 24)', async () => {
    const earlier = {
      id: 41,
      name: 'Han Mei',
      cardType: 0,
      card: '110***********1237',
      birthDay: '2012-03-04',
      gender: 'F',
      emerName: 'Mum',
      emerPhone: '13800138000',
      region: '86',
      school: '',
      headImg: '/api/files/private/avatars/2025/05/abc.jpg',
      activity: { id: 500, name: 'Last season' },
      program: null,
      inActivity: false,
    };
    http.get.mockImplementation(async (path: string) => (path === '/api/lTeamMember/web/findHistory' ? { content: [earlier] } : { content: [] }));
    mount();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy from earlier players' }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('110***********1237')).toBeTruthy();
    expect(within(dialog).getByText('From: Last season')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: "Use Han Mei's details" }));
    });
    expect((field('Player name') as HTMLInputElement).value).toBe('Han Mei');
    expect((field('ID number') as HTMLInputElement).value).toBe('110***********1237');
    expect((field('ID number') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(/The ID number from the earlier registration is used/)).toBeTruthy();
    expect(document.querySelector(`img[src="${earlier.headImg}"]`)).toBeTruthy();

    http.post.mockResolvedValueOnce({ resultStr: 'Created', data: { id: 9 } });
    await save();
    expect(created()).toHaveLength(1);
    expect(created()[0]?.[1]).toEqual(expect.objectContaining({ name: 'Han Mei', card: '', fromMemberId: 41, headImg: earlier.headImg, emerName: 'Mum' }));
    http.get.mockReset();
    http.get.mockImplementation(async () => ({ content: [] }));
  });

  it('a new player saved does not fetch a detail without an id', async () => {
    http.post.mockResolvedValueOnce({ resultStr: 'Created', data: { id: 7 } });
    mount();
    type('Player name', 'Li Lei');
    type('ID number', '110105201203041237');
    await save();
    expect(created()).toHaveLength(1);
    expect(http.get.mock.calls.filter(([path]) => path === '/api/lTeamMember/web/detail')).toHaveLength(0);
  });
});
