import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process';

type Tree = { [k: string]: string | Tree };
const LOCALES = join(ROOT, 'renderer/src/i18n/locales');

/**
 * A translated text as the console has it: `area.rest` comes from `locales/<area>/<lng>.json`
 * when that area file exists, else from the core file `locales/<lng>.json`.
 */
export function localeText(lng: string, key: string): string {
  const [area, ...rest] = key.split('.');
  const areaFile = join(LOCALES, area!, `${lng}.json`);
  const [file, path] = existsSync(areaFile) ? [areaFile, rest] : [join(LOCALES, `${lng}.json`), key.split('.')];
  let node: string | Tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  for (const part of path) node = (node as Tree)[part] as string | Tree;
  if (typeof node !== 'string') throw new Error(`no text for ${lng}:${key}`);
  return node;
}
