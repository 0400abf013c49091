import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

type Perf = { open: boolean; cpu: number; mem: number; freeCacheSpace: number };

test('client settings: pair from the Local API screen, thresholds and system proxy saved in the client, close setting kept', async ({
  page,
  baseURL,
}) => {
  // A real client and four screens: about 20 s on a quiet machine, well over a minute on a loaded one.
  test.setTimeout(120_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  // A client that nobody signed in yet: the console pairs it.
  const client = await startHeadlessClient(baseURL!, '');
  try {
    const port = new URL(client.url).port;
    await signInAs(page, user.username, user.password);

    // ---- Local API: pair with the running client ----
    await page.goto('/settings/local-api');
    await expect(page.getByRole('heading', { level: 1, name: 'Local API' })).toBeVisible();
    await page.getByTestId('pair-port').fill('0');
    await expect(page.getByText('Port must be a whole number from 1 to 65535')).toBeVisible();
    await expect(page.getByTestId('pair-connect')).toBeDisabled();
    await page.getByTestId('pair-port').fill(port);
    // Found, but never paired: the console sends it nothing until the user gives the code.
    await expect(page.getByTestId('client-status')).toHaveText(/Not paired|Unreachable/);
    await page.getByTestId('pair-connect').click();
    await expect(page.getByText('Enter the pairing code the client shows')).toBeVisible();
    // A code the client does not hold: refused before anything of the user's is sent.
    await page.getByTestId('pair-code').fill('0000-0000-0000-0000');
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('notice').last()).toContainText('did not prove it holds this code');
    await page.getByTestId('pair-code').fill(client.pairingCode().toLowerCase());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');
    // The key for the user's scripts is the client's own, shown masked.
    await expect(page.getByTestId('local-api-key')).toHaveValue(client.apiKey);
    await expect(page.getByTestId('local-api-key')).toHaveAttribute('type', 'password');
    await expect(page.getByTestId('local-api-url')).toHaveValue(`http://127.0.0.1:${port}`);
    await expect(page.getByTestId('usage-example')).toContainText(`http://127.0.0.1:${port}/api/v1/profiles/start`);

    // ---- Open browser: thresholds are validated, then saved in the client itself ----
    await page.goto('/settings/open-browser');
    await expect(page.getByRole('heading', { level: 1, name: 'Open browser' })).toBeVisible();
    await expect(page.getByTestId('no-client')).toHaveCount(0);
    const before = (await client.call<{ performance: Perf }>('POST', '/configs/all')).data.performance;
    await expect(page.getByTestId('perf-cpu')).toHaveValue(String(before.cpu));
    await page.getByTestId('perf-cpu').fill('101');
    await expect(page.getByText('CPU threshold must be a whole number from 1 to 100')).toBeVisible();
    await expect(page.getByTestId('perf-save')).toBeDisabled();
    await page.getByTestId('perf-cpu').fill('80');
    await page.getByTestId('perf-mem').fill('70');
    await page.getByTestId('perf-save').click();
    await expect(page.getByText('Performance settings saved in the client')).toBeVisible();
    const after = (await client.call<{ performance: Perf }>('POST', '/configs/all')).data.performance;
    expect(after).toMatchObject({ cpu: 80, mem: 70, open: before.open, freeCacheSpace: before.freeCacheSpace });
    await page.reload();
    await expect(page.getByTestId('perf-cpu')).toHaveValue('80');
    await expect(page.getByTestId('perf-mem')).toHaveValue('70');

    // ---- System proxy: checked, saved in the client, then back to direct ----
    type SysProxy = { type: number; host: string | null; port: number | null; username: string | null };
    const sysProxy = async () =>
      (await client.call<{ systemProxy: SysProxy }>('POST', '/configs/all')).data.systemProxy;
    await page.goto('/settings/system-proxy');
    await page.getByTestId('proxy-type-http').click();
    await page.getByTestId('proxy-host').fill('http://10.0.0.1');
    await page.getByTestId('proxy-port').fill('3128');
    await page.getByTestId('proxy-save').click();
    await expect(page.getByText(/Proxy host must be a host name or an IP address/)).toBeVisible();
    await page.getByTestId('proxy-host').fill('10.0.0.1');
    await page.getByTestId('proxy-username').fill('office');
    await page.getByTestId('proxy-save').click();
    await expect(page.getByText('System proxy saved in the client')).toBeVisible();
    expect(await sysProxy()).toMatchObject({ type: 2, host: '10.0.0.1', port: 3128, username: 'office' });
    await page.getByTestId('proxy-type-direct').click();
    await page.getByTestId('proxy-save').click();
    await expect.poll(async () => (await sysProxy()).type).toBe(1);

    // ---- Close setting: kept on the server, shown after a reload ----
    await page.goto('/settings/close');
    await expect(page.getByRole('heading', { level: 1, name: 'Close setting' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Ask me each time/ })).toBeChecked();
    await page.getByRole('radio', { name: /Quit the app/ }).check();
    await page.getByTestId('close-save').click();
    await expect(page.getByText('Close setting saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: /Quit the app/ })).toBeChecked();
    const values = await api.call<Array<{ globalValueType: string; globalValue: string | null }>>(
      'POST',
      '/v1/globalvaluesetting/getValueList',
      { globalValueTypelist: ['browserBaseSetting'] },
    );
    expect(JSON.parse(values[0]?.globalValue ?? '{}')).toMatchObject({ closeaction: 2 });
  } finally {
    await client.stop();
  }
});
