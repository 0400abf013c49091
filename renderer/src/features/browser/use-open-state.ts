import type { ClientBridge } from '@facet/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ProfileRows } from './use-profile-rows';

/**
 * Which profiles run in this client, kept from `activeProfiles` and the bridge's `profile-state`
 * events (in a web browser the bridge polls for them while this page is open). A change patches
 * the row's open state at once and then refreshes the rows from the server, which is the
 * source of truth (device, last open time).
 */
export function useOpenState(bridge: ClientBridge | null, rows: Pick<ProfileRows, 'patchRow' | 'refresh'>) {
  const [openHere, setOpenHere] = useState<ReadonlySet<number>>(() => new Set());
  // Effect events read the latest rows without the subscription starting over when they change.
  const refresh = useEffectEvent(() => rows.refresh());
  const patchRow = useEffectEvent((id: number, open: boolean) => rows.patchRow(id, { openStatus: open ? 1 : 0 }));
  useEffect(() => {
    if (!bridge) {
      setOpenHere(new Set());
      return;
    }
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refresh(), 300);
    };
    bridge.activeProfiles().then(
      (list) => alive && setOpenHere(new Set(list.map((p) => p.id))),
      () => undefined,
    );
    const off = bridge.on('profile-state', ({ id, open }) => {
      setOpenHere((s) => {
        const next = new Set(s);
        if (open) next.add(id);
        else next.delete(id);
        return next;
      });
      patchRow(id, open);
      refreshSoon();
    });
    return () => {
      alive = false;
      clearTimeout(timer);
      off();
    };
  }, [bridge]);
  return openHere;
}
