import { describe, expect, it } from 'vitest';
import { generateX1KeyPair, importX1PrivateKey, importX1PublicKey, X1Error, x1Decrypt, x1Encrypt } from './x1.js';

describe('X1 body encryption', () => {
  it('round-trips a body and refuses tampering and a foreign key', async () => {
    const pair = await generateX1KeyPair();
    const pub = await importX1PublicKey(pair.publicKey);
    const priv = await importX1PrivateKey(pair.privateKey);
    const body = { username: 'alice', password: 'Passw0rd!', note: '中文 ✓' };
    const bytes = await x1Encrypt(pub, body, 1234);
    expect(new TextDecoder().decode(bytes)).not.toContain('Passw0rd');
    expect(await x1Decrypt(priv, bytes)).toEqual({ ts: 1234, body, nonce: expect.any(String) });
    const tampered = new Uint8Array(bytes);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0xff;
    await expect(x1Decrypt(priv, tampered)).rejects.toBeInstanceOf(X1Error);
    const other = await importX1PrivateKey((await generateX1KeyPair()).privateKey);
    await expect(x1Decrypt(other, bytes)).rejects.toBeInstanceOf(X1Error);
    await expect(x1Decrypt(priv, new TextEncoder().encode('{"username":"a"}'))).rejects.toBeInstanceOf(X1Error);
  });

  it('gives each envelope its own nonce, the same one every time it is opened', async () => {
    const pair = await generateX1KeyPair();
    const pub = await importX1PublicKey(pair.publicKey);
    const priv = await importX1PrivateKey(pair.privateKey);
    const a = await x1Encrypt(pub, { same: 1 }, 1);
    const b = await x1Encrypt(pub, { same: 1 }, 1);
    const nonceA = (await x1Decrypt(priv, a)).nonce;
    expect((await x1Decrypt(priv, a)).nonce).toBe(nonceA);
    expect((await x1Decrypt(priv, b)).nonce).not.toBe(nonceA);
  });
});
