import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { CLIENT_VERSION_HEADER, parseReleaseFeed, type ReleaseFeed } from '@facet/shared';
import { isLoopbackHost } from '../server-url.js';
import { UpdateError } from './errors.js';

/**
 * Signed releases (docs/client.md, Signed releases). Whoever publishes a release signs each
 * `latest*.yml` with the Facet release key, an ed25519 key that never sits on the server; the
 * client trusts a feed only when its exact bytes carry a valid signature by a key built into it.
 * So a server, a releases folder or a network path in someone else's hands cannot make a client
 * install anything: the version, the files, their sha512, the forced flag and the minimum version
 * all come from the signed bytes.
 */

/** The signature of `latest-linux.yml` is `latest-linux.yml.sig`: its base64 ed25519 signature. */
export const SIGNATURE_SUFFIX = '.sig';

/** A new release key pair: the private key as PEM (kept by whoever makes releases), the public one as built in. */
export function generateReleaseKeyPair(): { privateKeyPem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKeyText(publicKey),
  };
}

/** A public key as the client carries it: base64 of its SPKI DER form. */
const publicKeyText = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');

/** The public key of a private key (PEM), as the client carries it. */
export const publicKeyOf = (privateKeyPem: string) => publicKeyText(createPublicKey(createPrivateKey(privateKeyPem)));

/** The `.sig` text for a feed file's bytes. */
export function signFeed(feed: string | Uint8Array, privateKeyPem: string): string {
  return `${sign(null, Buffer.from(feed), createPrivateKey(privateKeyPem)).toString('base64')}\n`;
}

/** Whether `signature` (a `.sig` text) is a signature of `feed` by one of `publicKeys`. */
export function isSignedBy(feed: string | Uint8Array, signature: string, publicKeys: readonly string[]): boolean {
  const sig = Buffer.from(signature.trim(), 'base64');
  if (sig.length !== 64) return false;
  return publicKeys.some((k) => {
    try {
      const key = createPublicKey({ key: Buffer.from(k, 'base64'), format: 'der', type: 'spki' });
      return verify(null, Buffer.from(feed), key, sig);
    } catch {
      return false;
    }
  });
}

/**
 * A feed address the client may read: https, or http to this machine only (a local test server).
 * Plain http elsewhere would let anyone on the path see which client asks and stall it.
 */
export function checkFeedUrl(feedUrl: string): URL {
  let url: URL;
  try {
    url = new URL(feedUrl);
  } catch {
    throw new UpdateError('feed-insecure', `update feed ${feedUrl}: not a URL`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  throw new UpdateError(
    'feed-insecure',
    `update feed ${feedUrl}: updates are read over https only (plain http only from this machine)`,
  );
}

/** Every file of a release, resolved against the feed: all on the feed's own origin, or refused. */
export function releaseFileUrls(feed: ReleaseFeed, feedUrl: string): string[] {
  const origin = new URL(feedUrl).origin;
  return feed.files.map((f) => {
    const url = new URL(f.url, feedUrl);
    if (url.origin !== origin)
      throw new UpdateError(
        'release-foreign-host',
        `release ${feed.version}: ${url.origin} is not the update server ${origin}; the release is refused`,
      );
    return url.toString();
  });
}

export interface SignedFeedRequest {
  /** `<server>/updates/latest-<platform>.yml`. */
  feedUrl: string;
  publicKeys: readonly string[];
  currentVersion: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

async function get(url: string, r: SignedFeedRequest): Promise<Response> {
  try {
    return await (r.fetch ?? fetch)(url, {
      headers: { [CLIENT_VERSION_HEADER]: r.currentVersion },
      signal: AbortSignal.timeout(r.timeoutMs ?? 30_000),
      redirect: 'error',
    });
  } catch (e) {
    throw new UpdateError('feed-unreachable', `update feed ${url}: ${(e as Error).message}`);
  }
}

/**
 * The release a feed offers, read and checked before anything is downloaded: the address is
 * https (or loopback), the feed's bytes are signed by a built-in key, and every file is on the
 * feed's own origin. Null when nothing is published for this platform.
 */
export async function fetchSignedRelease(r: SignedFeedRequest): Promise<ReleaseFeed | null> {
  checkFeedUrl(r.feedUrl);
  if (r.publicKeys.length === 0)
    throw new UpdateError(
      'release-unsigned',
      'this build trusts no release key, so it does not update itself (docs/client.md, Signed releases)',
    );
  const res = await get(r.feedUrl, r);
  if (res.status === 404) return null;
  if (!res.ok) throw new UpdateError('feed-unreachable', `update feed ${r.feedUrl}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const sigRes = await get(`${r.feedUrl}${SIGNATURE_SUFFIX}`, r);
  if (sigRes.status === 404)
    throw new UpdateError('release-unsigned', `update feed ${r.feedUrl}: the feed is not signed; it is refused`);
  if (!sigRes.ok) throw new UpdateError('feed-unreachable', `update feed ${r.feedUrl}.sig: HTTP ${sigRes.status}`);
  if (!isSignedBy(bytes, await sigRes.text(), r.publicKeys))
    throw new UpdateError(
      'release-bad-signature',
      `update feed ${r.feedUrl}: the signature does not match the feed or is not by a release key this build trusts; it is refused`,
    );
  let feed: ReleaseFeed;
  try {
    feed = parseReleaseFeed(Buffer.from(bytes).toString('utf8'));
  } catch (e) {
    throw new UpdateError('feed-invalid', `update feed ${r.feedUrl}: ${(e as Error).message}`);
  }
  releaseFileUrls(feed, r.feedUrl);
  return feed;
}
