/** A menu item as Electron's Menu.buildFromTemplate takes it, by role only. */
export interface RoleItem {
  role: 'appMenu' | 'editMenu' | 'windowMenu';
}

/**
 * The application menu of a packaged app: no View menu, so no reload and no DevTools (a page that
 * could be reloaded or inspected by whoever sits at the machine is the console with its session).
 * macOS keeps its app, Edit (copy and paste need it) and Window menus; elsewhere there is no menu.
 * Null: no menu at all. Undefined: leave Electron's default (development, with DevTools).
 */
export function applicationMenu(platform: NodeJS.Platform, packaged: boolean): RoleItem[] | null | undefined {
  if (!packaged) return undefined;
  if (platform === 'darwin') return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }];
  return null;
}
