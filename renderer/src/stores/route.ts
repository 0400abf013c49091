import { create } from 'zustand';
import { type AppRoute, isRoutedPath } from '../app/menu-routes';

/** Route state, with add-by-name, remove-by-name and reset. */
interface RouteState {
  routes: AppRoute[];
  activeName: string;
  loaded: boolean;
  setRoutes: (routes: AppRoute[]) => void;
  /** Adds a route only when no route of that name is registered. */
  addRoute: (route: AppRoute) => boolean;
  removeRoute: (name: string) => void;
  /** Drops every route and registers the supplied list. */
  resetRoutes: (routes?: AppRoute[]) => void;
  setActiveName: (name: string) => void;
}

const hasName = (routes: AppRoute[], name: string): boolean =>
  routes.some((r) => r.name === name || (r.children ? hasName(r.children, name) : false));

const without = (routes: AppRoute[], name: string): AppRoute[] =>
  routes.filter((r) => r.name !== name).map((r) => (r.children ? { ...r, children: without(r.children, name) } : r));

export const useRouteStore = create<RouteState>((set, get) => ({
  routes: [],
  activeName: '',
  loaded: false,
  setRoutes: (routes) => set({ routes, loaded: true }),
  addRoute: (route) => {
    if (hasName(get().routes, route.name)) return false;
    set({ routes: [...get().routes, route] });
    return true;
  },
  removeRoute: (name) => set({ routes: without(get().routes, name) }),
  resetRoutes: (routes = []) => set({ routes: [...routes], loaded: routes.length > 0, activeName: '' }),
  setActiveName: (activeName) => set({ activeName }),
}));

/** @unwired asks whether a route of that name is registered, for the screens that add and remove routes by name. */
export const routeNameRegistered = (name: string) => hasName(useRouteStore.getState().routes, name);

/** Whether the signed-in user's routes hold this path (`/settings/local-api`), re-rendering when they load. */
export function useRouted(path: string): boolean {
  return useRouteStore((s) => isRoutedPath(s.routes, path));
}
