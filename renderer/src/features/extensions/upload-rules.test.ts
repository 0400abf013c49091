import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_MAX_BYTES } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { checkBeforeUpload, refusalText, UPLOAD_RULES, uploadRefusalOf } from './upload-rules';

describe('extension upload refusals', () => {
  it('reads the rule key and its detail from the server’s 400 message', () => {
    expect(uploadRefusalOf('body.content: extensionZipInvalid (not a zip or crx file)')).toEqual({
      rule: 'extensionZipInvalid',
      detail: 'not a zip or crx file',
    });
    expect(uploadRefusalOf('body.content: extensionManifestMissing')).toEqual({
      rule: 'extensionManifestMissing',
      detail: '',
    });
    expect(uploadRefusalOf('body.content: extensionManifestInvalid (manifest_version must be 2 or 3)')).toEqual({
      rule: 'extensionManifestInvalid',
      detail: 'manifest_version must be 2 or 3',
    });
    // A JSON parse error names a position in parentheses of its own.
    expect(
      uploadRefusalOf('body.content: extensionManifestInvalid (Unexpected token } in JSON (at position 12))'),
    ).toEqual({ rule: 'extensionManifestInvalid', detail: 'Unexpected token } in JSON (at position 12)' });
    expect(uploadRefusalOf('body.content: extensionTooLarge (over 20 MiB)')).toEqual({
      rule: 'extensionTooLarge',
      detail: 'over 20 MiB',
    });
    // zod's messages for the two fields, alone or beside another field's.
    expect(uploadRefusalOf('body.fileName: extensionFileType')).toEqual({ rule: 'extensionFileType', detail: '' });
    expect(uploadRefusalOf('body.x: required; body.content: extensionTooLarge')).toEqual({
      rule: 'extensionTooLarge',
      detail: '',
    });
  });

  it('takes a body over the route limit as too large, and leaves other refusals to the client', () => {
    expect(uploadRefusalOf('request body too large (limit 26.7 MiB)', 413)).toEqual({
      rule: 'extensionTooLarge',
      detail: '',
    });
    expect(uploadRefusalOf('permission denied: needs extension:create', 403)).toBeNull();
    expect(uploadRefusalOf('internal server error', 500)).toBeNull();
    expect(uploadRefusalOf('body.content: somethingElse (x)')).toBeNull();
    expect(uploadRefusalOf('')).toBeNull();
  });

  it('refuses a wrong name, a too large or an empty file before reading it', () => {
    expect(checkBeforeUpload({ name: 'notes.txt', size: 10 })?.rule).toBe('extensionFileType');
    expect(checkBeforeUpload({ name: 'ext.zip.txt', size: 10 })?.rule).toBe('extensionFileType');
    expect(checkBeforeUpload({ name: 'big.zip', size: EXTENSION_MAX_BYTES + 1 })?.rule).toBe('extensionTooLarge');
    expect(checkBeforeUpload({ name: 'empty.crx', size: 0 })?.rule).toBe('extensionEmpty');
    expect(checkBeforeUpload({ name: 'Shop Helper.ZIP', size: EXTENSION_MAX_BYTES })).toBeNull();
    expect(checkBeforeUpload({ name: 'store.crx', size: 1 })).toBeNull();
  });

  it('words a refusal by its rule, with the detail in parentheses', () => {
    const calls: Array<[string, unknown]> = [];
    const t = (key: string, opts?: Record<string, unknown>) => {
      calls.push([key, opts]);
      return `<${key}>`;
    };
    expect(refusalText(t, { rule: 'extensionZipInvalid', detail: 'crx version 4' })).toBe(
      '<extensions.uploadErrors.extensionZipInvalid> (crx version 4)',
    );
    expect(refusalText(t, { rule: 'extensionEmpty', detail: '' })).toBe('<extensions.uploadErrors.extensionEmpty>');
    expect(calls[0]![1]).toEqual({ max: EXTENSION_MAX_BYTES / 1024 / 1024 });
  });

  it('has an English text for every rule (the locale test checks the other languages against English)', () => {
    const en = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/extensions/en.json'), 'utf8')) as {
      uploadErrors: Record<string, string>;
    };
    expect(UPLOAD_RULES.filter((r) => !en.uploadErrors[r])).toEqual([]);
    expect(Object.keys(en.uploadErrors).sort()).toEqual([...UPLOAD_RULES].sort());
  });
});
