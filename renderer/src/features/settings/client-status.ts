import { pairLocalClient, useBridge, useLocalClientStatus } from '../../bridge';

/** What the Local API screen shows about the client; each is a key under `localApi.status`. */
export type ClientState = 'electron' | 'connected' | 'unreachable' | 'needsPairing' | 'checking';

export const STATUS_COLOR: Record<ClientState, 'success' | 'error' | 'warning' | 'default' | 'info'> = {
  electron: 'info',
  connected: 'success',
  unreachable: 'error',
  needsPairing: 'warning',
  checking: 'default',
};

export interface ClientView {
  state: ClientState;
  /** The paired (or last tried) port, if any. */
  port: number | null;
  /** The local API address when known. */
  url: string | null;
  /** The client's words about the last failure, or a refusal code (PAIRING_REFUSALS). */
  error: string | null;
  pair: (p: { port: number; code: string }) => Promise<void>;
}

/** The bridge's view of the local client, in the screen's terms. */
export function useClientState(): ClientView {
  const bridge = useBridge();
  const status = useLocalClientStatus();
  const state: ClientState =
    bridge?.kind === 'electron' || status.state === 'electron'
      ? 'electron'
      : status.state === 'connected'
        ? 'connected'
        : status.state === 'needs-pairing'
          ? 'needsPairing'
          : status.state === 'checking'
            ? 'checking'
            : 'unreachable';
  return {
    state,
    port: status.port ?? null,
    url: status.url ?? null,
    error: status.error ?? null,
    pair: async (p) => {
      await pairLocalClient(p);
    },
  };
}
