import { beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { addToList, readList, removeFromList } from '../wishlist/sku-list.collection.ts';
import { keepUnsent, keptCount, KEPT_KEY_PREFIX, restoreKept } from './kept-writes.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);
beforeEach(() => localStorage.clear());

const ring = { name: 'Ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'ring' };

function writer(replica: string) {
  let n = 0;
  return () => ({ id: `${replica}-${(n += 1)}`, at: Date.now() + n, replica });
}

const skus = async (db: Awaited<ReturnType<typeof testDatabase>>, name: 'wishlist' | 'compare') => (await readList(db.collections[name])).map((item) => item.sku).sort();

describe('what a logout could not send', () => {
  it('is kept for that customer only, and merged back into the lists at their next login', async () => {
    const device = await testDatabase();
    const write = writer('phone');
    await addToList(device.collections.wishlist, 'RING-1', ring, write);
    await addToList(device.collections.wishlist, 'PENDANT-1', ring, write);
    await addToList(device.collections.compare, 'WATCH-1', ring, write);

    // The shop has the pendant; the ring and the watch did not get there.
    expect(await keepUnsent(device, 7, { wishlist: ['RING-1'], compare: ['WATCH-1'] }, 1_000)).toBe(2);
    expect(Object.keys(localStorage).filter((key) => key.startsWith(KEPT_KEY_PREFIX))).toEqual([`${KEPT_KEY_PREFIX}7`]);
    // The logout wipes the device; a guest adds the ring and removes it again, another customer logs in.
    await Promise.all([device.collections.wishlist.find().remove(), device.collections.compare.find().remove()]);
    const guest = writer('guest');
    await addToList(device.collections.wishlist, 'EARRING-1', ring, guest);
    expect(await restoreKept(device, 8)).toBe(0);
    expect(await skus(device, 'wishlist')).toEqual(['EARRING-1']);

    // The same customer logs in again: their unsent changes are back, beside what is on the device now.
    expect(await restoreKept(device, 7)).toBe(2);
    expect(await skus(device, 'wishlist')).toEqual(['EARRING-1', 'RING-1']);
    expect(await skus(device, 'compare')).toEqual(['WATCH-1']);
    expect(keptCount(7)).toBe(0);
  });

  it('keeps every document when nobody could tell what arrived, and adds to what an earlier logout kept', async () => {
    const device = await testDatabase();
    const write = writer('phone');
    await addToList(device.collections.wishlist, 'RING-1', ring, write);
    expect(await keepUnsent(device, 7, null, 1_000)).toBe(1);
    // Logged in again before the kept write could be sent, removed it, and logged out offline once more.
    await removeFromList(device.collections.wishlist, 'RING-1', write);
    await addToList(device.collections.compare, 'WATCH-1', ring, write);
    expect(await keepUnsent(device, 7, null, 2_000)).toBe(2);
    await Promise.all([device.collections.wishlist.find().remove(), device.collections.compare.find().remove()]);
    await device.collections.wishlist.storageInstance.cleanup(-60_000);

    await restoreKept(device, 7);
    // The later removal wins over the earlier add (the lists merge as add-wins sets by their tags).
    expect(await skus(device, 'wishlist')).toEqual([]);
    expect(await skus(device, 'compare')).toEqual(['WATCH-1']);
  });

  it('keeps nothing when everything arrived', async () => {
    const device = await testDatabase();
    await addToList(device.collections.wishlist, 'RING-1', ring, writer('phone'));
    expect(await keepUnsent(device, 7, {}, 1_000)).toBe(0);
    expect(localStorage.getItem(`${KEPT_KEY_PREFIX}7`)).toBeNull();
  });
});
