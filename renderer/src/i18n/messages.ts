export type Messages = { [k: string]: string | Messages };

/**
 * A language's messages: the core file `locales/<lng>.json` plus one file per feature area,
 * `locales/<area>/<lng>.json`, whose content becomes the subtree under the key `<area>`. Areas
 * keep a feature's texts in its own files, so features are written and translated apart.
 */
export function mergeLocale(core: Messages, areas: Record<string, Messages>): Messages {
  const merged: Messages = { ...core };
  for (const [area, tree] of Object.entries(areas)) {
    if (area in merged) throw new Error(`locale area "${area}" collides with a core key`);
    merged[area] = tree;
  }
  return merged;
}

/** Splits glob keys like `./locales/browsers/en.json` into the core file and the area files of one language. */
export function localeFiles(paths: string[], lng: string): { core?: string; areas: Record<string, string> } {
  const areas: Record<string, string> = {};
  let core: string | undefined;
  for (const p of paths) {
    const m = /locales\/(?:([^/]+)\/)?([^/]+)\.json$/.exec(p);
    if (!m || m[2] !== lng) continue;
    if (m[1]) areas[m[1]] = p;
    else core = p;
  }
  return { core, areas };
}
