import type { BridgeEventName, ClientBridge } from '@facet/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/calls';
import { useUserStore } from '../../stores/user';
import { CloseQuestion } from './CloseQuestion';

vi.mock('../../api/calls', () => ({
  api: { globalValueList: vi.fn(), globalValueSave: vi.fn(async () => true) },
}));
const mocked = vi.mocked(api);

/** A desktop bridge whose main process can ask the close question. */
function desktop() {
  const listeners = new Map<string, () => void>();
  const bridge = {
    kind: 'electron',
    answerClose: vi.fn(async () => undefined),
    on: (event: BridgeEventName, l: () => void) => {
      listeners.set(event, l);
      return () => listeners.delete(event);
    },
  } as unknown as ClientBridge;
  const closeWindow = () => act(() => listeners.get('close-requested')?.());
  return { bridge, closeWindow };
}

const show = (bridge: ClientBridge) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CloseQuestion bridge={bridge} />
    </QueryClientProvider>,
  );

describe('the close question of the desktop app', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useUserStore.setState({ token: 't' });
    mocked.globalValueList.mockResolvedValue([
      { globalValueType: 'browserBaseSetting', globalValue: '{"theme":"dark"}' },
    ] as never);
  });

  it('asks when the window closes; minimize with remember keeps the tray in browserBaseSetting, the other preferences kept', async () => {
    const { bridge, closeWindow } = desktop();
    show(bridge);
    expect(screen.queryByText(/Keep Facet running in the tray/)).toBeNull();
    closeWindow();
    expect(await screen.findByText(/Keep Facet running in the tray/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Remember my choice'));
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    await waitFor(() => expect(bridge.answerClose).toHaveBeenCalledWith({ action: 'tray' }));
    expect(mocked.globalValueSave).toHaveBeenCalledWith(
      expect.objectContaining({
        globalValueType: 'browserBaseSetting',
        globalValue: '{"theme":"dark","closeaction":1}',
      }),
    );
    expect(localStorage.length).toBe(0);
  });

  it('quits without saving when nothing is remembered, and stays open on cancel', async () => {
    const { bridge, closeWindow } = desktop();
    show(bridge);
    closeWindow();
    fireEvent.click(await screen.findByRole('button', { name: 'Quit' }));
    await waitFor(() => expect(bridge.answerClose).toHaveBeenCalledWith({ action: 'quit' }));
    closeWindow();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge.answerClose).toHaveBeenLastCalledWith({ action: 'stay' }));
    expect(mocked.globalValueSave).not.toHaveBeenCalled();
  });
});
