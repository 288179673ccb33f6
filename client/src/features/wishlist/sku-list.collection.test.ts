import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import type { Notification } from '../../ui/notifications.tsx';
import { loadContentTexts } from './content-texts.ts';
import { createListsRuntime } from './lists-runtime.ts';
import { addToList, readList, removeFromList, type NextWrite } from './sku-list.collection.ts';

closeTestDatabasesAfterEach();
beforeAll(async () => {
  quietRxdbNotice();
  await initI18n('en');
  await loadContentTexts('wishlist');
});

const watch = { name: 'Omega Seamaster', price_incl_tax: 4950, image: '/media/w.jpg', url_path: 'omega-seamaster.html' };
let n = 0;
const nextWrite: NextWrite = () => ({ id: `w${(n += 1)}`, at: n, replica: 'test' });

describe('the wishlist and compare sets', () => {
  it('hold a sku once with quantity 1, however often it is added; a second add is ignored', async () => {
    const db = await testDatabase();
    const wishlist = db.collections.wishlist;
    expect(await addToList(wishlist, 'W-1', watch, nextWrite)).toBe('added');
    const before = (await wishlist.findOne('W-1').exec())!.toJSON();
    expect(await addToList(wishlist, 'W-1', { ...watch, price_incl_tax: 1 }, nextWrite)).toBe('present');
    const after = (await wishlist.findOne('W-1').exec())!.toJSON();
    // Ignored: nothing was written (same write id, same snapshot).
    expect(after.writeId).toBe(before.writeId);
    expect(after.snapshot.value.price_incl_tax).toBe(4950);
    expect(await wishlist.count().exec()).toBe(1);
    expect(await readList(wishlist)).toEqual([{ ...watch, sku: 'W-1', qty: 1, addedAt: expect.any(Number) }]);
  });

  it('remove a sku, and take it again after a removal', async () => {
    const db = await testDatabase();
    const compare = db.collections.compare;
    await addToList(compare, 'W-1', watch, nextWrite);
    await addToList(compare, 'W-2', { ...watch, name: 'Rolex' }, nextWrite);
    expect(await removeFromList(compare, 'W-1', nextWrite)).toBe(true);
    expect(await removeFromList(compare, 'W-1', nextWrite)).toBe(false);
    expect((await readList(compare)).map((item) => item.sku)).toEqual(['W-2']);
    expect(await addToList(compare, 'W-1', watch, nextWrite)).toBe('added');
    // Most recently added first.
    expect((await readList(compare)).map((item) => item.sku)).toEqual(['W-1', 'W-2']);
  });

  it('keep the two lists apart', async () => {
    const db = await testDatabase();
    await addToList(db.collections.wishlist, 'W-1', watch, nextWrite);
    expect(await readList(db.collections.compare)).toEqual([]);
  });
});

describe('list notices', () => {
  it('say when a product was added to or removed from either list, and not when an add was ignored', async () => {
    const db = await testDatabase();
    const shown: Notification[] = [];
    const lists = createListsRuntime(db, { notify: (notification) => void shown.push(notification) });
    const product = { sku: 'W-1', ...watch };
    await lists.wishlist.add(product);
    await lists.wishlist.add(product);
    await lists.wishlist.remove(product);
    await lists.wishlist.remove(product);
    await lists.compare.add(product);
    await lists.compare.remove(product);
    expect(shown.map((notification) => notification.message)).toEqual([
      'Omega Seamaster has been added to your wishlist.',
      'Omega Seamaster has been removed from your wishlist.',
      'Omega Seamaster has been added to the comparison.',
      'Omega Seamaster has been removed from the comparison.',
    ]);
    expect(shown.every((notification) => notification.type === 'success' && notification.action1.label === 'OK')).toBe(true);
    expect(shown[2]!.action2).toEqual({ label: 'Compare Products', href: expect.stringMatching(/^\/(nl|en)\/compare$/) });
  });

  it('give every tab the same live list', async () => {
    const db = await testDatabase();
    const tabA = createListsRuntime(db, { notify: vi.fn() });
    const tabB = createListsRuntime(db, { notify: vi.fn() });
    await tabA.wishlist.add({ sku: 'W-9', ...watch });
    await vi.waitFor(() => expect(tabB.wishlist.current()?.map((item) => item.sku)).toEqual(['W-9']));
  });
});
