import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, saveToken } from '../api/token-storage';
import { transportEnv } from '../api/transport-env';
import { transportEvents } from '../api/transport-events';
import { useBridgeStore } from '../bridge';
import { useUserStore } from '../stores/user';
import { clearBrowserState } from '../test/browser-state';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { setNavigator } from './navigation';
import { wireTransport } from './transport-wiring';

const double = setupHttpDouble();
let unwire: () => void;
const navigate = vi.fn();

beforeAll(() => {
  setNavigator(navigate);
  unwire = wireTransport();
});
afterAll(() => {
  unwire();
});
beforeEach(() => {
  clearBrowserState();
  navigate.mockClear();
});

describe('the transport wiring', () => {
  it('on session loss resets the session and goes to Login', async () => {
    saveToken('tok', 'sid');
    await transportEvents.emit('sessionLoss', { code: 40104 });
    expect(getToken()).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('reads the user info again when the server says it changed', async () => {
    double.on((_q, res) =>
      json(res, 200, envelope(0, { username: 'carol', avatar: '', balance: '1', userType: 1, roleId: '' })),
    );
    await transportEvents.emit('userInfoChanged', { code: 11019 });
    expect(useUserStore.getState().username).toBe('carol');
  });

  it("sends the desktop client's version and translates with the console's texts", () => {
    useBridgeStore.setState({ bridge: { clientVersion: '9.9.9' } as never });
    expect(transportEnv().clientVersion()).toBe('9.9.9');
    useBridgeStore.setState({ bridge: null });
    expect(transportEnv().texts.t('http.transport.timeout')).toBe('The request timed out.');
  });
});
