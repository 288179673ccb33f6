/**
 * The replication event log under concurrent writes (decision 041): its seqs come from the log head, taken last
 * before the commit, so they run 1..max without a gap and in commit order, and a reader that polls `seq > last seen`
 * misses nothing. On PostgreSQL two shop instances on one database write at once (one instance on SQLite).
 */
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import type { SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/catalogue.import.ts';
import { appsOnOneDatabase } from '../orders/orders.test-support.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { testDatabase, testEngine } from '../../test/test-database.ts';
import { InProcessChangeFeed, type DocumentChange } from './change-feed.ts';
import { ReplicationRepository } from './replication.repository.ts';

const { apps, dataDir } = await appsOnOneDatabase(fixtureCatalogue());
const app = (i: number) => apps[i % apps.length]!;
const db = apps[0]!.db;

async function newCart(i: number): Promise<string> {
  const response = await app(i).inject({ method: 'POST', url: '/api/cart/create' });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

function entry(sku: string, writeId: string): SkuSetEntryDoc {
  return { ...SAMPLE_DOCS.wishlist, id: sku, sku, writeId, adds: [{ id: `tag-${writeId}`, at: 10, replica: 'tab-a' }] };
}

async function pushStatus(i: number, cart: string, doc: SkuSetEntryDoc): Promise<number> {
  const response = await app(i).inject({ method: 'POST', url: `/api/replication/wishlist/push?cartId=${cart}`, payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] });
  return response.statusCode;
}

async function logSeqs(): Promise<number[]> {
  return (await db.selectFrom('replication_events').select('seq').orderBy('seq').execute()).map((row) => Number(row.seq));
}

describe('the replication event log', () => {
  it('50 shoppers writing at once (some reusing another shopper’s write id): seqs run 1..max with no gap, and a poller of `seq > last` misses none', async () => {
    const carts = await Promise.all(Array.from({ length: 50 }, (_, i) => newCart(i)));
    const seen: number[] = [];
    let writing = true;
    // A reader that follows the log as another instance's feed does: everything after the last seq it saw.
    const poller = (async () => {
      let last = 0;
      for (let more = true; more; ) {
        more = writing;
        const rows = await db.selectFrom('replication_events').select('seq').where('seq', '>', last).orderBy('seq').execute();
        for (const row of rows) seen.push(Number(row.seq));
        last = seen.at(-1) ?? last;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();

    const own = carts.map((cart, i) => pushStatus(i, cart, entry('W-1', `log-${i}`)));
    // Every fifth shopper's write id is pushed at the same moment by the next shopper too (bad input: one of the two
    // is refused with a 400; a write that fails must not leave a hole in the log).
    const stolen = carts.flatMap((_, i) => (i % 5 === 0 ? [pushStatus(i + 1, carts[i + 1]!, entry('W-2', `log-${i}`))] : []));
    const statuses = await Promise.all([...own, ...stolen]);
    writing = false;
    await poller;

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    const seqs = await logSeqs();
    const max = seqs.at(-1)!;
    expect(seqs).toEqual(Array.from({ length: max }, (_, i) => i + 1));
    const head = await db.selectFrom('replication_log_head').select('last_seq').executeTakeFirstOrThrow();
    expect(Number(head.last_seq)).toBe(max);
    const applied = await db.selectFrom('applied_writes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(applied.n)).toBe(max);
    expect(seen).toEqual(seqs);
  });

  it('tells the change feed the last seq of each write', async () => {
    const feed = new InProcessChangeFeed();
    const repository = new ReplicationRepository(db, feed, () => TEST_NOW.getTime());
    const changes: DocumentChange[] = [];
    const stop = feed.subscribe('wishlist', 'guest:feed-test', (change) => changes.push(change));
    await repository.push('wishlist', 'guest:feed-test', [{ assumedMasterState: null, newDocumentState: { ...entry('W-1', 'feed-1'), _deleted: false } }]);
    await repository.push('wishlist', 'guest:feed-test', [
      { assumedMasterState: null, newDocumentState: { ...entry('W-2', 'feed-2'), _deleted: false } },
      { assumedMasterState: null, newDocumentState: { ...entry('W-3', 'feed-3'), _deleted: false } },
    ]);
    stop();
    await feed.close();
    const logged = await db.selectFrom('replication_events').select(['seq', 'write_id']).where('owner', '=', 'guest:feed-test').orderBy('seq').execute();
    expect(logged.map((row) => row.write_id)).toEqual(['feed-1', 'feed-2', 'feed-3']);
    expect(changes.map((change) => change.seq)).toEqual([Number(logged[0]!.seq), Number(logged[2]!.seq)]);
  });
});

describe.runIf(testEngine() === 'postgres')('notifications to other instances (PostgreSQL)', () => {
  it('announces each write’s last seq on shop_events at its commit, in commit order, and each import’s version on shop_catalogue', async () => {
    const database = testDatabase(dataDir);
    if (database.engine !== 'postgres') throw new Error('PostgreSQL only');
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const events: number[] = [];
    const versions: number[] = [];
    listener.on('notification', (message) => (message.channel === 'shop_events' ? events : versions).push(Number(message.payload)));
    await listener.query('listen shop_events');
    await listener.query('listen shop_catalogue');
    try {
      const carts = await Promise.all(Array.from({ length: 12 }, (_, i) => newCart(i)));
      const statuses = await Promise.all(carts.map((cart, i) => pushStatus(i, cart, entry('W-1', `notify-${i}`))));
      expect(statuses.every((status) => status === 200)).toBe(true);
      await importCatalogue(apps[0]!.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'notify-test' });
      const max = (await logSeqs()).at(-1)!;
      const version = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
      await expect.poll(() => events.at(-1), { timeout: 5000 }).toBe(max);
      await expect.poll(() => versions.at(-1), { timeout: 5000 }).toBe(Number(version.id));
      expect(events).toHaveLength(12);
      // Delivered in commit order: each payload above the last.
      expect(events).toEqual([...events].sort((a, b) => a - b));
      expect(new Set(events).size).toBe(events.length);
    } finally {
      await listener.end();
    }
  });
});
