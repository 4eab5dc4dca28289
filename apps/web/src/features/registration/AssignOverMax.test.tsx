import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import enReg from '../../locales/en/registration.json';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { setupRegistrationScreen } from '../../test/registration-screen';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the dialog loads teams and players and assigns through api.ts as in the app.
const http = fakeApi({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
const { AssignTeamDialog } = await import('./PlayerDialogs');

setupRegistrationScreen();

const team = { id: 5, name: 'Eagles', program: { id: 3, name: 'Sumo', type: 0, maximum: 3 } };
const player = { id: 9, name: 'Lin Xiaoyu', payStatus: 0, team: null, program: { id: 3, name: 'Sumo', type: 0, maximum: 3 } };
const overMax = (size: number) =>
  new ApiError(`The team will have ${size}. Go past the maximum?`, 'http', 409, 'CONFIRM_REQUIRED', {}, { code: 'CONFIRM_REQUIRED', confirmSize: size });

async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' });
  await act(async () => fireEvent.click(item));
}

describe('assigning past the maximum (spec 5: asks for confirmation)', { timeout: 30_000 }, () => {
  it('asks, and on confirmation sends the size the server named; a different size is asked again', async () => {
    await i18n.changeLanguage('en');
    http.get.mockImplementation((url: string) =>
      Promise.resolve(url.includes('/lTeam/web/find') ? { content: [team], totalElements: 1 } : { content: [player], totalElements: 1 }),
    );
    http.put
      .mockRejectedValueOnce(overMax(4))
      .mockRejectedValueOnce(overMax(5)) // someone moved a player meanwhile
      .mockResolvedValueOnce({ resultStr: 'Done' });
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssignTeamDialog open activityId={600} onClose={() => undefined} onDone={onDone} />
      </QueryClientProvider>,
    );
    await pick(new RegExp(`^${enReg.field.team}$`), 'Eagles · Sumo');
    await pick(new RegExp(`^${enReg.field.members}$`), 'Lin Xiaoyu');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: enReg.actions.confirm })));
    // the server asks; the person confirms the size it named
    expect(await screen.findByText('The team will have 4. Go past the maximum?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /OK|confirm/i }).at(-1)!));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(2));
    expect(http.put.mock.calls[0]![1]).toMatchObject({ teamId: 5, teamMemberIdList: [9] });
    expect(http.put.mock.calls[0]![1].confirmSize).toBeUndefined();
    expect(http.put.mock.calls[1]![1]).toMatchObject({ confirm: true, confirmSize: 4 });
    // the size changed meanwhile: asked again, then sent with the new size
    expect(await screen.findByText('The team will have 5. Go past the maximum?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /OK|confirm/i }).at(-1)!));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(3));
    expect(http.put.mock.calls[2]![1]).toMatchObject({ confirm: true, confirmSize: 5 });
  });
});
