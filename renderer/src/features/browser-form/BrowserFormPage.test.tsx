import type { ClientBridge, Fingerprint } from '@facet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setBridgeForTests } from '../../bridge';
import { useUserStore } from '../../stores/user';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import BrowserFormPage from './BrowserFormPage';
import { FingerprintSection } from './FingerprintSection';

const double = setupHttpDouble();

const fingerprint = {
  os: 'windows',
  browserVersion: '131',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  clientHints: { platformVersion: '15.0.0' },
  languages: { mode: 'custom', value: ['de-DE', 'de'] },
  timeZone: { mode: 'ip', value: '' },
  geolocation: { mode: 'ip' },
  webrtc: 'proxy',
  screen: { mode: 'custom', width: 1920, height: 1080 },
  fonts: ['Arial'],
  canvasNoise: true,
  webglImageNoise: true,
  audioNoise: true,
  clientRectsNoise: true,
  webglVendor: 'Google Inc. (Intel)',
  webglRenderer: 'ANGLE (Intel)',
  hardwareConcurrency: 8,
  deviceMemory: 8,
  mediaDevices: { mode: 'noise', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
  speechVoices: true,
  doNotTrack: null,
  deviceName: 'DESKTOP-ABC1234',
  macAddress: '00-1B-21-3A-4C-5D',
  portScanProtection: { enabled: true, allowPorts: [] },
};
const detail = {
  id: 5,
  serialNumber: 12,
  name: 'Shop DE',
  groupId: 1,
  groupName: 'Default',
  remark: '',
  tags: [],
  siteUrl: '',
  accountUsername: '',
  accountPassword: '',
  twoFactorSecret: '',
  proxyMethod: 1,
  proxyType: 'noproxy',
  proxyAgreementType: 'http',
  host: '',
  port: null,
  proxyUserName: '',
  proxyPassword: '',
  isGlobalProxyInfo: false,
  country: '',
  province: '',
  city: '',
  agentIpId: null,
  cookieCount: 3,
  browserFingerPrint: fingerprint,
  startupUrls: [],
  extendIds: [],
};

describe('browser profile form', () => {
  it('loads the profile, summarises its fingerprint and shows the server’s field error at the field', async () => {
    useUserStore.setState({
      userInfo: { roleId: 'user', riskLevel: 0, menuCodes: ['browser:update', 'browser:list'] } as never,
    });
    double.on((q, res) => {
      if (q.method === 'GET' && q.path === '/api/v1/browserInfos/5') return json(res, 200, envelope(0, detail));
      if (q.path === '/api/v1/browserGroups/list')
        return json(res, 200, envelope(0, [{ id: 1, name: 'Default', isDefault: true, sort: 0, profileCount: 1 }]));
      if (q.method === 'PUT') return json(res, 400, envelope(400, null, 'body.remark: this word is not allowed here'));
      return json(res, 404, envelope(404, null, 'not found'));
    });
    renderWithQuery(
      <MemoryRouter initialEntries={['/browser/edit/5']}>
        <Routes>
          <Route path="/browser/edit/:id" element={<BrowserFormPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByDisplayValue('Shop DE', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('fingerprint-summary').textContent).toBe(
      'Windows 11 · Chrome 131 · de-DE · 1920×1080 · 8 cores · 8 GB',
    );
    expect(screen.getByText('Cookies stored now: 3. Paste new ones to replace them.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'forbidden' } });
    fireEvent.click(screen.getByTestId('save-profile'));
    const remark = screen.getByLabelText('Remark');
    await waitFor(() => expect(remark.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('this word is not allowed here')).toBeTruthy();
    const put = double.seen.find((s) => s.method === 'PUT')!;
    expect(JSON.parse(put.body.toString())).toMatchObject({ id: 5, remark: 'forbidden', name: 'Shop DE' });
    // Cookies were not sent: the stored ones stay.
    expect(JSON.parse(put.body.toString())).not.toHaveProperty('cookie');
    // Editing the field clears the server's error there.
    fireEvent.change(remark, { target: { value: 'fine' } });
    await waitFor(() => expect(screen.queryByText('this word is not allowed here')).toBeNull());
    // The whole form in jsdom is slow on a busy machine; a real browser renders it at once.
  }, 60_000);

  it('warns where the OS is chosen when the profile claims another OS than the computer’s', () => {
    const section = (os: 'windows' | 'linux') => (
      <FingerprintSection
        fp={{ ...fingerprint, os } as Fingerprint}
        setFp={() => {}}
        err={() => undefined}
        versionPref="auto"
        onConstraints={() => {}}
        onNewMac={() => {}}
        busy={false}
      />
    );
    setBridgeForTests({ kind: 'electron', platform: 'linux' } as ClientBridge);
    try {
      const { rerender } = renderWithQuery(section('windows'));
      expect(screen.getByTestId('fp-os-warning').textContent).toMatch(
        /^This computer runs Linux\. A profile that claims Windows here can be told apart/,
      );
      rerender(section('linux'));
      expect(screen.queryByTestId('fp-os-warning')).toBeNull();
    } finally {
      setBridgeForTests(undefined);
    }
  });
});
