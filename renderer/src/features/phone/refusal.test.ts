import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { refusalText } from './refusal';

const phone = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/phone/en.json'), 'utf8'));

describe('why an environment refused to open', () => {
  it('says the state (16040) and the device (16041) reasons in words, and the server text otherwise', async () => {
    const i = i18next.createInstance();
    await i.init({ lng: 'en', resources: { en: { translation: { phone } } } });
    const refusal = (code: number, key: string, message = '') =>
      refusalText(i.t, i, new ApiError(code, message, 400, true, message, [{ field: 'body.id', key }]));
    expect(refusal(16040, 'phoneDisabled')).toBe('It is disabled: enable it first.');
    expect(refusal(16040, 'phoneInUse')).toBe('Someone else has it open.');
    expect(refusal(16041, 'adb.timeout')).toBe('The device did not answer in time');
    expect(refusal(400, 'somethingNew', 'body.id: somethingNew')).toBe('body.id: somethingNew');
    expect(refusalText(i.t, i, new Error('x'))).toBe('It could not be done. Try again.');
  });
});
