import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from './tokens.ts';

describe('passwords (scrypt)', () => {
  it('stores the parameters and a fresh salt with the hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse 1');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse 1')).not.toBe(stored);
    expect(await verifyPassword('correct horse 1', stored)).toBe(true);
    expect(await verifyPassword('correct horse 2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies a hash made with other parameters and asks for a re-hash when they were weaker', async () => {
    const weak = await hashPassword('secret-123', { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword('secret-123', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('secret-123', SCRYPT_PARAMS))).toBe(false);
  });

  it('never matches a malformed or absurd stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$a$b', 'scrypt$1099511627776$8$1$AAAA$AAAA', 'bcrypt$x$y$z$a$b']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('access tokens', () => {
  const secret = 's'.repeat(40);
  const claims = { customerId: 7, sessionId: 'session-1', expiresAt: 2000 };

  it('answers the claims of a token signed with the secret, until it expires', () => {
    const token = signAccessToken(claims, secret);
    expect(verifyAccessToken(token, secret, 1999)).toEqual(claims);
    expect(verifyAccessToken(token, secret, 2000)).toBeNull();
  });

  it('refuses another secret, a changed payload or signature, and junk', () => {
    const token = signAccessToken(claims, secret);
    expect(verifyAccessToken(token, 't'.repeat(40), 0)).toBeNull();
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ v: 1, sub: 8, sid: 'session-1', exp: 2000 })).toString('base64url');
    expect(verifyAccessToken(`${other}.${signature}`, secret, 0)).toBeNull();
    expect(verifyAccessToken(`${payload}.${signature.slice(0, -2)}AA`, secret, 0)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', token + '.x', 'x'.repeat(600)]) expect(verifyAccessToken(junk, secret, 0)).toBeNull();
  });

  it('opaque tokens are random and stored only as their SHA-256', () => {
    const a = newOpaqueToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(newOpaqueToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });
});
