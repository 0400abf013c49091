import { strFromU8, unzipSync } from 'fflate';

export class ZipError extends Error {}

/** The text of each named part that exists in the archive (an xlsx is a zip of XML parts). */
export async function readTextParts(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
): Promise<Map<string, string>> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => wanted(f.name) });
  } catch (e) {
    throw new ZipError(e instanceof Error ? e.message : 'not a zip file');
  }
  return new Map(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}
