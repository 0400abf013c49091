import { newAdbKey, withPhone } from '@facet/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { applySettings } from './android.js';

const settings = {
  proxy: { proxyType: 'http', host: '10.1.2.3', port: 8080 },
  locale: 'ja-JP',
  timeZone: 'Asia/Tokyo',
  gps: { latitude: 35.6762, longitude: 139.6503 },
};

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('what Facet changes on a device', () => {
  const key = newAdbKey();
  let mocking: TestPhone;
  let old: TestPhone;
  beforeAll(async () => {
    mocking = await startTestPhone({ allowMockLocation: true });
    old = await startTestPhone({ allowMockLocation: true, android: '11', sdk: 30 });
  });
  afterAll(async () => {
    await mocking?.stop();
    await old?.stop();
  });

  it('sets the location through a test provider where the device allows it', async () => {
    const r = await withPhone(mocking.endpoint, key, (link) => applySettings(link, settings));
    expect(r.gps).toBe('applied');
    expect(mocking.testProviders.get('gps')).toEqual({
      enabled: true,
      location: { latitude: 35.6762, longitude: 139.6503 },
    });
    expect(mocking.settings.global.get('http_proxy')).toBe('10.1.2.3:8080');
    expect(mocking.props.get('persist.sys.timezone')).toBe('Asia/Tokyo');
  });

  it('before Android 12 the location is refused and everything else applied', async () => {
    const r = await withPhone(old.endpoint, key, (link) => applySettings(link, settings));
    expect(r.gps).toBe('refused');
    expect(old.props.get('persist.sys.locale')).toBe('ja-JP');
    expect(old.testProviders.size).toBe(0);
  });
});
