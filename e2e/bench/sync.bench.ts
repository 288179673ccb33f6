import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addFromProductPage, cartToken, deviceWithToken, headerCount, serverCart, simpleProducts } from '../tests/cart-utils.ts';
import { searchApi } from '../tests/utils.ts';

/**
 * Sync timings of issue 4, in Chromium against the real server on loopback:
 * - tab to tab: one browser, two tabs; from the click on "Add to cart" in one tab to the other tab's header count
 *   changing (the local database's cross-tab events, no server in the path);
 * - device to device: two browser contexts sharing one cart token; from the click on one to the count changing on the
 *   other (push, the server's event stream, pull);
 * - draining queued writes: with the network cut, add 100 different products through the cart; from the moment the
 *   network returns until the server's cart holds all of them.
 * Timestamps are the browser's own clock (`Date.now()` in both pages of one browser), so the figures exclude the
 * test runner's round trips.
 */

const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 20);

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `  ${label.padEnd(62)} p50 ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms   (n=${sorted.length})`;
}

/** Resolves with the time at which the page's header count first differs from `from`. */
function countChange(page: Page, from: number): Promise<number> {
  return page.evaluate(
    (before) =>
      new Promise<number>((resolve) => {
        const doc = (globalThis as unknown as { document: { body: object; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } }).document;
        const read = () => {
          for (const button of Array.from(doc.querySelectorAll('button'))) {
            const match = /Cart, (\d+) item/.exec(button.textContent ?? '');
            if (match) return Number(match[1]);
          }
          return Number.NaN;
        };
        const Observer = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(t: object, o: object): void; disconnect(): void } }).MutationObserver;
        const observer = new Observer(() => {
          const now = read();
          if (!Number.isNaN(now) && now !== before) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
      }),
    from,
  );
}

/** Clicks "Add to cart" on the page (already on a product page) and answers the browser time of the click. */
function clickAdd(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null; click(): void }> } }).document;
    const button = Array.from(doc.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Add to cart');
    if (!button) throw new Error('no Add to cart button');
    const at = Date.now();
    button.click();
    return at;
  });
}

/** Sets the first cart line's quantity one higher through the tab's cart and answers the browser time of the write. */
function bumpQuantity(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Line = { id: string; qty: number };
    const cart = (globalThis as unknown as { __shopDevtools: { cart: { currentLines(): Line[] | null; setQty(id: string, qty: number): Promise<void> } } }).__shopDevtools.cart;
    const line = cart.currentLines()?.[0];
    if (!line) throw new Error('no cart line to change');
    const at = Date.now();
    void cart.setQty(line.id, line.qty + 1);
    return at;
  });
}

async function measure(label: string, actor: Page, watcher: Page, change: (page: Page) => Promise<number>): Promise<string> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = await headerCount(watcher);
    const seen = countChange(watcher, before);
    const changed = await change(actor);
    times.push((await seen) - changed);
  }
  return summary(label, times);
}

test('sync timings', async ({ browser, request }) => {
  const [first, second] = await simpleProducts(request, 2);
  const lines: string[] = ['', 'cart sync in Chromium (loopback server):'];

  const shopper = await browser.newContext();
  const tabA = await shopper.newPage();
  const tabB = await shopper.newPage();
  await tabB.goto('/en');
  await addFromProductPage(tabA, first!);
  lines.push(await measure('tab to tab: a quantity set in one, the count in the other', tabA, tabB, bumpQuantity));
  lines.push(await measure('tab to tab: "Add to cart" clicked (stock check incl.)', tabA, tabB, clickAdd));

  const token = await cartToken(tabA);
  const device = await browser.newContext();
  const other = await deviceWithToken(device, token);
  await other.goto('/en');
  await addFromProductPage(tabA, second!);
  lines.push(await measure('device to device through the server: a quantity set', tabA, other, bumpQuantity));
  lines.push(await measure('device to device: "Add to cart" clicked (stock check incl.)', tabA, other, clickAdd));
  await device.close();
  await shopper.close();

  lines.push(await measureDrain(browser, request));
  console.log(lines.join('\n'));
});

interface SellableProduct {
  sku: string;
  type_id: string;
  name: string;
  image: string;
  url_path: string;
  price_incl_tax: number;
}

/** 100 products added with the network cut (one write each), then the time until the server's cart holds them all. */
async function measureDrain(browser: Browser, request: APIRequestContext): Promise<string> {
  const times: number[] = [];
  const { items } = await searchApi<SellableProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 150, includeFields: ['sku', 'type_id', 'name', 'image', 'url_path', 'price_incl_tax'] });
  const [opener] = await simpleProducts(request, 1);
  const products = items.filter((item) => item.price_incl_tax > 0 && item.sku !== opener!.sku).slice(0, 100);
  for (let round = 0; round < Number(process.env.BENCH_DRAIN_ROUNDS ?? 3); round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await addFromProductPage(page, opener!);
    const token = await cartToken(page);
    while (Object.keys(await serverCart(request, token)).length < 1) await page.waitForTimeout(50);

    await context.setOffline(true);
    const outcomes = await page.evaluate(async (queued) => {
      const cart = (globalThis as unknown as { __shopDevtools: { cart: { addToCart(request: { product: unknown; qty: number }): Promise<unknown> } } }).__shopDevtools.cart;
      const answers: unknown[] = [];
      for (const product of queued) answers.push(await cart.addToCart({ product, qty: 1 }));
      return answers;
    }, products);
    if (outcomes.length !== products.length) throw new Error('not every queued add answered');
    const expected = products.length + 1;
    const started = performance.now();
    await context.setOffline(false);
    const deadline = performance.now() + 60_000;
    let held = 0;
    while ((held = Object.keys(await serverCart(request, token)).length) < expected) {
      if (performance.now() > deadline) throw new Error(`after 60 s the server's cart holds ${held} of ${expected} lines`);
      await new Promise((r) => setTimeout(r, 20));
    }
    times.push(performance.now() - started);
    await context.close();
  }
  return summary(`drain ${products.length} writes queued offline (to the server)`, times);
}
