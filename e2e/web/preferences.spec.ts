import { expect, signedIn, test } from './fixtures';

type Fp = { os: string; webrtc: string; timeZone: { mode: string; value: string }; canvasNoise: boolean };

test('preference screens: saved, kept after a reload, and a new profile starts from them', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  const save = page.getByTestId('preferences-save');
  const saved = () => expect(page.getByTestId('notice').last()).toContainText('Preferences saved');
  const pick = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  // ---- Page zoom ----
  await page.goto('/settings/page-zoom');
  await expect(page.getByRole('heading', { level: 1, name: 'Page zoom' })).toBeVisible();
  await expect(page.getByTestId('zoom-select')).toHaveValue('100');
  await expect(save).toBeDisabled();
  await pick('Default zoom', '125%');
  await expect(save).toBeEnabled();
  await save.click();
  await saved();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('zoom-select')).toHaveValue('125');

  // ---- Save and download dir: a relative folder is refused at the field ----
  await page.goto('/settings/download-dir');
  await page.getByTestId('download-folder').fill('Downloads/shop');
  await save.click();
  await expect(page.getByText('Enter a full folder path')).toBeVisible();
  await page.getByTestId('download-folder').fill('/srv/facet downloads');
  await page.getByTestId('download-per-profile').click();
  await save.click();
  await saved();
  await page.reload();
  await expect(page.getByTestId('download-folder')).toHaveValue('/srv/facet downloads');
  await expect(page.getByTestId('download-per-profile')).not.toBeChecked();

  // ---- Process protect ----
  await page.goto('/settings/process-protect');
  await expect(page.getByTestId('protect-max')).toBeDisabled();
  await page.getByTestId('protect-enabled').click();
  await page.getByTestId('protect-max').fill('12');
  await save.click();
  await expect(page.getByText('Enter a whole number from 1 to 10.')).toBeVisible();
  await page.getByTestId('protect-max').fill('2');
  await save.click();
  await saved();
  await page.reload();
  await expect(page.getByTestId('protect-enabled')).toBeChecked();
  await expect(page.getByTestId('protect-max')).toHaveValue('2');
  // The three screens saved one object: each kept the others' values.
  const me = await api.call<{ id: number }>('GET', '/users/currentUser');
  const setting = await api.call<Record<string, unknown>>('GET', `/v1/globalsetting/${me.id}`);
  expect(setting).toMatchObject({
    zoomPercent: 125,
    downloadDir: '/srv/facet downloads',
    downloadPerProfile: false,
    processProtect: true,
    processProtectMax: 2,
  });

  // ---- Browser preference ----
  await page.goto('/settings/browser-preference');
  await pick('Operating system', 'macOS');
  await page.getByTestId('pref-startup-urls').fill('ftp://old.example');
  await save.click();
  await expect(page.getByText('Each start page must begin with http:// or https://.')).toBeVisible();
  await page.getByTestId('pref-startup-urls').fill('https://start.example/\nhttps://news.example/');
  await page.getByTestId('pref-mute-audio').click();
  await save.click();
  await saved();
  await page.reload();
  await expect(page.getByTestId('pref-os')).toHaveValue('macos');
  await expect(page.getByTestId('pref-startup-urls')).toHaveValue('https://start.example/\nhttps://news.example/');
  await expect(page.getByTestId('pref-mute-audio')).toBeChecked();

  // ---- Fingerprint preference ----
  await page.goto('/settings/fingerprint-preference');
  await pick('Time zone', 'Custom');
  await save.click();
  await expect(page.getByText('Enter a time zone, such as Europe/Berlin.')).toBeVisible();
  await page.getByTestId('pref-tz').fill('Europe/Berlin');
  await pick('WebRTC', 'Disabled');
  await page.getByTestId('pref-canvasNoise').click();
  await save.click();
  await saved();
  await page.reload();
  await expect(page.getByTestId('pref-tz')).toHaveValue('Europe/Berlin');
  await expect(page.getByTestId('pref-webrtc')).toHaveValue('disabled');
  await expect(page.getByTestId('pref-canvasNoise')).not.toBeChecked();
  // The browser preference saved before is still there.
  await page.goto('/settings/browser-preference');
  await expect(page.getByTestId('pref-os')).toHaveValue('macos');

  // ---- A new profile's form starts from the preferences ----
  await page.goto('/browser/create');
  await expect(page.getByTestId('fp-os')).toHaveValue('macos');
  await expect(page.getByTestId('startup-urls')).toHaveValue('https://start.example/\nhttps://news.example/');
  await page.getByTestId('profile-name').fill('From preferences');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('notice').last()).toContainText('Profile “From preferences” created');
  const list = await api.call<{ list: Array<{ id: number; name: string }> }>('POST', '/v1/browserInfos/list', {});
  const id = list.list.find((p) => p.name === 'From preferences')!.id;
  const detail = await api.call<{ browserFingerPrint: Fp; startupUrls: string[] }>('GET', `/v1/browserInfos/${id}`);
  expect(detail.browserFingerPrint).toMatchObject({
    os: 'macos',
    webrtc: 'disabled',
    timeZone: { mode: 'custom', value: 'Europe/Berlin' },
    canvasNoise: false,
  });
  expect(detail.startupUrls).toEqual(['https://start.example/', 'https://news.example/']);
});
