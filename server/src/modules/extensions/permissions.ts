/** What a manifest asks for, as the extensions screen and the profile form show it. */
export interface RequestedPermissions {
  permissions: string[];
  hostPermissions: string[];
  optionalPermissions: string[];
}

// A manifest is the uploader's text: the lists shown are bounded.
const MAX_ENTRIES = 100;
const MAX_LENGTH = 200;

/** An MV2 `permissions` entry that is a host pattern rather than an API name. */
const isHostPattern = (p: string) => p === '<all_urls>' || p.includes('://');

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim()) : [];

const bounded = (list: string[]) => [...new Set(list.map((x) => x.slice(0, MAX_LENGTH)))].slice(0, MAX_ENTRIES);

/**
 * The permissions a manifest (the parsed manifest.json object) requests. Host patterns are
 * gathered from wherever a manifest can name them: `host_permissions` (MV3), `permissions`
 * (MV2 mixes them with API names) and the content scripts' `matches` (Chrome asks for those
 * hosts too); optional ones from `optional_permissions` and `optional_host_permissions`.
 */
export function requestedPermissions(manifest: Record<string, unknown>): RequestedPermissions {
  const declared = strings(manifest.permissions);
  const scripts = Array.isArray(manifest.content_scripts) ? manifest.content_scripts : [];
  const matches = scripts.flatMap((c) =>
    c && typeof c === 'object' ? strings((c as { matches?: unknown }).matches) : [],
  );
  return {
    permissions: bounded(declared.filter((p) => !isHostPattern(p))),
    hostPermissions: bounded([...strings(manifest.host_permissions), ...declared.filter(isHostPattern), ...matches]),
    optionalPermissions: bounded([
      ...strings(manifest.optional_permissions),
      ...strings(manifest.optional_host_permissions),
    ]),
  };
}
