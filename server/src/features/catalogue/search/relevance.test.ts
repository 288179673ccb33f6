/**
 * Search relevance on the demo catalogue the shop seeds (same seed and size, so the same products): shoppers' own
 * queries in both stores, each with what must fill the top of the answer and, where a near miss tempts the engine,
 * what must not outrank it. Singular and plural, inflected adjectives and misspellings all count.
 */
import type { StoreCode } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

const app = await buildTestApp();

interface Hit {
  sku: string;
  name: string;
}

/** What a hit must be: a description for the failure message and the test itself. */
interface Expectation {
  label: string;
  test: (hit: Hit) => boolean;
}

/** Products of these kinds, by the sku's prefix (W watch, R ring, E earrings, N necklace, B bracelet, D loose diamond, G gem stone, S strap, A winder, SET jewellery set). */
const kind = (...prefixes: string[]): Expectation => ({ label: `a ${prefixes.join(' or ')} product`, test: (hit) => prefixes.includes(hit.sku.split('-')[0]!) });
/** A name that matches the pattern (accent- and case-blind as the search is). */
const named = (pattern: RegExp): Expectation => ({
  label: `named like ${pattern}`,
  test: (hit) => pattern.test(hit.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()),
});
const both = (a: Expectation, b: Expectation): Expectation => ({ label: `${a.label}, ${b.label}`, test: (hit) => a.test(hit) && b.test(hit) });
const either = (a: Expectation, b: Expectation): Expectation => ({ label: `${a.label}, or ${b.label}`, test: (hit) => a.test(hit) || b.test(hit) });

interface RelevanceCase {
  store: StoreCode;
  query: string;
  /** Every one of the first `top` hits is this. */
  top: number;
  expected: Expectation;
  /** The near miss that must not reach the top `top` (already implied by `expected`; named for the message). */
  notAbove?: Expectation;
  /** The first hit exactly. */
  first?: string;
}

const EARRINGS_NL = either(kind('E'), both(kind('SET'), named(/oorbellen/)));
const EARRINGS_EN = either(kind('E'), both(kind('SET'), named(/earring/)));

