import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process';

type Tree = { [k: string]: string | Tree };

/** A translated text as the console's locale file has it. */
export function localeText(lng: string, key: string): string {
  let node: string | Tree = JSON.parse(
    readFileSync(join(ROOT, 'renderer/src/i18n/locales', `${lng}.json`), 'utf8'),
  ) as Tree;
  for (const part of key.split('.')) node = (node as Tree)[part] as string | Tree;
  if (typeof node !== 'string') throw new Error(`no text for ${lng}:${key}`);
  return node;
}
