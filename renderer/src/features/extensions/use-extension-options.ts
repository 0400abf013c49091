import type { Extension } from '@facet/shared';
import { useAllExtensions } from '../../queries/extensions';

/** The account's extensions for a picker; nothing is asked while `enabled` is false. */
export function useExtensionOptions(enabled: boolean) {
  const all = useAllExtensions(enabled);
  // A failed read offers no extensions (and says so through `failed`).
  const list: Extension[] | null = all.isError ? [] : (all.data ?? null);
  return { list, failed: all.isError, reload: all.refetch };
}
