import { isElectronBridge, useBridge } from '../../bridge';
import { useSoftHeartbeat } from '../../queries/notices';
import { useClientStore } from '../../stores/client';
import { useUserStore } from '../../stores/user';

const CLIENT_ID_KEY = 'facetClientId';

/** This browser's (or desktop window's) presence id, made once and kept. */
export function presenceClientId(): string {
  let id = localStorage.getItem(CLIENT_ID_KEY);
  if (!id) {
    id = `c-${crypto.randomUUID()}`;
    localStorage.setItem(CLIENT_ID_KEY, id);
  }
  return id;
}

/** Reports this console as online while signed in: desktop inside the client, web elsewhere. */
export function usePresence() {
  const signedIn = useUserStore((s) => !!s.token);
  const version = useClientStore((s) => s.clientVersion);
  const desktop = isElectronBridge(useBridge());
  useSoftHeartbeat(signedIn ? presenceClientId() : null, desktop ? 'desktop' : 'web', desktop ? version : '');
}
