import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { benchStep, summary } from './bench-step.ts';
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
 * test runner's round trips. Every round and step has a bound (BENCH_SYNC_ROUND_SECONDS, 20 s a round): a change the
 * other page never shows fails the bench naming the round and both pages' counts.
 */

const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 20);
/** The bound on one round (a change and the other page seeing it): far above any figure seen, so only a loss ends it. */
const ROUND_SECONDS = Number(process.env.BENCH_SYNC_ROUND_SECONDS ?? 20);

interface CountWatch {
  read(): number;
  seen: Promise<number>;
}

/**
 * Starts watching the page's header count and answers the count now. The observer is in place before this resolves,
 * so a change made after it cannot be missed (a change that reached the page before its observer did was, and the
 * bench then waited forever); `countChanged` collects the time.
 */
function watchCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as { document: { body: object; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> }; __benchCount?: CountWatch };
    const read = () => {
      for (const button of Array.from(scope.document.querySelectorAll('button'))) {
        const match = /Cart, (\d+) item/.exec(button.textContent ?? '');
        if (match) return Number(match[1]);
      }
      return Number.NaN;
    };
    const before = read();
    if (Number.isNaN(before)) throw new Error('the page shows no cart count in its header');
    const Observer = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(t: object, o: object): void; disconnect(): void } }).MutationObserver;
    const seen = new Promise<number>((resolve) => {
      const observer = new Observer(() => {
        const now = read();
        if (!Number.isNaN(now) && now !== before) {
          observer.disconnect();
          resolve(Date.now());
        }
      });
      observer.observe(scope.document.body, { subtree: true, childList: true, characterData: true });
    });
    scope.__benchCount = { read, seen };
    return before;
  });
}

/** The browser time at which the watched count changed (see `watchCount`). */
function countChanged(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { __benchCount: CountWatch }).__benchCount.seen);
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

/**
 * ROUNDS changes made on `actor`, each timed until `watcher`'s header count moves. Before the next round both pages
 * must show the same count: the actor's next change reads its own lines, which would otherwise be a round behind
 * (a quantity set to what it already is changes nothing, and nothing would be seen).
 */
async function measure(label: string, actor: Page, watcher: Page, change: (page: Page) => Promise<number>): Promise<string> {
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const time = await benchStep(`${label}, round ${round} of ${ROUNDS}`, ROUND_SECONDS + 5, async () => {
      const before = await watchCount(watcher);
      const changed = await change(actor);
      let timer: NodeJS.Timeout | undefined;
      const lost = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          void Promise.all([headerCount(actor), headerCount(watcher)]).then(
            ([acting, watching]) => reject(new Error(`the watching page still shows ${watching} (it showed ${before} before the change; the acting page shows ${acting}) after ${ROUND_SECONDS} s`)),
            reject,
          );
        }, ROUND_SECONDS * 1000);
      });
      try {
        const seen = await Promise.race([countChanged(watcher), lost]);
        await expect.poll(() => headerCount(actor), { message: 'the acting page shows the count the watching page shows', timeout: ROUND_SECONDS * 1000 }).toBe(await headerCount(watcher));
        return seen - changed;
      } finally {
        clearTimeout(timer);
      }
    });
    times.push(time);
  }
  return summary(label, times);
}

test('sync timings', async ({ browser, request }) => {
  // Every round of "Add to cart" adds one more of the first product: the demo stock must give them all.
  const [first, second] = await benchStep('find two products in stock', 30, () => simpleProducts(request, 2, 2 * ROUNDS + 2));
  const lines: string[] = ['', 'cart sync in Chromium (loopback server):'];

  const shopper = await browser.newContext();
  const tabA = await shopper.newPage();
  const tabB = await shopper.newPage();
  await benchStep('open two tabs with a cart line', 60, async () => {
    await tabB.goto('/en');
    await addFromProductPage(tabA, first!);
  });
  lines.push(await measure('tab to tab: a quantity set in one, the count in the other', tabA, tabB, bumpQuantity));
  lines.push(await measure('tab to tab: "Add to cart" clicked (stock check incl.)', tabA, tabB, clickAdd));

  const device = await browser.newContext();
  const other = await benchStep('open a second device on the same cart', 60, async () => {
    const token = await cartToken(tabA);
    const page = await deviceWithToken(device, token);
    await page.goto('/en');
    await addFromProductPage(tabA, second!);
    return page;
  });
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
  const rounds = Number(process.env.BENCH_DRAIN_ROUNDS ?? 3);
  const { opener, products } = await benchStep('drain: find 100 products to queue', 30, async () => {
    const { items } = await searchApi<SellableProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 150, includeFields: ['sku', 'type_id', 'name', 'image', 'url_path', 'price_incl_tax'] });
    const [first] = await simpleProducts(request, 1);
    return { opener: first!, products: items.filter((item) => item.price_incl_tax > 0 && item.sku !== first!.sku).slice(0, 100) };
  });
  const expected = products.length + 1;
  for (let round = 1; round <= rounds; round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const token = await benchStep(`drain round ${round}: a cart the server holds`, 60, async () => {
      await addFromProductPage(page, opener);
      const held = await cartToken(page);
      await expect.poll(async () => Object.keys(await serverCart(request, held)).length, { message: "the server's cart holds the first line", timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      return held;
    });
    await benchStep(`drain round ${round}: ${products.length} products added offline`, 60, async () => {
      await context.setOffline(true);
      const outcomes = await page.evaluate(async (queued) => {
        const cart = (globalThis as unknown as { __shopDevtools: { cart: { addToCart(request: { product: unknown; qty: number }): Promise<unknown> } } }).__shopDevtools.cart;
        const answers: unknown[] = [];
        for (const product of queued) answers.push(await cart.addToCart({ product, qty: 1 }));
        return answers;
      }, products);
      if (outcomes.length !== products.length) throw new Error('not every queued add answered');
    });
    const elapsed = await benchStep(`drain round ${round}: back online until the server holds ${expected} lines`, 65, async () => {
      const started = performance.now();
      await context.setOffline(false);
      const deadline = performance.now() + 60_000;
      let held = 0;
      while ((held = Object.keys(await serverCart(request, token)).length) < expected) {
        if (performance.now() > deadline) throw new Error(`after 60 s the server's cart holds ${held} of ${expected} lines`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return performance.now() - started;
    });
    times.push(elapsed);
    await context.close();
  }
  return summary(`drain ${products.length} writes queued offline (to the server)`, times);
}
