import { generateKeyPairSync, sign } from 'node:crypto';
import { clientIdentityMessage } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/** A client's identity key pair, as the desktop client makes one. */
function identity() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    sign: (nonce: string, port: number) =>
      sign(null, Buffer.from(clientIdentityMessage(nonce, port)), privateKey).toString('base64'),
  };
}
const NONCE = 'n0nce-0123456789abcdef';

describe.skipIf(dbUnavailable())('paired clients', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('a registered client proves itself for the port it signed, nobody else does', async () => {
    const u = await t.register();
    const mine = identity();
    const stranger = identity();
    const reg = await t.call('clientIdentityRegister', { publicKey: mine.publicKey, name: 'laptop' }, u);
    expect(reg.code).toBe(0);
    const verify = (publicKey: string, signature: string, port = 7701) =>
      t.call('clientIdentityVerify', { publicKey, nonce: NONCE, port, signature }, u);

    expect((await verify(mine.publicKey, mine.sign(NONCE, 7701))).result).toEqual({ valid: true });
    // The real client's proof for its own port, passed along by a program squatting on 7701.
    expect((await verify(mine.publicKey, mine.sign(NONCE, 7702))).result).toEqual({ valid: false });
    // A key the user never paired, even with a good signature.
    expect((await verify(stranger.publicKey, stranger.sign(NONCE, 7701))).result).toEqual({ valid: false });
    // Another user's client is not this user's.
    const other = await t.register();
    const theirs = await t.call(
      'clientIdentityVerify',
      { publicKey: mine.publicKey, nonce: NONCE, port: 7701, signature: mine.sign(NONCE, 7701) },
      other,
    );
    expect(theirs.result).toEqual({ valid: false });
  });

  it('lists, forgets and refuses what is not an ed25519 key', async () => {
    const u = await t.register();
    const c = identity();
    await t.call('clientIdentityRegister', { publicKey: c.publicKey, name: 'desk' }, u);
    const list = await t.call('clientIdentityList', undefined, u);
    expect(list.result).toEqual([expect.objectContaining({ name: 'desk' })]);
    const id = (list.result as Array<{ id: number }>)[0]!.id;
    expect((await t.call('clientIdentityDelete', { id }, u)).result).toBe(true);
    const after = await t.call(
      'clientIdentityVerify',
      { publicKey: c.publicKey, nonce: NONCE, port: 7701, signature: c.sign(NONCE, 7701) },
      u,
    );
    expect(after.result).toEqual({ valid: false });
    expect((await t.call('clientIdentityDelete', { id }, u)).status).toBe(404);

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    const bad = await t.call('clientIdentityRegister', { publicKey: rsa.slice(0, 200) }, u);
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual([{ field: 'body.publicKey', key: 'publicKeyInvalid' }]);
  });

  it('tells a signed-in console where the client started beside the server listens, and nobody else', async () => {
    const u = await t.register();
    // This server started no client: the console is told nothing, and looks only where it was told.
    expect((await t.call('clientLocalApi', undefined, u)).result).toEqual({ url: null });
    const beside = await createTestServer({ localClientUrl: 'http://127.0.0.1:7755' });
    try {
      const v = await beside.register();
      expect((await beside.call('clientLocalApi', undefined, v)).result).toEqual({ url: 'http://127.0.0.1:7755' });
      expect((await beside.call('clientLocalApi', undefined)).status).toBe(401);
    } finally {
      await beside.close();
    }
  });
});