const CASES: RelevanceCase[] = [
  // The Dutch store.
  { store: 'nl', query: 'briljant oorbellen', top: 12, expected: both(EARRINGS_NL, named(/briljant/)), notAbove: kind('D') },
  { store: 'nl', query: 'oorbellen', top: 12, expected: EARRINGS_NL },
  { store: 'nl', query: 'oorbel', top: 8, expected: EARRINGS_NL },
  { store: 'nl', query: 'witgouden oorknop', top: 8, expected: both(kind('E'), named(/witgouden .*oorknoppen/)) },
  { store: 'nl', query: 'parel oorbellen', top: 12, expected: both(EARRINGS_NL, named(/parel/)) },
  { store: 'nl', query: 'diamanten ring', top: 8, expected: both(kind('R'), named(/diamant|briljant/)), notAbove: kind('D') },
  { store: 'nl', query: 'gouden ringen', top: 12, expected: kind('R'), notAbove: kind('W') },
  { store: 'nl', query: 'ringen', top: 12, expected: kind('R') },
  { store: 'nl', query: 'saffier ring', top: 8, expected: both(kind('R'), named(/saffier/)) },
  { store: 'nl', query: 'saffieren', top: 8, expected: named(/saffier/) },
  { store: 'nl', query: 'smaragd', top: 8, expected: named(/smaragd/) },
  { store: 'nl', query: 'ketting', top: 12, expected: kind('N') },
  { store: 'nl', query: 'kettingen', top: 8, expected: kind('N') },
  { store: 'nl', query: 'armbanden', top: 12, expected: either(kind('B'), both(kind('SET'), named(/armband/))) },
  { store: 'nl', query: 'tennisarmband', top: 8, expected: both(kind('B'), named(/tennisarmband/)) },
  { store: 'nl', query: 'trouwring', top: 8, expected: both(kind('R'), named(/trouwring/)) },
  { store: 'nl', query: 'diamant', top: 12, expected: kind('D') },
  { store: 'nl', query: 'losse diamanten', top: 12, expected: kind('D') },
  { store: 'nl', query: 'hanger met diamant', top: 8, expected: both(kind('N'), named(/hanger/)) },
  { store: 'nl', query: 'horlogeband', top: 8, expected: kind('S') },
  { store: 'nl', query: 'horlogebandje leer', top: 8, expected: both(kind('S'), named(/leren/)) },
  { store: 'nl', query: 'vintage horloge', top: 8, expected: both(kind('W'), named(/\(19\d\d\)/)) },
  { store: 'nl', query: 'rolx', top: 8, expected: both(kind('W'), named(/^rolex /)) },
  { store: 'nl', query: 'omega seamastr', top: 8, expected: both(kind('W'), named(/^omega seamaster/)) },
  { store: 'nl', query: 'oorbe', top: 8, expected: EARRINGS_NL },
  // The English store.
  { store: 'en', query: 'brilliant earrings', top: 12, expected: both(kind('E'), named(/diamonds/)), notAbove: kind('D') },
  { store: 'en', query: 'diamond earring', top: 12, expected: both(kind('E'), named(/diamond/)), notAbove: kind('D', 'SET') },
  { store: 'en', query: 'earrings', top: 12, expected: kind('E') },
  { store: 'en', query: 'pearl earring', top: 8, expected: both(kind('E'), named(/pearl/)), notAbove: kind('SET') },
  { store: 'en', query: 'stud earring', top: 8, expected: both(kind('E'), named(/stud earrings/)) },
  { store: 'en', query: 'hoop earrings', top: 8, expected: both(kind('E'), named(/hoop earrings/)) },
  { store: 'en', query: 'ruby earrings', top: 8, expected: both(EARRINGS_EN, named(/rubies/)), notAbove: kind('G') },
  { store: 'en', query: 'diamond rings', top: 12, expected: both(kind('R'), named(/diamond/)), notAbove: kind('D') },
  { store: 'en', query: 'sapphire ring', top: 8, expected: both(kind('R'), named(/sapphire/)), notAbove: kind('G') },
  { store: 'en', query: 'wedding bands', top: 8, expected: both(kind('R'), named(/wedding band/)) },
  { store: 'en', query: 'gold necklaces', top: 12, expected: kind('N') },
  { store: 'en', query: 'pearl necklace', top: 8, expected: both(kind('N'), named(/pearl necklace/)) },
  { store: 'en', query: 'pendants', top: 8, expected: both(kind('N'), named(/pendant/)) },
  { store: 'en', query: 'bracelets', top: 12, expected: kind('B') },
  { store: 'en', query: 'tennis bracelets', top: 8, expected: both(kind('B'), named(/tennis bracelet/)) },
  { store: 'en', query: 'emeralds', top: 8, expected: named(/emerald/) },
  { store: 'en', query: 'diamonds', top: 12, expected: kind('D') },
  { store: 'en', query: 'watch straps', top: 12, expected: kind('S'), notAbove: kind('BU') },
  { store: 'en', query: 'chronographs', top: 8, expected: both(kind('W'), named(/chronograph/)) },
  { store: 'en', query: 'rolx submarinr', top: 8, expected: both(kind('W'), named(/^rolex submariner/)) },
  { store: 'en', query: 'omega seamastr', top: 8, expected: both(kind('W'), named(/^omega seamaster/)) },
  { store: 'en', query: 'submar', top: 8, expected: both(kind('W'), named(/submariner/)) },
  { store: 'en', query: 'earr', top: 8, expected: EARRINGS_EN },
  { store: 'en', query: 'W-000021', top: 1, expected: kind('W'), first: 'W-000021' },
];

async function answer(store: StoreCode, query: string, size: number): Promise<{ items: Hit[]; didYouMean?: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: store, query, size, includeFields: ['sku', 'name'] } });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}
const search = async (store: StoreCode, query: string, size: number) => (await answer(store, query, size)).items;

describe('search relevance on the demo catalogue', () => {
  it.each(CASES)('$store "$query": the top $top', async ({ store, query, top, expected, notAbove, first }) => {
    const hits = await search(store, query, 100);
    const shown = hits.slice(0, top + 2).map((hit, rank) => `${rank + 1}. ${hit.sku} ${hit.name}`);
    expect(hits.length, `nothing found; expected ${expected.label}`).toBeGreaterThanOrEqual(top);
    const misfits = hits.slice(0, top).filter((hit) => !expected.test(hit));
    expect(misfits, `each of the top ${top} should be ${expected.label}; the answer began:\n${shown.join('\n')}`).toEqual([]);
    if (notAbove) {
      const intruders = hits.slice(0, top).filter((hit) => notAbove.test(hit));
      expect(intruders, `no ${notAbove.label} should reach the top ${top}; the answer began:\n${shown.join('\n')}`).toEqual([]);
    }
    if (first) expect(hits[0]?.sku).toBe(first);
  });
});

describe('"did you mean" with stems', () => {
  it('offers no correction for a form of a word the store knows, and offers real words, not stems, for a misspelling', async () => {
    // "oorbel" is never written alone in the catalogue, yet "oorbellen" is the same word: nothing to correct.
    expect(await answer('nl', 'oorbel', 1)).not.toHaveProperty('didYouMean');
    expect(await answer('en', 'watch strap', 1)).not.toHaveProperty('didYouMean');
    expect((await answer('nl', 'horlogbanden', 1)).didYouMean).toBe('horlogebanden');
    expect((await answer('en', 'rolx submarinr', 1)).didYouMean).toBe('rolex submariner');
  });
});
