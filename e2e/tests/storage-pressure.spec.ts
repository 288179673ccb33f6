import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, openMinicart, simpleProducts, type CartProduct } from './cart-utils.ts';
import { offlineShellReady } from './utils.ts';

/**
 * Storage under pressure (spec 2 §4 "Other", §9), in Chromium with a real quota: DevTools' Storage.overrideQuotaForOrigin
 * gives the shop exactly the room it already uses, so the next write of the cart fails with Chromium's
 * QuotaExceededError. The shop must clear the caches of what was browsed and keep the line; when even that frees
 * nothing, tell the shopper and save the line as soon as there is room.
 *
 * Chromium's IndexedDB lends a transaction spare room it measured up to 30 s earlier (BucketContext's
 * kBucketSpaceCacheTimeLimit) before it asks the quota again, so after squeezing, a probe writes until IndexedDB
 * refuses: from then on every write is measured against the new quota.
 */

interface StorageGlobals {
  navigator: { storage: { estimate(): Promise<{ usage: number; quota: number }> } };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<unknown[]>; delete(request: unknown): Promise<boolean> }>;
    delete(name: string): Promise<boolean>;
  };
  document: { images: ArrayLike<{ complete: boolean; loading: string }> };
}

const storage = (page: Page) => ({
  /** Entries per runtime cache of what was browsed (`shop-*`). */
  /** The addresses kept in the runtime caches of what was browsed (`shop-*`). */
  browsingCaches: () =>
    page.evaluate(async () => {
      const { caches } = globalThis as unknown as StorageGlobals;
      const names = (await caches.keys()).filter((name) => name.startsWith('shop-'));
      const entries = await Promise.all(names.map(async (name) => ((await (await caches.open(name)).keys()) as Array<{ url: string }>).map((request) => request.url)));
      return entries.flat();
    }),
  allCaches: () => page.evaluate(() => (globalThis as unknown as StorageGlobals).caches.keys()),
  usage: () => page.evaluate(async () => (await (globalThis as unknown as StorageGlobals).navigator.storage.estimate()).usage),
});

const PROBE = `new Promise((opened, failed) => {
  const request = indexedDB.open('quota-probe', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('probe');
  request.onsuccess = () => opened(request.result);
  request.onerror = () => failed(request.error);
})`;

/** Writes a little into a scratch database: 'stored', or the name of the error IndexedDB aborted it with. */
function probeWrite(page: Page): Promise<string> {
  return page.evaluate(`(async () => {
    const db = await ${PROBE};
    const outcome = await new Promise((resolve) => {
      const transaction = db.transaction('probe', 'readwrite');
      transaction.objectStore('probe').put(String(Math.random()).repeat(20), Date.now());
      transaction.oncomplete = () => resolve('stored');
      transaction.onabort = () => resolve(transaction.error ? transaction.error.name : 'aborted');
    });
    db.close();
    return outcome;
  })()`);
}

/** Waits until IndexedDB no longer lends room it measured before the squeeze (at most its 30 s). */
async function untilWritesAreRefused(page: Page): Promise<void> {
  await expect.poll(() => probeWrite(page), { timeout: 45_000, intervals: [1000], message: 'IndexedDB refuses writes' }).toBe('QuotaExceededError');
}

/**
 * Gives the origin no more room than `quotaSize` (or back its normal quota with `null`). The override lives as long as
 * the DevTools session that set it, so one session per page stays open.
 */
const sessions = new WeakMap<Page, CDPSession>();
async function squeeze(page: Page, quotaSize: number | null): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = await page.context().newCDPSession(page)));
  const origin = new URL(page.url()).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', quotaSize === null ? { origin } : { origin, quotaSize });
}

/**
 * A product page whose pictures are in and cached, with the offline shell in control (so its caches fill). Pictures
 * that load lazily (the related pieces' cards below the fold) come when scrolled to and are not waited for.
 */
async function browse(page: Page, product: CartProduct): Promise<void> {
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Array.from((globalThis as unknown as StorageGlobals).document.images).every((image) => image.complete || image.loading === 'lazy'))).toBe(true);
}

test.describe('storage under pressure', () => {
  test.setTimeout(120_000);

  test('a full storage clears the caches of what was browsed and keeps the cart line', async ({ page, request }) => {
    const [first, second] = await simpleProducts(request, 2);
    await page.goto('/en');
    await offlineShellReady(page);
    await addFromProductPage(page, first!);
    await browse(page, second!);
    await expect.poll(async () => (await storage(page).browsingCaches()).length, { message: 'catalogue answers and pictures cached' }).toBeGreaterThan(3);
    const precache = (await storage(page).allCaches()).filter((name) => !name.startsWith('shop-'));
    expect(precache.length).toBeGreaterThan(0);
    expect(await probeWrite(page)).toBe('stored');

    await squeeze(page, await storage(page).usage());
    await untilWritesAreRefused(page);
    const browsed = await storage(page).browsingCaches();
    expect(browsed.length, 'nothing cleared the caches yet').toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Product has been added to the cart!')).toBeVisible();

    // The room came from the caches of what was browsed; the app shell stayed.
    const left = new Set(await storage(page).browsingCaches());
    expect(browsed.filter((url) => left.has(url))).toEqual([]);
    expect((await storage(page).allCaches()).filter((name) => !name.startsWith('shop-'))).toEqual(precache);
    await squeeze(page, null);
    await page.reload();
    const drawer = await openMinicart(page);
    await expect(cartLine(drawer, first!.name)).toBeVisible();
    await expect(cartLine(drawer, second!.name)).toBeVisible();
  });

  test('when clearing frees too little, the shopper is told and the line is saved once there is room', async ({ page, request }) => {
    const [first, second] = await simpleProducts(request, 2);
    await page.goto('/en');
    await offlineShellReady(page);
    await addFromProductPage(page, first!);
    await browse(page, second!);
    // Nothing left to clear: the storage is full of the shopper's own data (the caches emptied entry by entry, which
    // Chromium frees at once).
    // The first visit's warm-up may still be filling them: empty until they stay empty.
    await expect
      .poll(async () => {
        await page.evaluate(async () => {
          const { caches } = globalThis as unknown as StorageGlobals;
          for (const name of (await caches.keys()).filter((key) => key.startsWith('shop-'))) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) await cache.delete(request);
          }
        });
        await page.waitForTimeout(500);
        return (await storage(page).browsingCaches()).length;
      })
      .toBe(0);
    expect(await probeWrite(page)).toBe('stored');
    await squeeze(page, await storage(page).usage());
    await untilWritesAreRefused(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();

    const waiting = page.getByText("Your device's storage is full, so your last change is not saved yet.", { exact: false });
    await expect(waiting).toBeVisible();
    await expect(page.getByText('Product has been added to the cart!')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('storage-full.png') });

    // The shopper frees space: the waiting write goes in on its next try.
    await squeeze(page, null);
    await expect(page.getByText('Your changes are saved.')).toBeVisible({ timeout: 15_000 });
    await expect(waiting).toBeHidden();
    await expect(page.getByText('Product has been added to the cart!')).toBeVisible();
    await page.reload();
    const drawer = await openMinicart(page);
    await expect(cartLine(drawer, first!.name)).toBeVisible();
    await expect(cartLine(drawer, second!.name)).toBeVisible();
  });
});
