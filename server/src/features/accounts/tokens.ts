/**
 * Customer tokens.
 * - Access token: `<payload>.<signature>`, both base64url; the payload is `{ v: 1, sub: customer id, sid: session id,
 *   exp: seconds since the epoch }` and the signature its HMAC-SHA256 under the server's token secret. Short-lived;
 *   the session it names must also still be open (accounts.service.ts checks that).
 * - Refresh, reset and other opaque tokens: 32 random bytes; only their SHA-256 is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  customerId: number;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const MAX_TOKEN_LENGTH = 512;

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, sub: claims.customerId, sid: claims.sessionId, exp: claims.expiresAt })).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The claims of a well-signed, unexpired token, or null. */
export function verifyAccessToken(token: string, secret: string, nowSeconds: number): AccessClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { v, sub, sid, exp } = body as Record<string, unknown>;
  if (v !== 1 || typeof sub !== 'number' || !Number.isSafeInteger(sub) || typeof sid !== 'string' || typeof exp !== 'number') return null;
  if (exp <= nowSeconds) return null;
  return { customerId: sub, sessionId: sid, expiresAt: exp };
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of an opaque token: enough to recognise it, useless to whoever reads the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
