import fc from 'fast-check';
import { COLLECTION_NAMES } from '@shop/shared/sync/collections';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
const cart = (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;

const collection = fc.constantFrom(...COLLECTION_NAMES, 'users', '');
/** A sample document with some fields replaced, removed or added: mostly near-valid, sometimes nonsense. */
const mutatedDoc = fc
  .tuple(
    fc.constantFrom(...COLLECTION_NAMES),
    fc.dictionary(fc.constantFrom('id', 'updatedAt', 'writeId', 'sku', 'ops', 'qty', 'adds', '_deleted', 'transmited', 'items', 'serverItemId', 'x'), fc.jsonValue(), { maxKeys: 3 }),
  )
  .map(([name, changes]) => ({ ...SAMPLE_DOCS[name], ...changes }) as Record<string, unknown>);
const row = fc.record(
  { assumedMasterState: fc.oneof(fc.constant(null), fc.jsonValue(), mutatedDoc), newDocumentState: fc.oneof(mutatedDoc, fc.jsonValue()) },
  { requiredKeys: [] },
);
const body = fc.oneof(fc.array(row, { maxLength: 4 }), fc.jsonValue());

describe('the replication API never answers bad input with a 5xx', () => {
  it('for arbitrary push bodies', async () => {
    await fc.assert(
      fc.asyncProperty(collection, body, async (name, payload) => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/replication/${encodeURIComponent(name)}/push?cartId=${cart}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.json().code).toBe(response.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it('for arbitrary pull queries', async () => {
    const param = fc.constantFrom('updatedAt', 'id', 'limit', 'checkpoint', 'cartId', 'token', 'batchSize');
    await fc.assert(
      fc.asyncProperty(collection, fc.array(fc.tuple(param, fc.string({ maxLength: 30 })), { maxLength: 4 }), async (name, pairs) => {
        const query = new URLSearchParams([['cartId', cart], ...pairs]).toString();
        const response = await app.inject({ method: 'GET', url: `/api/replication/${encodeURIComponent(name)}/pull?${query}` });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
