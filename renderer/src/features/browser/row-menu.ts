/** What a row's "more" menu offers (RowMenu.tsx), in its order. */
export type RowMenuAction =
  | 'rename'
  | 'star'
  | 'share'
  | 'extensions'
  | 'checkFingerprint'
  | 'importCookies'
  | 'delete'
  | 'deleteForever';

export interface RowMenuCan {
  update: boolean;
  share: boolean;
  extensions: boolean;
  cookie: boolean;
  delete: boolean;
  deleteForever: boolean;
}

/**
 * The row menu's entries for what the user may do. Empty when the role has none of them (a role
 * that may only list and open profiles, without a client): the row then shows no menu button.
 */
export function rowMenuActions(can: RowMenuCan, o: { checkFingerprint: boolean }): RowMenuAction[] {
  const all: Array<[RowMenuAction, boolean]> = [
    ['rename', can.update],
    ['star', can.update],
    ['share', can.share],
    ['extensions', can.extensions],
    ['checkFingerprint', o.checkFingerprint],
    ['importCookies', can.update && can.cookie],
    ['delete', can.delete],
    ['deleteForever', can.deleteForever],
  ];
  return all.filter(([, allowed]) => allowed).map(([action]) => action);
}
