import type { ClientBridge, UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIRING_REFUSALS, pairLocalClient, useBridgeStore } from '../../bridge';
import { useUserStore } from '../../stores/user';
import { renderWithQuery } from '../../test/render';
import LocalApiPage from './LocalApiPage';

vi.mock('../../bridge', async (importActual) => ({
  ...(await importActual<typeof import('../../bridge')>()),
  pairLocalClient: vi.fn(async () => {}),
}));

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const connectButton = () => screen.getByTestId('pair-connect') as HTMLButtonElement;

beforeEach(() => {
  vi.mocked(pairLocalClient).mockClear();
  useUserStore.setState({
    userInfo: {
      roleId: 'member',
      riskLevel: 0,
      menuCodes: ['setting:view', 'setting:apiToken'],
      isLocalToken: 0,
      localToken: '',
    } as unknown as UserInfo,
  });
  useBridgeStore.setState({
    bridge: null,
    status: { state: 'unreachable', port: 7701, url: null, error: 'Failed to fetch' },
  });
});

describe('local API settings', () => {
  it('says the client is unreachable and shows the address and the examples for the port', () => {
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('client-status').textContent).toBe('Unreachable');
    expect(input('local-api-url').value).toBe('http://127.0.0.1:7701');
    expect(screen.getByTestId('usage-example').textContent).toContain(
      "fetch('http://127.0.0.1:7701/api/v1/profiles/start'",
    );
    expect(screen.getByTestId('local-token-required')).toBeTruthy();
  });

  it.each([['0'], ['65536'], ['77a'], ['']])('refuses the port "%s" with an error naming the field', (port) => {
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    fireEvent.change(input('pair-port'), { target: { value: port } });
    expect(screen.getByText('Port must be a whole number from 1 to 65535')).toBeTruthy();
    expect(connectButton().disabled).toBe(true);
  });

  it('asks for the code, names a short one, then pairs with the port and the code', async () => {
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    fireEvent.change(input('pair-port'), { target: { value: '7890' } });
    fireEvent.click(connectButton());
    expect(await screen.findByText('Enter the pairing code the client shows')).toBeTruthy();
    fireEvent.change(input('pair-code'), { target: { value: '7K2M-9QXA' } });
    expect(screen.getByText(/The pairing code is 16 letters and digits/)).toBeTruthy();
    expect(pairLocalClient).not.toHaveBeenCalled();
    fireEvent.change(input('pair-code'), { target: { value: '7k2m-9qxa-4hdt-1vzb' } });
    fireEvent.click(connectButton());
    await waitFor(() => expect(pairLocalClient).toHaveBeenCalledWith({ port: 7890, code: '7k2m-9qxa-4hdt-1vzb' }));
  });

  it('says why it would not pair, in the user’s words, when the program on the port did not prove itself', () => {
    useBridgeStore.setState({
      status: { state: 'needs-pairing', port: 7701, url: null, error: PAIRING_REFUSALS.notTheClient },
    });
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('client-status').textContent).toBe('Not paired');
    expect(screen.getByTestId('client-error').textContent).toMatch(/did not prove it holds this code/);
  });

  it('inside the desktop app: no pairing form, but a code for a browser, the key for scripts and the port it took', async () => {
    const newPairingCode = vi.fn(async () => ({ code: '7K2M-9QXA-4HDT-1VZB' }));
    const bridge = {
      kind: 'electron',
      newPairingCode,
      getLocalApiKey: vi.fn(async () => ({ apiKey: 'fcl_desktop-key' })),
      getGlobalConfigs: vi.fn(async () => ({ localApiUrl: 'http://127.0.0.1:7702' })),
    } as unknown as ClientBridge;
    useBridgeStore.setState({ bridge, status: { state: 'electron', port: null, url: null, error: null } });
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('client-status').textContent).toBe('Running in the desktop app');
    expect(screen.queryByTestId('pair-port')).toBeNull();
    await waitFor(() => expect(input('local-api-url').value).toBe('http://127.0.0.1:7702'));
    await waitFor(() => expect(input('local-api-key').value).toBe('fcl_desktop-key'));
    expect(input('local-api-key').type).toBe('password');
    fireEvent.click(screen.getByTestId('pairing-code-new'));
    expect((await screen.findByTestId('pairing-code')).textContent).toBe('7K2M-9QXA-4HDT-1VZB');
  });
});
