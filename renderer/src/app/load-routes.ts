import type { MenuEntry } from '@facet/shared';
import { api } from '../api/calls';
import { noticeDuration } from '../api/notice-rules';
import { i18n } from '../i18n';
import { notifyError } from '../stores/notice';
import { useRouteStore } from '../stores/route';
import { menusToRoutes, onlyBuiltScreens } from './menu-routes';
import { isBuiltScreen } from './screens';

export class RouteFormatError extends Error {}

/** Fetch the user's menus once, turn them into routes, keep the built screens. */
export async function loadRoutes(): Promise<void> {
  const menus = (await api.getRouters()) as unknown;
  if (!Array.isArray(menus)) {
    const text = i18n.t('errors.routeFormat');
    notifyError(text, noticeDuration(text));
    throw new RouteFormatError('route format returned wrong');
  }
  useRouteStore.getState().setRoutes(onlyBuiltScreens(menusToRoutes(menus as MenuEntry[]), isBuiltScreen));
}
