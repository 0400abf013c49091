import type { UserInfo } from '@facet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pairLocalClient, useBridgeStore } from '../../bridge';
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

  it('refuses a too short API key, then pairs with the port and the key', async () => {
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    fireEvent.change(input('pair-port'), { target: { value: '7890' } });
    fireEvent.change(input('pair-key'), { target: { value: 'short' } });
    expect(screen.getByText('API key must be 8 to 200 characters')).toBeTruthy();
    expect(connectButton().disabled).toBe(true);
    fireEvent.change(input('pair-key'), { target: { value: 'fct_abcdefgh12345' } });
    fireEvent.click(connectButton());
    await waitFor(() => expect(pairLocalClient).toHaveBeenCalledWith({ port: 7890, apiKey: 'fct_abcdefgh12345' }));
  });

  it('has nothing to pair inside the desktop app', () => {
    useBridgeStore.setState({ status: { state: 'electron', port: null, url: null, error: null } });
    renderWithQuery(
      <MemoryRouter>
        <LocalApiPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('client-status').textContent).toBe('Running in the desktop app');
    expect(screen.queryByTestId('pair-port')).toBeNull();
  });
});
