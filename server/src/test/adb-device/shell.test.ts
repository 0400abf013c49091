import { connectPhone, newAdbKey } from '@facet/shared/node';
import { describe, expect, it } from 'vitest';
import { pngSize, startTestPhone } from './index.js';

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the test phone’s shell', () => {
  it('does what the phone tools do, over one link', async () => {
    const phone = await startTestPhone({ brand: 'samsung', model: 'SM-S911B', android: '14', sdk: 34 });
    const link = await connectPhone(phone.endpoint, newAdbKey());
    const sh = (command: string) => link.shell(command);
    try {
      expect(await sh('getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.brand')).toBe(
        '14\n34\nsamsung\n',
      );
      expect(await sh('getprop')).toContain('[ro.product.model]: [SM-S911B]\n');
      expect(await sh('setprop ro.product.model Other')).toMatch(/^Failed to set property/);
      expect(phone.settings.secure.get('android_id')).toMatch(/^[0-9a-f]{16}$/);
      expect(await sh('settings put global auto_time 0 && settings list global')).toContain('auto_time=0\n');
      expect(await sh('settings delete system screen_brightness')).toBe('Deleted 1 rows\n');

      expect(await sh('mkdir -p /sdcard/Pictures/a && echo x > /sdcard/Pictures/a/1.jpg; ls /sdcard/Pictures/a')).toBe(
        '1.jpg\n',
      );
      expect(await sh('cat /sdcard/Pictures/a/1.jpg /sdcard/none')).toBe(
        'x\ncat: /sdcard/none: No such file or directory\n',
      );
      expect(await sh('rm -rf /sdcard/Pictures/*; ls /sdcard/Pictures; rm /sdcard/gone')).toBe(
        'rm: /sdcard/gone: No such file or directory\n',
      );
      // && stops at a failure; ; does not.
      expect(await sh('rm /sdcard/gone && echo not; echo yes')).toBe(
        'rm: /sdcard/gone: No such file or directory\nyes\n',
      );

      expect(await sh('input tap 10 20; input swipe 1 2 3 4; input text "hello world"; input keyevent 3')).toBe('');
      expect(phone.inputs).toEqual([
        'input tap 10 20',
        'input swipe 1 2 3 4',
        'input text hello world',
        'input keyevent 3',
      ]);
      expect(await sh('wm size')).toBe('Physical size: 1080x2400\n');
      await sh('cmd alarm set-timezone Europe/Berlin');
      expect(phone.props.get('persist.sys.timezone')).toBe('Europe/Berlin');
      expect(await sh('appops set com.example.gps android:mock_location allow')).toMatch(/SecurityException/);
      expect(await sh('am broadcast -a com.example.PING')).toContain('Broadcast completed: result=0\n');
      expect(await sh('id')).toMatch(/^uid=2000\(shell\)/);
      expect(await sh('pm uninstall com.example.none; pm clear com.example.none')).toBe(
        'Failure [DELETE_FAILED_INTERNAL_ERROR]\nFailed\n',
      );
      expect(await sh("echo 'it''s' \"a;b\" c\\ d")).toBe('its a;b c d\n');
      expect(phone.asked[0]).toBe(
        'getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.brand',
      );
    } finally {
      await link.close();
      await phone.stop();
    }
  });

  it('lets an app be the mock location provider where the phone allows it', async () => {
    const phone = await startTestPhone({ allowMockLocation: true });
    const link = await connectPhone(phone.endpoint, newAdbKey());
    try {
      expect(await link.shell('appops set com.example.gps android:mock_location allow')).toBe('');
    } finally {
      await link.close();
      await phone.stop();
    }
  });
});

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the test phone as a screen the client drives', () => {
  it('serves frames of its own colour, turned by user_rotation; records input; drops its connections and takes new ones', async () => {
    const [a, b] = await Promise.all([
      startTestPhone({ screen: { width: 40, height: 80 } }),
      startTestPhone({ screen: { width: 40, height: 80 } }),
    ]);
    const tinted = await startTestPhone({ screen: { width: 40, height: 80 }, tint: [10, 200, 30] });
    const [la, lb, lt] = await Promise.all([a, b, tinted].map((p) => connectPhone(p.endpoint, newAdbKey())));
    try {
      const [fa, fb] = await Promise.all([la!.screencap(), lb!.screencap()]);
      expect(a.tint).not.toEqual(b.tint);
      expect(Buffer.from(fa).equals(Buffer.from(fb))).toBe(false);
      expect(tinted.tint).toEqual([10, 200, 30]);
      expect(Buffer.from(await lt!.screencap()).equals(Buffer.from(fa))).toBe(false);

      expect(await la!.shell('settings get system user_rotation')).toBe('0\n');
      await la!.shell('settings put system accelerometer_rotation 0; settings put system user_rotation 1');
      expect(await la!.shell('settings get system user_rotation')).toBe('1\n');
      expect(pngSize(await la!.screencap())).toEqual({ width: 80, height: 40 });
      expect(await la!.shell('wm size')).toBe('Physical size: 40x80\n');

      const lines = [
        'input tap 12 34',
        'input swipe 1 2 30 40 250',
        'input swipe 5 6 5 6 800',
        'input text hello',
        'input keyevent 4',
        'input touchscreen tap 1.5 2',
      ];
      for (const line of lines) expect(await la!.shell(line)).toBe('');
      expect(await la!.shell('input tap x 1')).toMatch(/NumberFormatException/);
      expect(await la!.shell('input swipe 1 2 3')).toMatch(/^Error: Unknown command/);
      expect(a.inputs).toEqual(lines);

      // Dropped: the open link is gone, and a new one gets in.
      a.dropConnections();
      await la!.gone;
      const again = await connectPhone(a.endpoint, newAdbKey());
      expect(await again.shell('echo back')).toBe('back\n');
      await again.close();
    } finally {
      await Promise.all([la, lb, lt].map((l) => l?.close()));
      await Promise.all([a, b, tinted].map((p) => p.stop()));
    }
  });
});

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the test phone’s pipes and nc', () => {
  it('pipes printf into a real TCP connection and prints what came back', async () => {
    const { createServer } = await import('node:net');
    const echo = createServer((s) => s.on('data', (d) => s.end(`got ${d.toString('utf8').replace(/\r\n/g, '|')}`)));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const port = (echo.address() as { port: number }).port;
    const phone = await startTestPhone();
    const link = await connectPhone(phone.endpoint, newAdbKey());
    try {
      expect(await link.shell(`printf '%s\\r\\n%s\\r\\n' 'a b' c | toybox nc -w 5 127.0.0.1 ${port}`)).toBe(
        'got a b|c|',
      );
      expect(await link.shell(`echo hi | nc 127.0.0.1 ${port}; echo after`)).toBe('got hi\nafter\n');
      expect(await link.shell('echo x | nc 127.0.0.1 1')).toBe('nc: connect to 127.0.0.1 port 1: Connection refused\n');
    } finally {
      await link.close();
      await phone.stop();
      echo.close();
    }
  });
});
