import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberItem } from '@rp/shared';
import enReg from '../../locales/en/registration.json';
import zhReg from '../../locales/zh/registration.json';
import i18n from '../../lib/i18n';
import type { ActivityItem } from '../../lib/contract';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the one-form team screen and its consent step call api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
const BATCH = '/api/lTeam/web/batchCreate';
const REQUEST = '/api/lTeamMember/web/consent/request';
const DECLARE = '/api/lTeamMember/web/consent/declare';

const { CreateTandP } = await import('./CreateTandP');
const { ConsentList } = await import('./ConsentBlock');

// what the one-form screen reads of an activity: its id, name and programs
const activity = { id: 600, name: 'Open', level: 1, status: 1, programs: [{ id: 3, name: 'Sumo', maxMembers: 3 }] } as unknown as ActivityItem;

const player = (id: number, name: string, consent: MemberItem['consent']): MemberItem =>
  ({
    id,
    activityId: 600,
    name,
    payStatus: 0,
    team: { id: 50, name: 'Falcons', status: 1 },
    program: { id: 3, name: 'Sumo' },
    cardType: 0,
    card: '110***********0021',
    birth: 20170504,
    consent,
  }) as unknown as MemberItem;
let roster: MemberItem[];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  i18n.addResourceBundle('en', 'registration', enReg, true, true);
  i18n.addResourceBundle('zh', 'registration', zhReg, true, true);
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  roster = [player(71, 'Lin Xiaoyu', 'none'), player(72, 'Wang Daming', 'notNeeded'), player(73, 'Zhao Xue', 'consented')];
  http.get.mockImplementation(async (path: string) =>
    path === '/api/lTeamMember/web/list' ? { content: roster, totalElements: roster.length } : { content: [], totalElements: 0 },
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

/** The one-form team screen: a team (Falcons, Sumo) and one player typed, then saved (the server answers with `roster`). */
async function saveTeam(name: string, card: string) {
  render(
    <MemoryRouter initialEntries={['/createTandP?id=600']}>
      <QueryClientProvider client={client()}>
        <Routes>
          <Route path="/createTandP" element={<CreateTandP activity={activity} />} />
          <Route path="/createTeam" element={<p>team page</p>} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // where the children's data is typed, the children's rules are linked
  expect(screen.getByRole('link', { name: "rules for children's personal information" })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Falcons' } });
  await act(async () => {
    fireEvent.mouseDown(screen.getAllByLabelText('Program', { selector: 'input' })[0]!);
  });
  await click(await screen.findByTitle('Sumo'));
  fireEvent.change(screen.getByLabelText('Player name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('ID number'), { target: { value: card } });
  http.post.mockResolvedValueOnce({ resultStr: 'Created', data: { id: 50, name: 'Falcons', teamMembers: roster } });
  await click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  expect(http.post).toHaveBeenCalledWith(BATCH, expect.objectContaining({ activityId: 600 }), expect.anything());
}

describe('guardian consent on the one-form team screen and a team’s rows (issue 37)', { timeout: 20_000 }, () => {
  it('after saving a team with a child, each child’s consent is shown with the way to get it; a link sent turns it to “waiting”', async () => {
    await saveTeam('Lin Xiaoyu', '110105201705040023');

    // the consent step, on this page: the child who needs it and the one who has it; not the 15-year-old
    const list = (await screen.findByRole('heading', { name: 'Guardian’s consent (players under 14)' })).closest('section')!;
    expect(within(list).getByText('Lin Xiaoyu')).toBeTruthy();
    expect(within(list).getByText("Guardian's consent needed")).toBeTruthy();
    expect(within(list).getByText('Guardian consented')).toBeTruthy();
    expect(within(list).queryByText('Wang Daming')).toBeNull();
    // only the child still without consent offers the way; it opens in place
    const get = within(list).getByRole('button', { name: 'Get the guardian’s consent: Lin Xiaoyu' });
    expect(within(list).queryByRole('button', { name: 'Get the guardian’s consent: Zhao Xue' })).toBeNull();
    expect(get.getAttribute('aria-expanded')).toBe('false');
    await click(get);
    expect(get.getAttribute('aria-expanded')).toBe('true');
    const block = within(list).getByRole('region', { name: 'Guardian’s consent for Lin Xiaoyu' });
    fireEvent.change(within(block).getByLabelText(/Guardian's mobile number/), { target: { value: '13900000001' } });
    http.post.mockImplementationOnce(async () => {
      roster = [player(71, 'Lin Xiaoyu', 'pending'), ...roster.slice(1)];
      return { resultStr: 'A text message was sent to the guardian', data: { memberId: 71, consent: 'pending' } };
    });
    await click(within(block).getByRole('button', { name: 'Send the link by SMS' }));
    expect(http.post).toHaveBeenLastCalledWith(REQUEST, { memberId: 71, guardianName: '', guardianPhone: '13900000001', relationship: '' }, expect.anything());
    // the roster refetches: the state in words follows
    expect(await within(list).findByText('Waiting for the guardian')).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Done: go to the team' }));
    expect(await screen.findByText('team page')).toBeTruthy();
  });

  it('a saved team whose players need no consent goes straight to the team page', async () => {
    roster = [player(72, 'Wang Daming', 'notNeeded')];
    await saveTeam('Wang Daming', '110105201101010018');
    expect(await screen.findByText('team page')).toBeTruthy();
  });

  it('in Chinese, the account holder declares for one child of the list (the box unticked until ticked)', async () => {
    await i18n.changeLanguage('zh');
    render(
      <MemoryRouter>
        <QueryClientProvider client={client()}>
          <ConsentList members={roster} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const list = screen.getByRole('heading', { name: '监护人同意（未满 14 周岁的选手）' }).closest('section')!;
    expect(within(list).getByText('需要监护人同意')).toBeTruthy();
    await click(within(list).getByRole('button', { name: '取得监护人同意：Lin Xiaoyu' }));
    const block = within(list).getByRole('region', { name: 'Lin Xiaoyu 的监护人同意' });
    await click(within(block).getByLabelText('我是该选手的父母或其他监护人'));
    fireEvent.change(within(block).getByLabelText(/监护人姓名/), { target: { value: '林妈妈' } });
    fireEvent.change(within(block).getByLabelText(/与选手的关系/), { target: { value: '母亲' } });
    const box = within(block).getByRole('checkbox', { name: /已阅读并同意/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await click(box);
    http.post.mockResolvedValueOnce({ resultStr: '已记录', data: { memberId: 71, consent: 'consented' } });
    await click(within(block).getByRole('button', { name: '确认同意' }));
    expect(http.post).toHaveBeenLastCalledWith(DECLARE, { memberId: 71, guardianName: '林妈妈', relationship: '母亲', agree: true }, expect.anything());
  });
});
