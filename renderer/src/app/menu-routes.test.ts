import type { MenuEntry } from '@facet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRouteStore } from '../stores/route';
import {
  type AppRoute,
  firstVisiblePath,
  isRoutedPath,
  menusToRoutes,
  onlyBuiltScreens,
  PROMOTION_ROUTE,
  routeNameForPath,
} from './menu-routes';
import { isBuiltScreen } from './screens';

const menu = (name: string, path: string, component: string, children?: MenuEntry[]): MenuEntry => ({
  name,
  path,
  component,
  hidden: false,
  meta: { title: `menu.${name}`, icon: '', noCache: false },
  ...(children ? { children } : {}),
});
const names = (routes: AppRoute[]): string[] =>
  routes.flatMap((r) => [r.name, ...(r.children ? names(r.children) : [])]);

describe('menus → routes', () => {
  it('adds the Dashboard when the menu lacks one, and the fixed Profile and computingPower routes', () => {
    const routes = menusToRoutes([menu('Browser', 'browser', 'browser/index')]);
    expect(routes.map((r) => r.name)).toEqual(['Dashboard', 'Browser', 'Profile', 'ComputingPower']);
    const profile = routes.find((r) => r.name === 'Profile')!;
    expect(profile.path).toBe('profile');
    expect(profile.children?.map((c) => [c.name, c.path])).toEqual([
      ['ProfileIndex', ''],
      ['Authentication', 'authentication'],
    ]);
    expect(routes.find((r) => r.name === 'ComputingPower')?.path).toBe('computingPower');
  });

  it('keeps the server dashboard when present', () => {
    const routes = menusToRoutes([menu('Dashboard', 'dashboard', 'dashboard/index')]);
    expect(routes.filter((r) => r.path === 'dashboard')).toHaveLength(1);
  });

  it('inserts environmentdaily right after environment', () => {
    const routes = menusToRoutes([
      menu('Env', 'environment', 'environment/index'),
      menu('Proxy', 'proxy', 'proxy/index'),
    ]);
    expect(routes.map((r) => r.path)).toEqual([
      'dashboard',
      'environment',
      'environmentdaily',
      'proxy',
      'profile',
      'computingPower',
    ]);
  });

  it('drops entries whose component lies under views/, at any depth', () => {
    const routes = menusToRoutes([
      menu('Old', 'old', 'views/old/index'),
      menu('Group', 'group', '', [menu('Kept', 'kept', 'group/kept'), menu('Legacy', 'legacy', 'views/legacy')]),
    ]);
    expect(names(routes)).not.toContain('Old');
    expect(names(routes)).not.toContain('Legacy');
    expect(names(routes)).toContain('Kept');
  });

  it('the registry keeps only built screens: the fixed Profile children (index, Authentication) and computingPower are', () => {
    const routes = onlyBuiltScreens(
      menusToRoutes([
        menu('Dashboard', 'dashboard', 'dashboard/index'),
        menu('Env', 'environment', 'environment/index'),
      ]),
      isBuiltScreen,
    );
    expect(names(routes)).toEqual([
      'Dashboard',
      'EnvironmentDaily',
      'Profile',
      'ProfileIndex',
      'Authentication',
      'ComputingPower',
    ]);
  });

  it('a container without a built child disappears', () => {
    const routes = onlyBuiltScreens([...menusToRoutes([menu('G', 'g', '', [menu('X', 'x', 'nope/x')])])], (c) =>
      ['dashboard/index'].includes(c),
    );
    expect(names(routes)).toEqual(['Dashboard']);
  });

  it('defines the promotion routes under their shared layout', () => {
    expect(PROMOTION_ROUTE.path).toBe('/promotion');
    expect(PROMOTION_ROUTE.children?.map((c) => [c.name, c.path])).toEqual([
      ['PromotionDetails', 'details'],
      ['PromotionRecords', 'records'],
      ['InviteCode', 'invite-code'],
      ['ImmediatePromotion', 'immediate-promotion'],
    ]);
    // None of the promotion screens is built yet, so none is routed.
    expect(onlyBuiltScreens([PROMOTION_ROUTE], isBuiltScreen)).toEqual([]);
  });

  it('finds the route a path shows, nested ones included', () => {
    const routes = menusToRoutes([]);
    expect(routeNameForPath(routes, '/dashboard')).toBe('Dashboard');
    expect(routeNameForPath(routes, '/profile')).toBe('ProfileIndex');
    expect(routeNameForPath(routes, '/profile/authentication')).toBe('Authentication');
    expect(routeNameForPath([PROMOTION_ROUTE], '/promotion/records')).toBe('PromotionRecords');
    expect(routeNameForPath(routes, '/nowhere')).toBeNull();
  });

  it('says whether a path is routed for this user: nested, with params, and nothing outside the menu', () => {
    const routes = menusToRoutes([
      menu('Browser', 'browser', 'browser/index'),
      menu('BrowserEdit', 'browser/edit/:id', 'browser/form'),
      menu('Settings', 'settings', '', [menu('ApiToken', 'api-token', 'settings/apiToken')]),
    ]);
    expect(isRoutedPath(routes, '/browser')).toBe(true);
    expect(isRoutedPath(routes, '/browser/edit/12')).toBe(true);
    expect(isRoutedPath(routes, '/browser/edit')).toBe(false);
    expect(isRoutedPath(routes, '/settings/api-token')).toBe(true);
    expect(isRoutedPath(routes, '/settings/local-api')).toBe(false);
    // The container alone is no page.
    expect(isRoutedPath(routes, '/settings')).toBe(false);
    expect(isRoutedPath(routes, '/profile/authentication')).toBe(true);
    expect(isRoutedPath([], '/dashboard')).toBe(false);
  });

  it('the main layout redirects to its first visible child', () => {
    const routes = menusToRoutes([menu('Browser', 'browser', 'browser/index')]);
    expect(firstVisiblePath(routes)).toBe('/dashboard');
    expect(firstVisiblePath(routes.filter((r) => r.name !== 'Dashboard'))).toBe('/browser');
  });
});

describe('route store: add, remove, reset by name', () => {
  const r = (name: string): AppRoute => ({
    name,
    path: name.toLowerCase(),
    component: '',
    hidden: false,
    meta: { title: '', icon: '', noCache: false },
  });
  beforeEach(() => useRouteStore.getState().resetRoutes([]));

  it('adds a route only when the name is not registered', () => {
    const s = useRouteStore.getState();
    expect(s.addRoute(r('A'))).toBe(true);
    expect(s.addRoute({ ...r('A'), path: 'other' })).toBe(false);
    expect(useRouteStore.getState().routes.map((x) => x.path)).toEqual(['a']);
  });

  it('removes by name, nested too', () => {
    useRouteStore.getState().setRoutes([{ ...r('P'), children: [r('C1'), r('C2')] }, r('B')]);
    useRouteStore.getState().removeRoute('C1');
    useRouteStore.getState().removeRoute('B');
    expect(names(useRouteStore.getState().routes)).toEqual(['P', 'C2']);
  });

  it('reset re-adds the supplied list', () => {
    useRouteStore.getState().setRoutes([r('A'), r('B')]);
    useRouteStore.getState().resetRoutes([r('C')]);
    expect(names(useRouteStore.getState().routes)).toEqual(['C']);
    useRouteStore.getState().resetRoutes();
    expect(useRouteStore.getState().loaded).toBe(false);
  });
});
