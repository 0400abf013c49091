/**
 * What the HTTP client asks of the session owner (the user store) on §8 codes. Registered
 * at start-up; kept apart so the client does not import the stores that import it.
 */
export const sessionHooks = {
  /** 401, 40104, 50401, 50406: close browsers in the desktop client, reset, go to Login. */
  onSessionLoss: async (): Promise<void> => {},
  /** 11019: the user info changed on the server. */
  reloadUserInfo: async (): Promise<void> => {},
};

export function registerSessionHooks(hooks: Partial<typeof sessionHooks>): void {
  Object.assign(sessionHooks, hooks);
}
