import { Code } from '@facet/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { ClientBridge } from '../bridge';
import { allowedWithoutWaiting, type GuardDeps, guardNavigation, PUBLIC_PATHS } from './guard';

function deps(over: Partial<GuardDeps> = {}): GuardDeps {
  return {
    getToken: () => 'tok',
    takeReloadFlag: () => false,
    hasUserInfo: () => true,
    fetchUserInfo: vi.fn(async () => ({})),
    routesLoaded: () => true,
    loadRoutes: vi.fn(async () => {}),
    refreshToken: vi.fn(async () => false),
    bridge: null,
    setOpenedWindows: vi.fn(),
    resetAll: vi.fn(),
    ...over,
  };
}
const to = (pathname: string, search = '') => ({ pathname, search });

describe('navigation guard', () => {
  it('without a token sends any private path to Login with the full path as redirect', async () => {
    const d = deps({ getToken: () => '' });
    expect(await guardNavigation(to('/profile', '?tab=1'), d)).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/profile?tab=1')}`,
    });
  });

  it.each(PUBLIC_PATHS)('without a token lets %s through', async (path) => {
    expect(await guardNavigation(to(path), deps({ getToken: () => '' }))).toEqual({ type: 'allow' });
  });

  it('with a token sends /login to /', async () => {
    expect(await guardNavigation(to('/login', '?redirect=%2Fx'), deps())).toEqual({ type: 'redirect', to: '/' });
  });

  it('reloads the target page when the app-reload flag is set', async () => {
    expect(await guardNavigation(to('/dashboard', '?a=1'), deps({ takeReloadFlag: () => true }))).toEqual({
      type: 'reload',
      to: '/dashboard?a=1',
    });
  });

  it('fetches user info when missing, loads routes once, then repeats the navigation', async () => {
    const d = deps({ hasUserInfo: () => false, routesLoaded: () => false });
    expect(await guardNavigation(to('/dashboard'), d)).toEqual({ type: 'allow' });
    expect(d.fetchUserInfo).toHaveBeenCalledTimes(1);
    expect(d.loadRoutes).toHaveBeenCalledTimes(1);
    expect(d.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('goes to the redirect query after loading routes', async () => {
    const d = deps({ routesLoaded: () => false });
    expect(await guardNavigation(to('/', `?redirect=${encodeURIComponent('/profile')}`), d)).toEqual({
      type: 'redirect',
      to: '/profile',
    });
  });

  it('refuses a redirect to another origin', async () => {
    const d = deps({ routesLoaded: () => false });
    expect(await guardNavigation(to('/', '?redirect=%2F%2Fevil.example'), d)).toEqual({ type: 'allow' });
  });

  it('does not refetch what is loaded', async () => {
    const d = deps();
    expect(await guardNavigation(to('/profile'), d)).toEqual({ type: 'allow' });
    expect(d.fetchUserInfo).not.toHaveBeenCalled();
    expect(d.loadRoutes).not.toHaveBeenCalled();
  });

  it('in the desktop client syncs the opened windows when routes are loaded', async () => {
    const bridge = { activeProfiles: vi.fn(async () => [{ id: 3 }, { id: 5 }]) } as unknown as ClientBridge;
    const d = deps({ routesLoaded: () => false, bridge });
    await guardNavigation(to('/dashboard'), d);
    expect(d.setOpenedWindows).toHaveBeenCalledWith([3, 5]);
  });

  it('on failure resets all state and goes to Login', async () => {
    const d = deps({
      hasUserInfo: () => false,
      fetchUserInfo: vi.fn(async () => {
        throw new Error('core interface error');
      }),
    });
    expect(await guardNavigation(to('/dashboard'), d)).toEqual({ type: 'redirect', to: '/login' });
    expect(d.resetAll).toHaveBeenCalledTimes(1);
    const d2 = deps({ routesLoaded: () => false, loadRoutes: vi.fn(async () => Promise.reject(new Error('x'))) });
    expect(await guardNavigation(to('/dashboard'), d2)).toEqual({ type: 'redirect', to: '/login' });
  });

  it.each(['aborted', 'network', 'timeout'])(
    'keeps the session when a call got no answer (%s) and asks to try again',
    async (kind) => {
      const d = deps({
        hasUserInfo: () => false,
        fetchUserInfo: vi.fn(async () => {
          throw new ApiError(kind, 'no answer', 0, true);
        }),
      });
      expect(await guardNavigation(to('/recycle'), d)).toEqual({ type: 'unreachable' });
      expect(d.resetAll).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['a server failure', new ApiError(500, 'internal server error', 500, true)],
    ['a busy server', new ApiError(429, 'too many requests', 429, true)],
    ['a role changed under the call', new ApiError(Code.USER_INFO_CHANGED, 'user info changed', 200, true)],
  ])('keeps the session after %s and asks to try again', async (_, error) => {
    const d = deps({ routesLoaded: () => false, loadRoutes: vi.fn(async () => Promise.reject(error)) });
    expect(await guardNavigation(to('/recycle'), d)).toEqual({ type: 'unreachable' });
    expect(d.resetAll).not.toHaveBeenCalled();
  });

  it('a refusal by the server still ends the session', async () => {
    const d = deps({
      routesLoaded: () => false,
      loadRoutes: vi.fn(async () => Promise.reject(new ApiError(401, 'not logged in', 401, true))),
    });
    expect(await guardNavigation(to('/recycle'), d)).toEqual({ type: 'redirect', to: '/login' });
    expect(d.resetAll).toHaveBeenCalledTimes(1);
  });

  it('renders at once only what needs no waiting', () => {
    expect(allowedWithoutWaiting('/login', deps({ getToken: () => '' }))).toBe(true);
    expect(allowedWithoutWaiting('/login', deps())).toBe(false);
    expect(allowedWithoutWaiting('/dashboard', deps({ getToken: () => '' }))).toBe(false);
    expect(allowedWithoutWaiting('/dashboard', deps({ routesLoaded: () => false }))).toBe(false);
    expect(allowedWithoutWaiting('/dashboard', deps())).toBe(true);
  });
});
