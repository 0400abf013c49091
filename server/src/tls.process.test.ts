import { execFileSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { API_PREFIX, calls } from '@facet/shared';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { TEST_DB } from './test/harness.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(join(tmpdir(), 'facet-tls-'));

/** A self-signed certificate for 127.0.0.1 made now with the openssl CLI: `<name>.crt` and `<name>.key`. */
function selfSigned(name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      ...['-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** The SHA-256 fingerprint of the certificate a TLS server at `port` presents to a new connection. */
function presentedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      resolve(s.getPeerX509Certificate()?.fingerprint256 ?? '');
      s.end();
    });
    s.once('error', reject);
  });
}

const fingerprintOf = (certPath: string) => new X509Certificate(readFileSync(certPath)).fingerprint256;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One PGlite process is enough: the Postgres project would start the same server again.
describe.skipIf(!openssl || TEST_DB !== 'pglite')('the server over https (FACET_TLS_CERT, FACET_TLS_KEY)', () => {
  let server: ServerProcess;
  let files: { cert: string; key: string };
  let trusting: Agent;
  /** fetch trusting only the test certificate, as a client given the operator's CA would. */
  const tlsFetch = (url: string, init: RequestInit = {}) =>
    undiciFetch(url, { ...(init as object), dispatcher: trusting });

  beforeAll(async () => {
    const made = selfSigned('first');
    // The server reads fixed paths, as an operator's renewed certificate lands on the same ones.
    files = { cert: join(dir, 'server.crt'), key: join(dir, 'server.key') };
    copyFileSync(made.cert, files.cert);
    copyFileSync(made.key, files.key);
    trusting = new Agent({ connect: { ca: readFileSync(files.cert) } });
    server = await startServerProcess({
      databaseUrl: '',
      secretKey: randomBytes(32).toString('base64'),
      adminPassword: 'Admin#12345',
      env: { FACET_TLS_CERT: files.cert, FACET_TLS_KEY: files.key },
      fetch: tlsFetch as unknown as typeof fetch,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await trusting?.close();
  });

  it('says it runs at an https address and answers /healthz and the API over TLS', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await tlsFetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
    const key = await tlsFetch(`${server.url}${API_PREFIX}${calls.x1Key.path}`);
    expect(((await key.json()) as { result: { publicKey: string } }).result.publicKey).toBeTruthy();
    // The helper already made an X1 call through this fetch: a whole encrypted login over https.
    const login = await server.call('loginV2', { username: 'admin', password: 'Admin#12345' });
    expect(login.code).toBe(0);
    expect(login.result.access_token).toBeTruthy();
  });

  it('presents the configured certificate, and speaks no plain http on its port', async () => {
    const port = Number(new URL(server.url).port);
    expect(await presentedFingerprint(port)).toBe(fingerprintOf(files.cert));
    // A client that does not trust the certificate is refused by its own TLS check.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('takes a renewed certificate on SIGHUP and keeps the old one when the new pair is bad', async () => {
    const port = Number(new URL(server.url).port);
    const before = fingerprintOf(files.cert);
    // A bad renewal (the key of another certificate) is refused; the running pair stays.
    const other = selfSigned('other');
    copyFileSync(other.cert, files.cert);
    process.kill(server.pid, 'SIGHUP');
    await new Promise((r) => setTimeout(r, 500));
    expect(await presentedFingerprint(port)).toBe(before);
    expect(server.output()).toMatch(/certificate not reloaded.*not the key of the certificate/);

    copyFileSync(other.key, files.key);
    process.kill(server.pid, 'SIGHUP');
    const renewed = fingerprintOf(other.cert);
    const until = Date.now() + 5_000;
    let seen = await presentedFingerprint(port);
    while (seen !== renewed && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await presentedFingerprint(port);
    }
    expect(seen).toBe(renewed);
    const again = new Agent({ connect: { ca: readFileSync(other.cert) } });
    try {
      expect((await undiciFetch(`${server.url}/healthz`, { dispatcher: again })).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('does not start with only one of the two, naming the missing one', async () => {
    const start = (env: Record<string, string>) =>
      startServerProcess({ databaseUrl: '', secretKey: randomBytes(32).toString('base64'), adminPassword: 'x', env });
    await expect(start({ FACET_TLS_CERT: files.cert })).rejects.toThrow(
      /the server exited:[\s\S]*FACET_TLS_CERT is set but FACET_TLS_KEY is not/,
    );
  });
});

describe.skipIf(!openssl)('TLS configuration', () => {
  let pair: { cert: string; key: string };
  beforeAll(() => {
    pair = selfSigned('config');
  });

  it('is off without either variable, and reads both files when both are set', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    const tls = loadConfig({ FACET_TLS_CERT: pair.cert, FACET_TLS_KEY: pair.key }).tls;
    expect(tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(tls?.key.toString()).toContain('PRIVATE KEY');
  });

  it('names the missing variable when only one is set', () => {
    expect(() => loadConfig({ FACET_TLS_CERT: pair.cert })).toThrow(
      'FACET_TLS_CERT is set but FACET_TLS_KEY is not: https needs both, or neither',
    );
    expect(() => loadConfig({ FACET_TLS_KEY: pair.key })).toThrow(
      'FACET_TLS_KEY is set but FACET_TLS_CERT is not: https needs both, or neither',
    );
  });

  it('names the variable and the file when a file is missing, not PEM, or the key does not match', () => {
    const missing = join(dir, 'nowhere.crt');
    expect(() => loadConfig({ FACET_TLS_CERT: missing, FACET_TLS_KEY: pair.key })).toThrow(
      `FACET_TLS_CERT: cannot read ${missing} (ENOENT)`,
    );
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a certificate\n');
    expect(() => loadConfig({ FACET_TLS_CERT: garbage, FACET_TLS_KEY: pair.key })).toThrow(
      `FACET_TLS_CERT: ${garbage} is not a PEM certificate`,
    );
    expect(() => loadConfig({ FACET_TLS_CERT: pair.cert, FACET_TLS_KEY: garbage })).toThrow(
      `FACET_TLS_KEY: ${garbage} is not a PEM private key`,
    );
    // The two swapped is a common slip: the certificate given as the key.
    expect(() => loadConfig({ FACET_TLS_CERT: pair.cert, FACET_TLS_KEY: pair.cert })).toThrow(
      /FACET_TLS_KEY: .* is not a PEM private key/,
    );
    const stranger = selfSigned('stranger');
    expect(() => loadConfig({ FACET_TLS_CERT: pair.cert, FACET_TLS_KEY: stranger.key })).toThrow(
      `FACET_TLS_KEY: ${stranger.key} is not the key of the certificate in ${pair.cert}`,
    );
  });
});
