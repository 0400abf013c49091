import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPDATE_ERROR_CODES } from './errors.js';

// The console names an update error by its code (update.errors.<code>); a code without a text in
// some language would show that language's users the bare code.
describe('update error codes', () => {
  const dir = join(import.meta.dirname, '../../../../renderer/src/i18n/locales');
  const locales = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('each has a text in all 16 console languages', () => {
    expect(locales).toHaveLength(16);
    const missing = locales.flatMap((f) => {
      const errors = JSON.parse(readFileSync(join(dir, f), 'utf8')).update.errors as Record<string, string>;
      // file-write is shown as the generic update error with the longer notice about the disk.
      return UPDATE_ERROR_CODES.filter((c) => c !== 'file-write' && !errors[c]).map((c) => `${f}: ${c}`);
    });
    expect(missing).toEqual([]);
  });
});
