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
