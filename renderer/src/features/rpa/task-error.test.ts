import type { ClientBridge } from '@facet/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useNoticeStore } from '../../stores/notice';
import { connectRpaTaskError } from './task-error';

describe('rpa-task-error from the client', () => {
  afterEach(() => useNoticeStore.setState({ notices: [] }));

  it('shows the message as a notice until unsubscribed', () => {
    let listener: ((p: { message: string }) => void) | null = null;
    const bridge = {
      on: (event: string, l: (p: { message: string }) => void) => {
        expect(event).toBe('rpa-task-error');
        listener = l;
        return () => {
          listener = null;
        };
      },
    } as unknown as Pick<ClientBridge, 'on'>;
    const off = connectRpaTaskError(bridge);
    listener!({ message: 'profile 12: step 3 click failed' });
    const [notice] = useNoticeStore.getState().notices;
    expect(notice).toMatchObject({ severity: 'warning' });
    expect(notice?.text).toContain('profile 12: step 3 click failed');
    off();
    expect(listener).toBeNull();
  });
});
