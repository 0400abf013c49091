// Signing releases (docs/client.md, Signed releases), where releases are made — never on the server:
//   npm run release:keygen -- <private-key-file>   a new key pair: the private key to the file (mode
//                                                   600), its public half added to the build's trusted keys
//   npm run release:sign -- <releases-dir> <private-key-file>
//                                                   signs every latest*.yml there (writes latest*.yml.sig)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEED_FILES } from '@facet/shared';
import {
  generateReleaseKeyPair,
  publicKeyOf,
  SIGNATURE_SUFFIX,
  signFeed,
} from '../electron/src/services/update/signed-release.js';

const KEYS_FILE = new URL('../electron/src/services/update/release-keys.ts', import.meta.url);

function keygen(privateKeyFile: string) {
  if (existsSync(privateKeyFile)) throw new Error(`${privateKeyFile} exists; choose another file`);
  const pair = generateReleaseKeyPair();
  writeFileSync(privateKeyFile, pair.privateKeyPem, { mode: 0o600 });
  const source = readFileSync(KEYS_FILE, 'utf8');
  const updated = source.replace(
    /RELEASE_PUBLIC_KEYS: readonly string\[\] = \[(.*?)\];/s,
    (_, keys: string) =>
      `RELEASE_PUBLIC_KEYS: readonly string[] = [${keys.trim() ? `${keys.trim()}, ` : ''}'${pair.publicKey}'];`,
  );
  writeFileSync(KEYS_FILE, updated);
  console.log(
    `private key: ${privateKeyFile} (keep it off the server)\npublic key: ${pair.publicKey} (added to release-keys.ts)`,
  );
}

function signAll(dir: string, privateKeyFile: string) {
  const pem = readFileSync(privateKeyFile, 'utf8');
  const signed = FEED_FILES.filter((f) => existsSync(join(dir, f)));
  if (signed.length === 0) throw new Error(`no latest*.yml in ${dir}`);
  for (const f of signed) writeFileSync(join(dir, f + SIGNATURE_SUFFIX), signFeed(readFileSync(join(dir, f)), pem));
  console.log(`signed ${signed.join(', ')} with key ${publicKeyOf(pem)}`);
}

const [command, a, b] = process.argv.slice(2);
try {
  if (command === 'keygen' && a) keygen(a);
  else if (command === 'sign' && a && b) signAll(a, b);
  else throw new Error('usage: release keygen <private-key-file> | release sign <releases-dir> <private-key-file>');
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
