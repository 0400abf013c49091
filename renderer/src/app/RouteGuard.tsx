import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { refreshTokenIfDue } from '../api/token-refresh';
import { getToken } from '../api/token-storage';
import { getBridge, isElectronBridge } from '../bridge';
import { PageLoader } from '../components/PageLoader';
import { ServerUnreachable } from '../features/errors/ServerUnreachable';
import { useClientStore } from '../stores/client';
import { useRouteStore } from '../stores/route';
import { useUserStore } from '../stores/user';
import { allowedWithoutWaiting, type GuardDeps, guardNavigation } from './guard';
import { loadRoutes } from './load-routes';
import { routeNameForPath } from './menu-routes';

/** The guard's dependencies, wired to the real stores and calls. */
export const appGuardDeps = (): GuardDeps => ({
  getToken,
  takeReloadFlag: () => {
    const flag = useClientStore.getState().reloadAppPage;
    if (flag) useClientStore.getState().set({ reloadAppPage: false });
    return flag;
  },
  hasUserInfo: () => useUserStore.getState().userInfo !== null,
  fetchUserInfo: () => useUserStore.getState().fetchUserInfo(),
  routesLoaded: () => useRouteStore.getState().loaded,
  loadRoutes,
  refreshToken: refreshTokenIfDue,
  bridge: getBridge(),
  setOpenedWindows: (ids) => useClientStore.getState().setOpenedWindows(ids),
  resetAll: () => useUserStore.getState().resetAll({ navigate: false }),
});

/**
 * How long the guard waits before asking a server that did not answer again (the transport showed
 * why): 3 s, doubled after each failure up to 30 s, so a server that is down is not hammered.
 */
export const unreachableRetryMs = (failures: number) => Math.min(3000 * 2 ** Math.max(0, failures - 1), 30_000);
/** Failures in a row after which the loader gives way to the unreachable screen. */
const FAILURES_BEFORE_SCREEN = 2;

/** Runs the navigation guard (guard.ts) on every navigation; renders the target once the guard lets it through. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [allowedKey, setAllowedKey] = useState<string | null>(null);
  // Bumped to run the guard again after the server did not answer.
  const [attempt, setAttempt] = useState(0);
  // The server's failures to answer in a row; any other outcome sets it back to 0.
  const [failures, setFailures] = useState(0);
  // Re-render when the stores the guard reads change (login, logout, routes loaded).
  useUserStore((s) => s.token + (s.userInfo ? '1' : '0'));
  useRouteStore((s) => s.loaded);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt runs the guard again for the same location.
  useEffect(() => {
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const deps = appGuardDeps();
    void guardNavigation(location, deps).then((d) => {
      if (!current) return;
      if (d.type === 'unreachable') {
        const n = failures + 1;
        setFailures(n);
        retry = setTimeout(() => setAttempt((a) => a + 1), unreachableRetryMs(n));
        return;
      }
      setFailures(0);
      if (d.type === 'allow') {
        setAllowedKey(location.key);
        const { routes, setActiveName } = useRouteStore.getState();
        setActiveName(routeNameForPath(routes, location.pathname) ?? '');
        // In the desktop client the main window is shown after each navigation.
        if (isElectronBridge(deps.bridge)) void Promise.resolve(deps.bridge.showMainWindow()).catch(() => undefined);
      } else if (d.type === 'redirect') navigate(d.to, { replace: true });
      else window.location.assign(d.to);
    });
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [location, navigate, attempt]);

  const deps = appGuardDeps();
  const ready = allowedKey === location.key || allowedWithoutWaiting(location.pathname, deps);
  if (ready) return children;
  if (failures < FAILURES_BEFORE_SCREEN) return <PageLoader />;
  return (
    <ServerUnreachable
      onRetry={() => setAttempt((a) => a + 1)}
      // Only this browser's session: the server that would end it does not answer. The guard then
      // runs again and, with no token, sends the person to Login.
      onSignOut={() => {
        deps.resetAll();
        setAttempt((a) => a + 1);
      }}
    />
  );
}
