import { DEFAULT_LANGUAGE } from '@facet/shared';

/** Translation as the transport needs it: the app passes i18n, a test or a script may pass none. */
export interface TransportTexts {
  t: (key: string, values?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/** What the transport reads from its surroundings on every request. */
export interface TransportEnv {
  /** The language header. */
  language: () => string;
  /** The desktop client's version on this machine, so the server can offer an update. */
  clientVersion: () => string | undefined;
  /** The access stamp of the user info the console holds (none before it has one). */
  accessStamp: () => string | undefined;
  texts: TransportTexts;
}

// Without the app: keys stand for themselves, so a server's own message is shown as it came.
const env: TransportEnv = {
  language: () => DEFAULT_LANGUAGE,
  clientVersion: () => undefined,
  accessStamp: () => undefined,
  texts: { t: (key) => key, exists: () => false },
};

export function configureTransport(next: Partial<TransportEnv>): void {
  Object.assign(env, next);
}

export const transportEnv = (): Readonly<TransportEnv> => env;
