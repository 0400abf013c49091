import { SESSION_LOSS_CODES } from '@facet/shared';
import { ApiError } from '../api/api-error';
import type { ClientBridge } from '../bridge';

/** Public routes: reachable without a token, shown without the layout. */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/reset-pass',
  '/forget-account',
  '/404',
  '/403',
  '/authorized-login',
  '/agreement',
  '/privacy',
  '/log-off-policy',
] as const;

export const isPublicPath = (pathname: string) => (PUBLIC_PATHS as ReadonlyArray<string>).includes(pathname);

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** A full page load of the target (the app-reload flag). */
  | { type: 'reload'; to: string }
  /** A failure that says nothing about the session (no answer, a server failure): try again later. */
  | { type: 'unreachable' };

/**
 * Whether a failed call ends the session (docs/accounts.md, Session codes): the server refused the
 * session, or answered user info or menus the console cannot read. Anything else says nothing about
 * the session: no answer, a server failure or a busy server (5xx, 429), a role changed under the call
 * (the transport has already read the user info again). The guard then tries again.
 */
const endsSession = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 401 || SESSION_LOSS_CODES.includes(Number(e.code));

export interface GuardDeps {
  getToken: () => string;
  /** Reads and clears the client's reloadAppPage flag. */
  takeReloadFlag: () => boolean;
  hasUserInfo: () => boolean;
  fetchUserInfo: () => Promise<unknown>;
  routesLoaded: () => boolean;
  loadRoutes: () => Promise<void>;
  /** Exchange the token when the 7-day marker is gone. */
  refreshToken: () => Promise<unknown>;
  bridge: ClientBridge | null;
  setOpenedWindows: (ids: ReadonlyArray<string | number>) => void;
  /** On failure: reset all state (the guard then sends the user to Login). */
  resetAll: () => void;
}

export const loginRedirect = (fullPath: string) => `/login?redirect=${encodeURIComponent(fullPath)}`;

/** Where the user asked to go before Login sent them away, if it is a path of this app. */
export function safeRedirect(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** The navigation guard, step by step, for one navigation to `to`. */
export async function guardNavigation(
  to: { pathname: string; search: string },
  deps: GuardDeps,
): Promise<GuardDecision> {
  const fullPath = to.pathname + to.search;
  if (deps.takeReloadFlag()) return { type: 'reload', to: fullPath };
  if (!deps.getToken())
    return isPublicPath(to.pathname) ? { type: 'allow' } : { type: 'redirect', to: loginRedirect(fullPath) };
  if (to.pathname === '/login') return { type: 'redirect', to: '/' };
  if (isPublicPath(to.pathname)) return { type: 'allow' };
  try {
    await deps.refreshToken();
    if (!deps.hasUserInfo()) await deps.fetchUserInfo();
    if (!deps.routesLoaded()) {
      await deps.loadRoutes();
      if (deps.bridge) {
        // A client that does not answer must not end the session.
        const active = await deps.bridge.activeProfiles().catch(() => []);
        deps.setOpenedWindows(active.map((p) => p.id));
      }
      // The navigation is repeated now that the routes exist, or goes where Login was asked to.
      const target = safeRedirect(to.search) ?? fullPath;
      return target === fullPath ? { type: 'allow' } : { type: 'redirect', to: target };
    }
    return { type: 'allow' };
  } catch (e) {
    // Only the server's refusal ends the session. A call that got no answer says nothing about
    // it: a reload whose requests the next navigation cut off, or a server briefly down, must not
    // sign the user out.
    if (!endsSession(e)) return { type: 'unreachable' };
    console.warn('navigation guard: signing out after', e);
    deps.resetAll();
    return { type: 'redirect', to: '/login' };
  }
}

/** Whether a navigation may render at once, before the asynchronous guard has answered. */
export function allowedWithoutWaiting(
  pathname: string,
  deps: Pick<GuardDeps, 'getToken' | 'hasUserInfo' | 'routesLoaded'>,
) {
  const token = deps.getToken();
  if (isPublicPath(pathname)) return !(token && pathname === '/login');
  return !!token && deps.hasUserInfo() && deps.routesLoaded();
}
