import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { el, fmt } from './svg-kit.ts';

const reference = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

describe('fmt', () => {
  it('writes at most two decimals, exactly as String(Math.round(value * 100) / 100)', () => {
    for (const value of [0, -0, 3, -7, 0.004, -0.004, 0.005, -0.005, 1.005, 2.675, -1.5, 0.1, -0.1, 0.07, 12.3, 99.995, -99.995, 1e-9, 400.25, NaN, Infinity]) {
      expect(fmt(value), String(value)).toBe(reference(value));
    }
    fc.assert(fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (value) => fmt(value) === reference(value)), { numRuns: 20_000 });
  });
});

describe('el', () => {
  it('escapes attribute text and skips undefined attributes', () => {
    expect(el('text', { x: 1.234, title: 'a "b" & <c>', y: undefined })).toBe('<text x="1.23" title="a &quot;b&quot; &amp; &lt;c>"/>');
  });
});
