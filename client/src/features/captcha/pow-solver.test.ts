import { powSatisfied } from '@shop/shared/content/pow';
import { describe, expect, it } from 'vitest';
import { SLICE, solve, solveHere } from './pow-solver.ts';

describe('the proof-of-work solver', () => {
  it('finds a token the shared check (the one the server runs) accepts', async () => {
    const challenge = 'client-solver-challenge-01';
    const token = await solveHere({ challenge, difficulty: 14 });
    const [shown, nonce] = token.split(':');
    expect(shown).toBe(challenge);
    expect(powSatisfied(challenge, nonce!, 14)).toBe(true);
    // Not trivially satisfied: the same nonce fails a much harder challenge.
    expect(powSatisfied(challenge, nonce!, 40)).toBe(false);
  });

  it('searches past the first slice when it has to', async () => {
    // Difficulty 16 needs about 65 000 hashes on average, more than one slice.
    const token = await solveHere({ challenge: 'client-solver-challenge-02', difficulty: 16 });
    expect(powSatisfied('client-solver-challenge-02', token.split(':')[1]!, 16)).toBe(true);
    expect(SLICE).toBeLessThan(65_536);
  });

  it('stops when the form closes', async () => {
    const controller = new AbortController();
    const solving = solveHere({ challenge: 'client-solver-challenge-03', difficulty: 60 }, controller.signal);
    controller.abort();
    await expect(solving).rejects.toThrow();
  });

  it('solves on the page where there is no Worker', async () => {
    expect(typeof Worker).toBe('undefined');
    const token = await solve({ challenge: 'client-solver-challenge-04', difficulty: 8 });
    expect(powSatisfied('client-solver-challenge-04', token.split(':')[1]!, 8)).toBe(true);
  });
});
