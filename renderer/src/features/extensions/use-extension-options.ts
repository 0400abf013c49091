import type { Extension } from '@facet/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/calls';

/** Pickers offer at most this many extensions (the list call's largest page, five times). */
const PAGE = 200;
const MAX_PAGES = 5;

/** Every extension of the account (up to 1000), newest first, for the pickers of the grid and the form. */
export async function loadAllExtensions(): Promise<Extension[]> {
  const all: Extension[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await api.extensionList({ page, pageSize: PAGE }, { noPrompt: true });
    all.push(...r.list);
    if (all.length >= r.total || r.list.length < PAGE) break;
  }
  return all;
}

/** The account's extensions for a picker; nothing is asked while `enabled` is false. */
export function useExtensionOptions(enabled: boolean) {
  const [list, setList] = useState<Extension[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [key, setKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is a deliberate reload trigger.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setFailed(false);
    loadAllExtensions().then(
      (l) => live && setList(l),
      () => {
        if (!live) return;
        setFailed(true);
        setList([]);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, key]);
  const reload = useCallback(() => setKey((k) => k + 1), []);
  return { list, failed, reload };
}
