import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserPreferenceSchema, globalSettingSchema } from '@facet/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { downloadDirOf, launchFlagsOf, RestartBudget, writeLaunchPreferences } from './launch-preferences.js';
import { tempDir } from './test/world.js';

describe('launch preferences', () => {
  const tmp = tempDir('facet-launch-prefs-');
  afterAll(() => tmp.remove());

  it('restarts a profile at most max times within a sliding minute', () => {
    let now = 0;
    const budget = new RestartBudget(() => now);
    expect([budget.take(1, 2), budget.take(1, 2), budget.take(1, 2)]).toEqual([true, true, false]);
    // Another profile has its own budget.
    expect(budget.take(2, 2)).toBe(true);
    now = 59_000;
    expect(budget.take(1, 2)).toBe(false);
    now = 60_001;
    expect(budget.take(1, 2)).toBe(true);
  });

  it('names the download folder per profile, or none', () => {
    const s = (o: object) => globalSettingSchema.parse(o);
    expect(downloadDirOf(s({}), 7)).toBeNull();
    expect(downloadDirOf(s({ downloadDir: '/dl' }), 7)).toBe(join('/dl', '7'));
    expect(downloadDirOf(s({ downloadDir: '/dl', downloadPerProfile: false }), 7)).toBe('/dl');
    expect(launchFlagsOf(browserPreferenceSchema.parse({}))).toEqual([]);
    expect(launchFlagsOf(browserPreferenceSchema.parse({ muteAudio: true, blockImages: true }))).toEqual([
      '--mute-audio',
      '--blink-settings=imagesEnabled=false',
    ]);
  });

  it("merges into the profile's Preferences and keeps what Chromium wrote", async () => {
    const dir = join(tmp.dir, 'p');
    mkdirSync(join(dir, 'Default'), { recursive: true });
    const file = join(dir, 'Default', 'Preferences');
    writeFileSync(
      file,
      JSON.stringify({
        bookmark_bar: { show_on_all_tabs: true },
        partition: { per_host_zoom_levels: { x: { 'a.example': { zoom_level: 1 } } } },
      }),
    );
    const setting = globalSettingSchema.parse({ zoomPercent: 144, downloadDir: join(tmp.dir, 'dl') });
    await writeLaunchPreferences(
      dir,
      { setting, browser: browserPreferenceSchema.parse({ blockNotifications: true }) },
      3,
    );
    let prefs = JSON.parse(readFileSync(file, 'utf8'));
    expect(prefs.bookmark_bar.show_on_all_tabs).toBe(true);
    expect(prefs.partition.per_host_zoom_levels.x['a.example'].zoom_level).toBe(1);
    // 144 % is two steps of 1.2.
    expect(prefs.partition.default_zoom_level.x).toBeCloseTo(2, 10);
    expect(prefs.download).toMatchObject({ default_directory: join(tmp.dir, 'dl', '3'), prompt_for_download: false });
    expect(prefs.profile.default_content_setting_values.notifications).toBe(2);
    await writeLaunchPreferences(dir, { setting, browser: browserPreferenceSchema.parse({}) }, 3);
    prefs = JSON.parse(readFileSync(file, 'utf8'));
    expect(prefs.profile.default_content_setting_values.notifications).toBeUndefined();
  });
});
