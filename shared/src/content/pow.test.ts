import { describe, expect, it } from 'vitest';
import { leadingZeroBits, parsePowToken, powSatisfied, solvePow } from './pow.ts';
import { sha256Text, toHex } from './sha256.ts';

// The same rules are checked against node:crypto in server/src/features/captcha/pow-node.test.ts.
describe('sha256', () => {
  it('matches known digests, ASCII and UTF-8, one and several blocks', () => {
    expect(toHex(sha256Text(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256Text('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256Text('The quick brown fox jumps over the lazy dog'))).toBe('d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592');
    expect(toHex(sha256Text('horloge €250 – é 🕰'))).toBe('616a2f894cc2482d1f078d1fa4dadbd931440d38c51c73414e6b1b01c49e0961');
    expect(toHex(sha256Text('x'.repeat(200)))).toBe('aa20c23e3201834050679e1d88941b9a6fed0557c9a705cb2c315e2e63fd486d');
  });
});

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x80, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('a solved nonce satisfies the challenge and its hash starts with that many zero bits', () => {
    const challenge = 'AbCdEfGhIjKlMnOpQrStUv';
    const nonce = solvePow(challenge, 12)!;
    expect(powSatisfied(challenge, nonce, 12)).toBe(true);
    expect(leadingZeroBits(sha256Text(`${challenge}:${nonce}`))).toBeGreaterThanOrEqual(12);
    // sha256('AbCdEfGhIjKlMnOpQrStUv:0') starts 0x72 (0111 0010): one zero bit, not two.
    expect(powSatisfied(challenge, '0', 1)).toBe(true);
    expect(powSatisfied(challenge, '0', 2)).toBe(false);
  });

  it('solves in slices: a limited search answers null and the next slice goes on from there', () => {
    const challenge = 'slice-challenge-000001';
    const full = Number(solvePow(challenge, 10));
    expect(solvePow(challenge, 10, 0, full)).toBeNull();
    expect(solvePow(challenge, 10, full, 1)).toBe(String(full));
  });

  it('parses only well-formed tokens', () => {
    expect(parsePowToken('AbCdEfGhIjKlMnOpQrSt:123')).toEqual({ challenge: 'AbCdEfGhIjKlMnOpQrSt', nonce: '123' });
    expect(parsePowToken('short:1')).toBeNull();
    expect(parsePowToken('AbCdEfGhIjKlMnOpQrSt:12a')).toBeNull();
    expect(parsePowToken('AbCdEfGhIjKlMnOpQrSt')).toBeNull();
  });
});
