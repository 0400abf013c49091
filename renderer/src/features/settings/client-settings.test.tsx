import type {
  ClientBridge,
  ClientConfigs,
  PerformanceConfig,
  SystemProxyConfig,
  SystemProxySave,
  SystemProxyView,
  UserInfo,
} from '@facet/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridgeForTests } from '../../bridge';
import { useNoticeStore } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import OpenBrowserPage from './OpenBrowserPage';
import SystemProxyPage from './SystemProxyPage';

const PERF: PerformanceConfig = { open: true, cpu: 95, mem: 95, freeCacheSpace: 1, xcf: 'x'.repeat(48) };

/** A double of the client bridge that keeps what is saved, like the client does. */
function bridgeDouble() {
  let perf = { ...PERF };
  let proxy: SystemProxyConfig = { type: 1, host: null, port: null, username: null, password: null };
  const view = ({ password, ...rest }: SystemProxyConfig): SystemProxyView => ({ ...rest, passwordSet: !!password });
  const bridge = {
    kind: 'local-api',
    platform: 'linux',
    clientVersion: '7.0.2',
    getPerformanceConfig: vi.fn(async () => perf),
    savePerformanceConfig: vi.fn(async (patch: Partial<PerformanceConfig>) => {
      perf = { ...perf, ...patch };
      return perf;
    }),
    getGlobalConfigs: vi.fn(
      async (): Promise<ClientConfigs> => ({
        performance: perf,
        systemProxy: view(proxy),
        localApiUrl: 'http://127.0.0.1:7701',
        clientVersion: '7.0.2',
        engineVersion: '156.0.7571.0',
      }),
    ),
    saveSysProxyConfig: vi.fn(async (c: SystemProxySave) => {
      proxy = { ...proxy, ...c, password: c.password === undefined ? proxy.password : c.password } as SystemProxyConfig;
      return view(proxy);
    }),
    /** What the client holds, password included. */
    stored: () => proxy,
    on: () => () => {},
  } as unknown as ClientBridge & { stored: () => SystemProxyConfig };
  return bridge;
}

const wrap = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const noticeTexts = () => useNoticeStore.getState().notices.map((n) => n.text);
const saveButton = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

beforeEach(() => {
  useUserStore.setState({
    userInfo: { roleId: 'member', riskLevel: 0, menuCodes: ['setting:view'] } as unknown as UserInfo,
  });
  useNoticeStore.setState({ notices: [] });
});
afterEach(() => setBridgeForTests(undefined));

describe('open browser settings', () => {
  it('shows the client’s config and saves changed thresholds through the bridge', async () => {
    const bridge = bridgeDouble();
    setBridgeForTests(bridge);
    wrap(<OpenBrowserPage />);
    await waitFor(() => expect(input('perf-cpu').value).toBe('95'));
    expect(saveButton('perf-save').disabled).toBe(true);

    type('perf-cpu', '80');
    type('perf-mem', '70');
    fireEvent.click(input('perf-cache'));
    fireEvent.click(saveButton('perf-save'));
    await waitFor(() =>
      expect(bridge.savePerformanceConfig).toHaveBeenCalledWith({ open: true, cpu: 80, mem: 70, freeCacheSpace: 0 }),
    );
    await waitFor(() => expect(noticeTexts()).toContain('Performance settings saved in the client'));
  });

  it.each([
    ['perf-cpu', '0', 'CPU threshold must be a whole number from 1 to 100'],
    ['perf-cpu', '101', 'CPU threshold must be a whole number from 1 to 100'],
    ['perf-mem', '12.5', 'Memory threshold must be a whole number from 1 to 100'],
    ['perf-mem', '', 'Memory threshold must be a whole number from 1 to 100'],
  ])('refuses %s = "%s" with an error naming the field', async (field, value, text) => {
    const bridge = bridgeDouble();
    setBridgeForTests(bridge);
    wrap(<OpenBrowserPage />);
    await waitFor(() => expect(input(field).value).toBe('95'));
    type(field, value);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(saveButton('perf-save').disabled).toBe(true);
    expect(bridge.savePerformanceConfig).not.toHaveBeenCalled();
  });

  it('shows the defaults disabled, with an explanation, when no client is connected', async () => {
    setBridgeForTests(null);
    wrap(<OpenBrowserPage />);
    expect(screen.getByTestId('no-client').textContent).toContain('No Facet client connected');
    expect(input('perf-cpu').value).toBe('95');
    expect(input('perf-cpu').disabled).toBe(true);
    expect(saveButton('perf-save').disabled).toBe(true);
  });

  it('shows what the client answered when it cannot be read', async () => {
    const bridge = bridgeDouble();
    vi.mocked(bridge.getPerformanceConfig).mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    setBridgeForTests(bridge);
    wrap(<OpenBrowserPage />);
    expect((await screen.findByTestId('perf-load-error')).textContent).toContain('connect ECONNREFUSED');
  });
});

describe('system proxy settings', () => {
  it('needs a host and a valid port for a proxy, and saves a SOCKS5 proxy', async () => {
    const bridge = bridgeDouble();
    setBridgeForTests(bridge);
    wrap(<SystemProxyPage />);
    fireEvent.click(await screen.findByTestId('proxy-type-socks5'));
    fireEvent.click(saveButton('proxy-save'));
    expect(await screen.findByText('Proxy host is required for an HTTP or SOCKS5 proxy')).toBeTruthy();
    expect(screen.getByText('Proxy port must be a whole number from 1 to 65535')).toBeTruthy();

    type('proxy-host', 'http://proxy.local');
    expect(await screen.findByText(/Proxy host must be a host name or an IP address/)).toBeTruthy();
    type('proxy-host', 'proxy.local');
    type('proxy-port', '70000');
    expect(screen.getByText('Proxy port must be a whole number from 1 to 65535')).toBeTruthy();
    expect(bridge.saveSysProxyConfig).not.toHaveBeenCalled();

    type('proxy-port', '1080');
    type('proxy-username', 'me');
    type('proxy-password', 'secret');
    fireEvent.click(saveButton('proxy-save'));
    await waitFor(() =>
      expect(bridge.saveSysProxyConfig).toHaveBeenCalledWith({
        type: 3,
        host: 'proxy.local',
        port: 1080,
        username: 'me',
        password: 'secret',
      }),
    );
    await waitFor(() => expect(noticeTexts()).toContain('System proxy saved in the client'));

    // The page never gets the password back; saved again with the field empty, the client keeps it.
    await waitFor(() => expect((screen.getByTestId('proxy-password') as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('A password is saved in the client. Leave this empty to keep it.')).toBeTruthy();
    type('proxy-port', '1081');
    fireEvent.click(saveButton('proxy-save'));
    await waitFor(() =>
      expect(bridge.saveSysProxyConfig).toHaveBeenLastCalledWith({
        type: 3,
        host: 'proxy.local',
        port: 1081,
        username: 'me',
      }),
    );
    await waitFor(() => expect(bridge.stored()).toMatchObject({ port: 1081, password: 'secret' }));
  });

  it('is disabled with an explanation when no client is connected', () => {
    setBridgeForTests(null);
    wrap(<SystemProxyPage />);
    expect(screen.getByTestId('no-client')).toBeTruthy();
    expect((screen.getByTestId('proxy-type-http') as HTMLButtonElement).disabled).toBe(true);
  });
});
