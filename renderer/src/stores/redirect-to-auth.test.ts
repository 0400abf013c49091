import type { ClientBridge } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { getToken, saveToken } from '../api/token-storage';
import { setNavigator } from '../app/navigation';
import { connectRedirectToAuth, useUserStore } from './user';

describe('redirectToAuth from the desktop client', () => {
  it('signs the console out and shows sign-in, until unsubscribed', async () => {
    const went: string[] = [];
    setNavigator((to) => went.push(String(to)));
    saveToken('tok', 'sid');
    useUserStore.setState({ token: 'tok' } as never);
    let listener: ((p: { url: string }) => void) | null = null;
    const bridge = {
      on: (event: string, l: (p: { url: string }) => void) => {
        expect(event).toBe('redirectToAuth');
        listener = l;
        return () => {
          listener = null;
        };
      },
    } as unknown as Pick<ClientBridge, 'on'>;
    const off = connectRedirectToAuth(bridge);
    listener!({ url: '/login' });
    await expect.poll(() => getToken()).toBeFalsy();
    expect(went).toContain('/login');
    off();
    expect(listener).toBeNull();
  });
});
