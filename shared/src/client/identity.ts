/**
 * What a desktop client signs to prove, to the console, that it is a client the user paired
 * (docs/client.md, Pairing): the console's fresh nonce and the port the console is talking to.
 * The port is in it so that a program squatting on the console's port cannot pass along the
 * proof of the real client listening on another port.
 */
export const clientIdentityMessage = (nonce: string, port: number) => `facet-client-identity|${nonce}|${port}`;
