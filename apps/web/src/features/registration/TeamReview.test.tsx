import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamItem } from '@rp/shared';
import i18n from '../../lib/i18n';
import type { ActivityItem } from '../../lib/contract';
import { click, setupRegistrationScreen } from '../../test/registration-screen';
import { teamFixture } from '../../test/team-fixture';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the team screen calls api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });

const { TeamsPanel } = await import('./TeamsPanel');

const activity = { id: 600, name: 'Open', level: 1, status: 1, programs: [{ id: 3, name: 'Sumo', maxMembers: 3 }], plans: [] } as unknown as ActivityItem;

const team = (over: Partial<TeamItem> = {}): TeamItem =>
  teamFixture({
    name: '雄鹰队',
    leader: { id: 4, name: '李老师' },
    orgAddress: '北京市海淀区 1 号',
    creator: { id: 9, nickName: 'Coach Wang' },
    address: 'Room 2',
    ...over,
  });
let teams: TeamItem[];

setupRegistrationScreen();
beforeEach(() => {
  http.get.mockImplementation(async (path: string) => {
    if (path === '/api/lTeam/web/find') return { content: teams, totalElements: teams.length };
    if (path === '/api/lTeam/web/fees') return { data: [] };
    return { content: [], totalElements: 0 };
  });
});

async function open(lang: 'en' | 'zh') {
  await i18n.changeLanguage(lang);
  render(
    <MemoryRouter initialEntries={['/createTeam?id=600&team=50']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TeamsPanel activity={activity} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const readItem = (label: string) => {
  const term = screen.getAllByText(label, { selector: 'dt' })[0]!;
  return term.nextElementSibling as HTMLElement;
};

describe('the coach’s team: review state, reason, organisation address, names in Chinese (issue 40)', { timeout: 20_000 }, () => {
  it('shows a failed team’s review label and reason, and a suspended one’s; never the number', async () => {
    teams = [team({ reviewStatus: 6, reviewReason: '队员资格不符' })];
    await open('en');
    expect((await screen.findAllByText('Team review', { selector: 'dt' }, { timeout: 5000 })).length).toBe(1);
    expect(readItem('Team review').textContent).toBe('Failed');
    expect(readItem('Review reason').textContent).toBe('队员资格不符');
    cleanup();

    teams = [team({ reviewStatus: 4, reviewReason: '材料待补' })];
    await open('zh');
    await screen.findAllByText('队伍审核', { selector: 'dt' }, { timeout: 5000 });
    expect(readItem('队伍审核').textContent).toBe('暂停');
    expect(readItem('审核原因').textContent).toBe('材料待补');
    cleanup();

    // passed: the state, no reason row
    teams = [team({ reviewStatus: 5, reviewReason: null })];
    await open('en');
    await screen.findAllByText('Team review', { selector: 'dt' }, { timeout: 5000 });
    expect(readItem('Team review').textContent).toBe('Passed');
    expect(screen.queryByText('Review reason', { selector: 'dt' })).toBeNull();
  });

  it('marks Chinese names on the English page as lang="zh" (chip, heading, leader, organisation address), not the labels', async () => {
    teams = [team()];
    await open('en');
    await screen.findAllByText('Team review', { selector: 'dt' }, { timeout: 5000 });
    const chip = await screen.findByRole('button', { name: '雄鹰队 (0/3)' });
    expect(chip.querySelector('span[lang="zh"]')?.textContent).toBe('雄鹰队');
    expect(screen.getByRole('heading', { name: '雄鹰队' }).querySelector('[lang="zh"]')).not.toBeNull();
    expect(readItem('Leading teacher').querySelector('[lang="zh"]')?.textContent).toBe('李老师');
    expect(readItem('Organisation address').querySelector('[lang="zh"]')?.textContent).toBe('北京市海淀区 1 号');
    // Latin text is left alone
    expect(readItem('Creator').querySelector('[lang]')).toBeNull();
    cleanup();
    await open('zh');
    await screen.findByRole('button', { name: '雄鹰队（0/3）' }, { timeout: 5000 });
    expect(document.querySelector('[lang="zh"]')).toBeNull();
  });

  it('saves the organisation address typed in the form and reads it back', async () => {
    teams = [team({ orgAddress: null })];
    await open('en');
    await screen.findAllByText('Organisation address', { selector: 'dt' }, { timeout: 5000 });
    expect(readItem('Organisation address').textContent).toBe('Not filled in');
    await click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText('Organisation address');
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: '  上海市徐汇区 8 号  ' } });
    http.put.mockImplementationOnce(async () => {
      teams = [team({ orgAddress: '上海市徐汇区 8 号' })];
      return { resultStr: 'Saved', data: teams[0] };
    });
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(http.put).toHaveBeenCalledWith(
      '/api/lTeam/web/update',
      {
        activityId: 600,
        id: 50,
        name: '雄鹰队',
        program: { id: 3 },
        leader: { id: 4 },
        address: 'Room 2',
        orgAddress: '上海市徐汇区 8 号',
        orgCode: null,
        confirm: undefined,
        confirmSize: undefined,
      },
      expect.anything(),
    );
    // back to the read view, the address read back from the server
    expect((await screen.findByText('上海市徐汇区 8 号')).closest('dd')).toBe(readItem('Organisation address'));
  });
});
