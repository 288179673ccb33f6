/**
 * The self-hosted proof-of-work captcha (decision content): the server hands out a random challenge; the browser
 * finds a nonce so that sha256(`${challenge}:${nonce}`) starts with `difficulty` zero bits; the server checks the
 * same rule with one hash. The captcha token other calls carry is `${challenge}:${nonce}`.
 */
import { sha256Text } from './sha256.ts';

/** How many zero bits the hash starts with. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function powSatisfied(challenge: string, nonce: string, difficulty: number): boolean {
  return leadingZeroBits(sha256Text(`${challenge}:${nonce}`)) >= difficulty;
}

/**
 * Tries the nonces `from`, `from + 1`, ... (as decimal text) for at most `attempts` hashes; answers the first that
 * satisfies the challenge, or null so the caller can yield to the page and continue from `from + attempts`.
 */
export function solvePow(challenge: string, difficulty: number, from = 0, attempts = Number.MAX_SAFE_INTEGER): string | null {
  const end = from + attempts;
  for (let nonce = from; nonce < end; nonce++) {
    const text = String(nonce);
    if (powSatisfied(challenge, text, difficulty)) return text;
  }
  return null;
}

/** Splits a captcha token `${challenge}:${nonce}`; null when it is not of that shape. */
export function parsePowToken(token: string): { challenge: string; nonce: string } | null {
  const match = /^([A-Za-z0-9_-]{16,64}):([0-9]{1,16})$/.exec(token);
  return match ? { challenge: match[1]!, nonce: match[2]! } : null;
}
