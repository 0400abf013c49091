import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetHttpState } from '../api/http';
import { saveToken, setRefreshMarker } from '../api/token-storage';
import { transportEvents } from '../api/transport-events';
import { useRouteStore } from '../stores/route';
import { handleSessionLoss, useUserStore } from '../stores/user';
import { clearBrowserState } from '../test/browser-state';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { App } from './App';

const double = setupHttpDouble();

const userInfo = {
  id: 7,
  username: 'alice',
  userName: 'alice',
  avatar: '',
  roleId: 'owner',
  userType: 1,
  balance: '12.5',
  tipMsg: '',
  tipPhoneMsg: '',
  timeZone: 'UTC',
  language: 'en',
  riskLevel: 0,
  menuCodes: ['dashboard:view'],
  packageId: 'p1',
  secondAuthStatusShow: 0,
  isLocalToken: 0,
  localToken: '',
  updateAvailable: 0,
  phone: '',
  countryCode: '86',
  email: '',
  inviteCode: 'ABC123',
  mainAccountId: 7,
  createdTime: '2024-01-01 08:00:00',
  lastLoginTime: null,
};
const summary = {
  balance: '12.5',
  packageId: 'p1',
  packageName: 'Free',
  createdTime: '2024-01-01 08:00:00',
  lastLoginTime: null,
  activeSessions: 3,
  subAccounts: 0,
  loginsLast30Days: 9,
  failedLoginsLast30Days: 1,
  loginTrend: [{ date: '2024-01-01', success: 1, failed: 0 }],
};
const menus = [
  {
    name: 'Dashboard',
    path: 'dashboard',
    hidden: false,
    component: 'dashboard/index',
    meta: { title: 'menu.dashboard', icon: 'dashboard', noCache: false },
  },
  {
    name: 'Rpa',
    path: 'rpa',
    hidden: false,
    component: 'rpa/index',
    meta: { title: 'menu.rpa', icon: '', noCache: false },
  },
];

/** The server answering every call the shell makes. */
const healthy: Parameters<typeof double.on>[0] = (q, res) => {
  if (q.path.endsWith('/users/currentUser')) return json(res, 200, envelope(0, userInfo));
  if (q.path.endsWith('/sysPackages/currencyList'))
    return json(res, 200, envelope(0, { base: 'EUR', list: [{ code: 'EUR', symbol: '€', rate: '1' }] }));
  if (q.path.endsWith('/sysMenus/getRouters/2')) return json(res, 200, envelope(0, menus));
  if (q.path.endsWith('/dashboard/summary')) return json(res, 200, envelope(0, summary));
  json(res, 404, envelope(404, null, 'no such call'));
};

beforeAll(() => {
  transportEvents.on('sessionLoss', handleSessionLoss);
});
beforeEach(() => {
  clearBrowserState();
  resetHttpState();
  double.seen.length = 0;
  useUserStore.getState().resetAll({ navigate: false });
  useRouteStore.getState().resetRoutes([]);
  double.on(healthy);
});

const goTo = (path: string) => window.history.pushState({}, '', path);

describe('the console shell', () => {
  it('logged out, a private path shows Login with the redirect query', async () => {
    goTo('/dashboard?x=1');
    render(<App />);
    expect(await screen.findByTestId('login-submit', {}, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe(
      `/login?redirect=${encodeURIComponent('/dashboard?x=1')}`,
    );
  });

  it('logged in, / goes to the first menu route and the Dashboard shows the server figures; unbuilt screens are not routed', async () => {
    saveToken('tok', 'sid');
    setRefreshMarker();
    goTo('/');
    render(<App />);
    expect((await screen.findByTestId('fig-sessions', {}, { timeout: 5000 })).textContent).toBe('3');
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByTestId('fig-logins').textContent).toBe('9');
    // The wallet in the operator's base currency, with its symbol, two decimals.
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('€12.50'));
    // The menu lists only built screens: 'rpa/index' does not exist yet.
    expect(screen.queryByTestId('menu-Rpa')).toBeNull();
    expect(screen.getByTestId('menu-Dashboard')).toBeTruthy();
    expect(useRouteStore.getState().activeName).toBe('Dashboard');
  });

  it('authorized login stores the token and sid from the query, then goes on', async () => {
    goTo(`/authorized-login?token=t-9&sid=s-9&redirect=${encodeURIComponent('/profile')}`);
    render(<App />);
    expect((await screen.findByTestId('profile-username', {}, { timeout: 5000 })).textContent).toBe('alice');
    expect(window.location.pathname).toBe('/profile');
    expect(localStorage.getItem('token')).toBe('t-9');
    expect(localStorage.getItem('sid')).toBe('s-9');
    expect(double.seen.find((s) => s.path.endsWith('/currentUser'))?.headers.authorization).toBe('Bearer t-9');
  });

  it('a path that is no route shows the not-found page', async () => {
    saveToken('tok', 'sid');
    setRefreshMarker();
    goTo('/rpa');
    render(<App />);
    expect(await screen.findByText('Page not found', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a server that does not answer: after two failures the person may try at once or sign out, and nothing signs them out alone', async () => {
    let down = true;
    double.on((q, res) => {
      if (down && q.path.endsWith('/users/currentUser')) return json(res, 503, 'unavailable');
      return healthy(q, res);
    });
    saveToken('tok', 'sid');
    setRefreshMarker();
    goTo('/dashboard');
    render(<App />);
    // The guard waits 3 s before asking again; the second failure shows the screen.
    expect(await screen.findByTestId('server-unreachable', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('The server does not answer')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok');
    down = false;
    fireEvent.click(screen.getByTestId('server-unreachable-retry'));
    expect((await screen.findByTestId('fig-sessions', {}, { timeout: 5000 })).textContent).toBe('3');
    expect(screen.queryByTestId('server-unreachable')).toBeNull();
  });

  it("signing out from the unreachable screen ends this browser's session and shows Login", async () => {
    double.on((_q, res) => json(res, 503, 'unavailable'));
    saveToken('tok', 'sid');
    setRefreshMarker();
    goTo('/dashboard');
    render(<App />);
    fireEvent.click(await screen.findByTestId('server-unreachable-sign-out', {}, { timeout: 8000 }));
    expect(await screen.findByTestId('login-submit', {}, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });
});
