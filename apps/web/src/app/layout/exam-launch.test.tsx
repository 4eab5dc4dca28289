import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@rp/shared';
import enExam from '../../locales/en/exam.json';
import i18n from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { startExam } from './exam-launch';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const activity = (activityId: number, activityName: string) => ({
  activityId,
  activityName,
  beginTime: '2026-12-20T00:00:00.000Z',
  reviewRequired: false,
  teams: 1,
  players: 2,
  playersByPayStatus: { 3: 2 },
});
const launch = (activityNo: number, type: 0 | 1) => ({
  tempToken: 'T'.repeat(43),
  activityNo,
  airActivity: String(activityNo),
  programType: type,
  ...(type === 0 ? { c1: 1, t1: 10, c2: 0, t2: 20 } : { c1: 0, t1: 20, c2: 1, t2: 10 }),
});

let userSeq = 100;
const member = (): User => ({
  id: ++userSeq,
  username: 'm',
  nickName: 'Mia',
  avatar: null,
  phone: '13800000000',
  roles: ['member'],
  permissions: [],
  isStaff: false,
});

function Harness({ user }: { user: User }) {
  return (
    <button type="button" onClick={() => startExam(user)}>
      go
    </button>
  );
}

function fakePopup() {
  return { opener: {}, closed: false, document: { title: '', body: { textContent: '' } }, location: { replace: vi.fn() }, close: vi.fn() };
}

/** Stubs the three calls: the account's activities, the temp token, the public config. */
function server(activities: unknown[], token: (activityNo: number) => Response) {
  const fetch = vi.fn(async (url: string) => {
    const u = String(url);
    if (u.startsWith('/api/lTeam/my')) return json({ resultCode: 1, resultStr: 'ok', data: activities });
    if (u.startsWith('/api/lTeamMember/web/tempToken')) return token(Number(new URL(u, 'http://x').searchParams.get('activityNo')));
    return json({ resultCode: 1, resultStr: 'ok', data: { examUrl: 'https://learn.example.org/login', captchaEnabled: true } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('take an exam', () => {
  // the first test clicks before the launcher (features/exam/launcher.tsx) has loaded; the others after
  it('opens the window in the click itself, then sends it to the learning site with every parameter', async () => {
    server([activity(600, 'Finals')], (no) => json({ resultCode: 1, resultStr: 'ok', data: launch(no, 1) }));
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    render(<Harness user={member()} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    // in the click, before the launcher's code or any answer arrived: a blank window
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledTimes(1));
    // it cannot reach back, and said what was happening
    expect(popup.opener).toBeNull();
    expect(popup.document.body.textContent).toBe(enExam.opening);
    const url = popup.location.replace.mock.calls[0]![0] as string;
    expect(url.startsWith('https://learn.example.org/login?')).toBe(true);
    expect(params(url)).toEqual({
      tempToken: 'T'.repeat(43),
      activityNo: '600',
      airActivity: '600',
      phone: '13800000000',
      c1: '0',
      t1: '20',
      c2: '1',
      t2: '10',
    });
  });

  it('asks which activity when there are several; the choice opens its own window', async () => {
    const fetch = server([activity(602, 'Spring cup'), activity(600, 'Finals')], (no) => json({ resultCode: 1, resultStr: 'ok', data: launch(no, 0) }));
    const first = fakePopup();
    const second = fakePopup();
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(first as unknown as Window)
      .mockReturnValueOnce(second as unknown as Window);
    render(<Harness user={member()} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await settle();
    expect(first.close).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: enExam.chooseTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Finals/ }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('exam-dialog')).toBeNull();
    await settle();
    expect(params(second.location.replace.mock.calls[0]![0] as string)).toMatchObject({ activityNo: '600', c1: '1', t1: '10', c2: '0', t2: '20' });

    // known by now: the next click asks at once, without a window to close
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: /Spring cup/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: enExam.cancel }));
    expect(screen.queryByTestId('exam-dialog')).toBeNull();
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith('/api/lTeam/my'))).toHaveLength(1);
  });

  it('closes the window and says why when the server refuses; tells an account without registrations what to do', async () => {
    server([activity(600, 'Finals')], () =>
      json({ status: 404, message: 'No team or player here', resultCode: 0, resultStr: 'No team or player here', code: 'EXAM_NOT_AVAILABLE' }, 404),
    );
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const error = vi.spyOn(notify, 'error');
    const info = vi.spyOn(notify, 'info');
    const { unmount } = render(<Harness user={member()} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await settle();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('No team or player here');
    unmount();

    server([], () => json({}));
    const other = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(other as unknown as Window);
    render(<Harness user={member()} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await settle();
    expect(other.close).toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(enExam.none);
  });

  it('offers a link when the browser blocked the window', async () => {
    server([activity(600, 'Finals')], (no) => json({ resultCode: 1, resultStr: 'ok', data: launch(no, 0) }));
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<Harness user={member()} />);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await settle();
    const link = screen.getByRole('link', { name: new RegExp(enExam.openLink) });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(params(link.getAttribute('href')!)).toMatchObject({ tempToken: 'T'.repeat(43), activityNo: '600', phone: '13800000000' });
    fireEvent.click(link);
    expect(screen.queryByTestId('exam-dialog')).toBeNull();
  });
});
