import type { MenuEntry } from '@facet/shared';

/** A route of the console, made from a menu entry of the server or defined here. */
export interface AppRoute {
  name: string;
  /** Relative to the parent; '' is the parent's index. */
  path: string;
  /** Screen key looked up in the screen registry; '' for a container that only groups children. */
  component: string;
  hidden: boolean;
  meta: { title: string; icon: string; noCache: boolean };
  children?: AppRoute[];
}

const route = (r: Omit<AppRoute, 'hidden' | 'meta'> & { hidden?: boolean; meta: Partial<AppRoute['meta']> }) => ({
  ...r,
  hidden: r.hidden ?? false,
  meta: { title: r.meta.title ?? '', icon: r.meta.icon ?? '', noCache: r.meta.noCache ?? false },
});

/** Added when the server's menu lacks a dashboard. */
export const DASHBOARD_ROUTE: AppRoute = route({
  name: 'Dashboard',
  path: 'dashboard',
  component: 'dashboard/index',
  meta: { title: 'menu.dashboard', icon: 'dashboard' },
});

/** The cloud-phone environment daily route, inserted right after the environment route. */
export const ENVIRONMENT_DAILY_ROUTE: AppRoute = route({
  name: 'EnvironmentDaily',
  path: 'environmentdaily',
  component: 'environment/daily',
  hidden: true,
  meta: { title: 'menu.environmentDaily', icon: 'phone' },
});

/** Fixed routes: Profile (index, authentication) and computingPower. */
export const FIXED_ROUTES: AppRoute[] = [
  route({
    name: 'Profile',
    path: 'profile',
    component: '',
    hidden: true,
    meta: { title: 'menu.profile', icon: 'person' },
    children: [
      route({
        name: 'ProfileIndex',
        path: '',
        component: 'profile/index',
        hidden: true,
        meta: { title: 'menu.profile' },
      }),
      route({
        name: 'Authentication',
        path: 'authentication',
        component: 'profile/authentication',
        hidden: true,
        meta: { title: 'menu.authentication' },
      }),
    ],
  }),
  route({
    name: 'ComputingPower',
    path: 'computingPower',
    component: 'computingPower/index',
    hidden: true,
    meta: { title: 'menu.computingPower', icon: 'memory' },
  }),
];

/** Promotion routes, under their own shared layout at /promotion. */
export const PROMOTION_ROUTE: AppRoute = route({
  name: 'Promotion',
  path: '/promotion',
  component: 'promotion/layout',
  hidden: true,
  meta: { title: 'menu.promotion' },
  children: [
    route({
      name: 'PromotionDetails',
      path: 'details',
      component: 'promotion/details',
      meta: { title: 'menu.promotionDetails' },
    }),
    route({
      name: 'PromotionRecords',
      path: 'records',
      component: 'promotion/records',
      meta: { title: 'menu.promotionRecords' },
    }),
    route({
      name: 'InviteCode',
      path: 'invite-code',
      component: 'promotion/inviteCode',
      meta: { title: 'menu.inviteCode' },
    }),
    route({
      name: 'ImmediatePromotion',
      path: 'immediate-promotion',
      component: 'promotion/immediatePromotion',
      meta: { title: 'menu.immediatePromotion' },
    }),
  ],
});

const isViewsComponent = (component: string) => /^\/?views\//.test(component);

function fromMenu(entry: MenuEntry): AppRoute | null {
  if (isViewsComponent(entry.component)) return null;
  const children = entry.children?.map(fromMenu).filter((r): r is AppRoute => r !== null);
  return {
    name: entry.name,
    path: entry.path.replace(/^\//, ''),
    component: entry.component,
    hidden: entry.hidden,
    meta: { ...entry.meta },
    ...(children ? { children } : {}),
  };
}

const hasPath = (routes: AppRoute[], path: string): boolean =>
  routes.some((r) => r.path === path || (r.children ? hasPath(r.children, path) : false));

/**
 * Menus → routes: drop entries under views/, add Dashboard when absent, insert
 * environmentdaily after environment, append the fixed Profile and computingPower routes.
 */
export function menusToRoutes(menus: MenuEntry[]): AppRoute[] {
  const routes = menus.map(fromMenu).filter((r): r is AppRoute => r !== null);
  if (!hasPath(routes, DASHBOARD_ROUTE.path)) routes.unshift(DASHBOARD_ROUTE);
  const env = routes.findIndex((r) => r.path === 'environment');
  if (env >= 0 && !hasPath(routes, ENVIRONMENT_DAILY_ROUTE.path)) routes.splice(env + 1, 0, ENVIRONMENT_DAILY_ROUTE);
  for (const fixed of FIXED_ROUTES) if (!routes.some((r) => r.name === fixed.name)) routes.push(fixed);
  return routes;
}

/**
 * Keeps only routes whose screen is built: a menu entry for a screen that does not exist
 * is not shown. A container stays while one of its children stays.
 */
export function onlyBuiltScreens(routes: AppRoute[], isBuilt: (component: string) => boolean): AppRoute[] {
  return routes.flatMap((r) => {
    const children = r.children ? onlyBuiltScreens(r.children, isBuilt) : undefined;
    if (r.children && children?.length === 0) return [];
    if (r.component === '' && !r.children) return [];
    if (r.component !== '' && !isBuilt(r.component)) return [];
    return [{ ...r, ...(children ? { children } : {}) }];
  });
}

/** The first route the main layout redirects to: the first visible one, depth first. */
export function firstVisiblePath(routes: AppRoute[], base = ''): string | null {
  for (const r of routes) {
    if (r.hidden || r.path.startsWith('/')) continue;
    const here = r.path ? `${base}/${r.path}` : base;
    if (r.children?.length) {
      const child = firstVisiblePath(r.children, here);
      if (child) return child;
    } else return here || '/';
  }
  return null;
}

/** The name of the route a path shows (the deepest match), for the route store's activeName. */
export function routeNameForPath(routes: AppRoute[], pathname: string, base = ''): string | null {
  for (const r of routes) {
    const full = r.path.startsWith('/') ? r.path : r.path ? `${base}/${r.path}` : base;
    if (r.children?.length) {
      const child = routeNameForPath(r.children, pathname, full);
      if (child) return child;
    }
    if (full && (pathname === full || pathname === `${full}/`)) return r.name;
  }
  return null;
}

/**
 * Whether a path is one of the routes (a `:param` segment matches any value): a link or a
 * banner leads only to a page the user's menu has, never to the not-found page.
 */
export function isRoutedPath(routes: AppRoute[], pathname: string, base = ''): boolean {
  const wanted = pathname.replace(/\/+$/, '').split('/');
  const matches = (full: string) => {
    const parts = full.replace(/\/+$/, '').split('/');
    return (
      parts.length === wanted.length && parts.every((p, i) => p === wanted[i] || (p.startsWith(':') && !!wanted[i]))
    );
  };
  return routes.some((r) => {
    const full = r.path.startsWith('/') ? r.path : r.path ? `${base}/${r.path}` : base;
    if (r.children?.length) return isRoutedPath(r.children, pathname, full);
    return !!full && matches(full);
  });
}
