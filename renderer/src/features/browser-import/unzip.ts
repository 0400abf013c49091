import { BudgetExceeded, budgetExceeded } from '@facet/shared';
import { strFromU8, unzipSync } from 'fflate';

export class ZipError extends Error {}

/**
 * The text of each named part that exists in the archive (an xlsx is a zip of XML parts). The
 * parts' sizes are summed before any is inflated and refused over `inflatedBytes` (BudgetExceeded):
 * fflate inflates each part into a buffer of the size its header states and fails past it, so a
 * header cannot understate what is unpacked.
 */
export async function readTextParts(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  inflatedBytes: number,
): Promise<Map<string, string>> {
  let files: Record<string, Uint8Array>;
  let total = 0;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (!wanted(f.name)) return false;
        total += f.originalSize;
        if (total > inflatedBytes) throw budgetExceeded('inflatedBytes', inflatedBytes, f.name);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof BudgetExceeded) throw e;
    throw new ZipError(e instanceof Error ? e.message : 'not a zip file');
  }
  return new Map(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}
