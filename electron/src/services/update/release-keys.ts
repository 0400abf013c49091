/**
 * The release keys this build trusts: base64 SPKI ed25519 public keys (docs/client.md, Signed
 * releases). `npm run release:keygen` makes a pair and adds its public half here; the private half
 * stays with whoever signs releases, never on a server. With no key, the build updates from no feed:
 * a development build cannot be made to install anything.
 */
export const RELEASE_PUBLIC_KEYS: readonly string[] = [];
