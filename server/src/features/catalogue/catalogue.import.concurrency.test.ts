/**
 * Catalogue imports at the same moment (decision 041): on PostgreSQL two shop instances on one database import at
 * once; imports take an advisory lock first, so they run one after the other, each reads what the previous one wrote,
 * and the catalogue version (catalogue_changes.id) follows the commit order. One instance on SQLite.
 */
import { describe, expect, it } from 'vitest';
import { appsOnOneDatabase } from '../orders/orders.test-support.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { importCatalogue } from './catalogue.import.ts';

const { apps } = await appsOnOneDatabase(fixtureCatalogue());
const db = apps[0]!.db;

/** The fixture with W-1 at `price`. */
function pricedAt(price: number) {
  const catalogue = fixtureCatalogue();
  catalogue.products.find((product) => product.sku === 'W-1')!.price = price;
  return catalogue;
}

describe('catalogue imports at the same moment', () => {
  it('all succeed, one after the other: the versions follow the commits and the newest version holds its own data', async () => {
    const before = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const prices = [5100, 5200, 5300, 5400, 5500, 5600];
    const summaries = await Promise.all(
      prices.map((price, i) =>
        importCatalogue(apps[i % apps.length]!.db, pricedAt(price), { mode: i % 2 === 0 ? 'replace' : 'upsert', useUrlKeys: true, now: TEST_NOW, origin: `race-${price}` }),
      ),
    );
    expect(summaries.map((summary) => summary.products)).toEqual(prices.map(() => fixtureCatalogue().products.length));

    const changes = await db.selectFrom('catalogue_changes').select(['id', 'detail']).where('id', '>', Number(before.id ?? 0)).orderBy('id').execute();
    // One version per import, numbered on without a hole.
    expect(changes.map((change) => Number(change.id))).toEqual(prices.map((_, i) => Number(before.id ?? 0) + i + 1));
    // The newest version is the import that committed last: its price is the one stored.
    const newest = JSON.parse(changes.at(-1)!.detail) as { origin: string };
    const stored = await db.selectFrom('products').select('price').where('sku', '=', 'W-1').executeTakeFirstOrThrow();
    expect(`race-${Number(stored.price)}`).toBe(newest.origin);
    // An upsert after a replace found the replaced rows: every product is there once.
    const products = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(fixtureCatalogue().products.length);
  });
});
