import type { ClientBridge, OpenedPhone, PhoneInput } from '@facet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/calls';
import { useBridge } from '../bridge';
import { useClientStore } from '../stores/client';
import { invalidateCalls, useCall } from './calls';

// Cloud phones in the client (docs/phones.md, In the client): what the client has open, the
// group control, and what the viewer sends. The client answers through the bridge (Electron's
// preload, or the local API from a web browser).

const OPENED_KEY = ['phone-client', 'opened'] as const;
const GROUP_KEY = ['phone-client', 'group'] as const;

/**
 * A desktop app from before cloud phones in the client has no phone methods: to the console it
 * has no phone open, and it is never asked.
 */
const phoneCapable = (bridge: ClientBridge | null): bridge is ClientBridge =>
  !!bridge && typeof bridge.openedPhones === 'function';

/** Keeps the client store's openedPhones from openedPhones() and the phone-opened/closed events. */
export function usePhoneClientSync(signedIn: boolean) {
  const bridge = useBridge();
  const queries = useQueryClient();
  useEffect(() => {
    const store = useClientStore.getState();
    if (!phoneCapable(bridge) || !signedIn) {
      store.setOpenedPhones([]);
      return;
    }
    let alive = true;
    bridge.openedPhones().then(
      (list) => alive && store.setOpenedPhones(list.map((p) => p.id)),
      () => undefined,
    );
    // The list shows the environment's state from the server: read it again too.
    const changed = (id: number, open: boolean) => {
      useClientStore.getState().notePhone(id, open);
      void queries.invalidateQueries({ queryKey: ['phone-client'] });
      void invalidateCalls(queries, ['phoneList', 'phoneGet']);
    };
    const offOpened = bridge.on('phone-opened', ({ id }) => changed(id, true));
    const offClosed = bridge.on('phone-closed', ({ id }) => changed(id, false));
    return () => {
      alive = false;
      offOpened();
      offClosed();
    };
  }, [bridge, signedIn, queries]);
}

/** The phones open in the client with their screen size, mode and link state; `poll` re-reads them. */
export function useOpenedPhoneConfigs(poll: number | false = false) {
  const bridge = useBridge();
  const opened = useClientStore((s) => s.openedPhones);
  return useQuery({
    queryKey: [...OPENED_KEY, bridge?.kind ?? 'none', [...opened].sort((a, b) => a - b).join(',')],
    queryFn: (): Promise<OpenedPhone[]> => (bridge as ClientBridge).openedPhones(),
    enabled: phoneCapable(bridge),
    refetchInterval: poll,
    staleTime: 0,
  });
}

/** The current group control (main phone and followers). */
export function usePhoneGroup() {
  const bridge = useBridge();
  return useQuery({
    queryKey: [...GROUP_KEY, bridge?.kind ?? 'none'],
    queryFn: () => (bridge as ClientBridge).phoneGroup(),
    enabled: phoneCapable(bridge),
    staleTime: 0,
  });
}

function useBridgeMutation<I, O>(run: (bridge: ClientBridge, input: I) => Promise<O>, invalidate = true) {
  const bridge = useBridge();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => {
      if (!bridge) throw new Error('no client');
      return run(bridge, input);
    },
    onSettled: () => (invalidate ? queries.invalidateQueries({ queryKey: ['phone-client'] }) : undefined),
  });
}

export const useSetPhoneGroup = () =>
  useBridgeMutation((b, g: { main: number; followers: number[] }) => b.setPhoneGroup(g));
export const useClosePhoneGroup = () => useBridgeMutation((b, ids?: number[]) => b.closePhoneGroup(ids ? { ids } : {}));
export const usePhoneInput = () =>
  useBridgeMutation((b, v: { id: number; input: PhoneInput }) => b.phoneInput(v), false);
export const useSavePhoneImages = () => useBridgeMutation((b, ids: number[]) => b.savePhoneImages({ ids }), false);
export const usePushPhoneFile = () =>
  useBridgeMutation((b, v: { id: number; name: string; base64: string }) => b.pushPhoneFile(v), false);
export const useReconnectPhone = () => useBridgeMutation((b, id: number) => b.reconnectPhone({ id }));
/** Closing in the client after the server has closed the environment (errors ignored: it may be closed there already). */
export const useClosePhoneHere = () => useBridgeMutation((b, id: number) => b.closePhone({ id }));
export const useOpenPhoneHere = () => useBridgeMutation((b, id: number) => b.openPhone({ id }));

/** How large the viewer draws the screen (the global value phoneDeviceScale), null when not set. */
export function usePhoneDeviceScale() {
  return useCall(
    'globalValueList',
    { globalValueTypelist: ['phoneDeviceScale'] },
    {
      call: { noPrompt: true },
      select: (rows): number | null => {
        const raw = rows.find((r) => r.globalValueType === 'phoneDeviceScale')?.globalValue;
        if (!raw) return null;
        try {
          const n = Number(JSON.parse(raw));
          return Number.isFinite(n) && n >= 0.25 && n <= 4 ? n : null;
        } catch {
          return null;
        }
      },
    },
  );
}

/**
 * §4, closing all cloud phones: release each opened phone on the server (errors ignored), end
 * the group control, close all in the client. Used by the list's action and by logout.
 */
export async function closeAllCloudPhones(bridge: ClientBridge | null, opened: ReadonlySet<number>): Promise<void> {
  const client = phoneCapable(bridge) ? bridge : null;
  const ids = [...opened];
  for (const p of (await client?.openedPhones().catch(() => [])) ?? []) if (!ids.includes(p.id)) ids.push(p.id);
  for (const id of ids) await api.phoneClose({ id }, { noPrompt: true }).catch(() => undefined);
  if (client) {
    const group = await client.phoneGroup().catch(() => null);
    const grouped = group?.main ? [group.main, ...group.followers] : [];
    await client.closePhoneGroup(grouped.length ? { ids: grouped } : {}).catch(() => undefined);
    await client.closeAllPhones().catch(() => undefined);
  }
  useClientStore.getState().setOpenedPhones([]);
}

/** The list's "close all cloud phones": §4, then the list and the client's state read again. */
export function useCloseAllCloudPhones() {
  const bridge = useBridge();
  const opened = useClientStore((s) => s.openedPhones);
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => closeAllCloudPhones(bridge, opened),
    onSettled: async () => {
      await invalidateCalls(queries, ['phoneList', 'phoneGet']);
      await queries.invalidateQueries({ queryKey: ['phone-client'] });
    },
  });
}
