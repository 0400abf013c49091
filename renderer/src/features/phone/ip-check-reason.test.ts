import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ipCheckReason } from './ip-check-reason';

const phone = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/phone/en.json'), 'utf8'));

describe('why the exit-IP check found no IP', () => {
  it('says each reason the server gives in words, the device ones with their detail', async () => {
    const i = i18next.createInstance();
    await i.init({ lng: 'en', resources: { en: { translation: { phone } } } });
    expect(ipCheckReason(i.t, 'noCheckServer')).toBe('No IP-check server is set. Ask the operator to set one.');
    expect(ipCheckReason(i.t, 'badAnswer')).toBe('The IP-check server answered without an IP.');
    expect(ipCheckReason(i.t, 'adb.timeout')).toBe('The phone could not be reached (timeout).');
    expect(ipCheckReason(i.t, 'somethingNew')).toBe('The check did not work (somethingNew).');
  });
});
