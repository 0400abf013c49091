import { API_PREFIX } from '@facet/shared';

/**
 * The API host is chosen by the page's hostname (test, production, local). A build may
 * name hosts in VITE_API_HOSTS as JSON `{ "console.example.com": "https://api.example.com" }`;
 * any other hostname talks to its own origin, which is how the all-in-one server runs.
 */
function configuredHosts(): Record<string, string> {
  const raw = import.meta.env.VITE_API_HOSTS as string | undefined;
  if (!raw) return {};
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return {};
  }
}

let override: string | null = null;

/** Tests and embedders point the console at another server. */
export function setApiBase(url: string | null): void {
  override = url;
}

export function apiBase(location: Pick<Location, 'hostname' | 'origin'> = window.location): string {
  if (override) return override;
  const host = configuredHosts()[location.hostname];
  return `${(host ?? location.origin).replace(/\/$/, '')}${API_PREFIX}`;
}

let heartbeatOverride: string | null = null;

/** Tests and embedders send the presence calls elsewhere; null goes back to the build's choice. */
export function setHeartbeatBase(url: string | null): void {
  heartbeatOverride = url;
}

/**
 * Where the presence calls go (softHeartBeat and closeSoft, docs/notices.md, Client presence): a
 * build may name their own server in VITE_HEARTBEAT_BASE (`https://presence.example.com`), so the
 * beats of every open console need not share the API's host; without it, the API's base.
 */
export function heartbeatBase(location: Pick<Location, 'hostname' | 'origin'> = window.location): string {
  if (heartbeatOverride) return heartbeatOverride;
  const own = import.meta.env.VITE_HEARTBEAT_BASE as string | undefined;
  return own ? `${own.replace(/\/$/, '')}${API_PREFIX}` : apiBase(location);
}
