/**
 * A page the server rendered (decision 048) shows its content before its script runs, and a click before then does
 * nothing: a shopper's eye is slower than the script, a journey is not. So after every page load a journey waits until
 * the app runs (main.tsx marks `<html data-app="started">` once the page is hydrated). A page from the shell, or one
 * that is not the shop's, is not waited for.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** How long a server-rendered page may take to hydrate before the journey fails saying so. */
const START_TIMEOUT_MS = 20_000;

const patched = new WeakSet<Page>();
const noScript = new WeakSet<BrowserContext>();

interface PageDocument {
  getElementById(id: string): unknown;
  documentElement: { dataset: Record<string, string | undefined> };
}

/** Resolves once the page's app runs, at once for a page that was not rendered on the server. */
export async function appStarted(page: Page): Promise<void> {
  if (page.isClosed() || noScript.has(page.context())) return;
  try {
    await page.waitForFunction(
      () => {
        const { document } = globalThis as unknown as { document: PageDocument };
        return !document.getElementById('shop-ssr') || document.documentElement.dataset.app === 'started';
      },
      null,
      { timeout: START_TIMEOUT_MS },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The page went on to another address (a redirect, the journey's next step) or closed: nothing to wait for.
    if (page.isClosed() || /context was destroyed|navigation/i.test(message)) return;
    throw new Error(`the page's script did not start within ${START_TIMEOUT_MS} ms on ${page.url()}: ${message.split('\n')[0]}`);
  }
}

const untouchedContexts = new WeakSet<BrowserContext>();

/**
 * The shop starts what a page does not need to be shown and used (the local database and the cart, the lists, the
 * menu's prefetch) at the shopper's first input, or once the loaded page has stood quiet for a few seconds
 * (client/src/app/after-interactive.ts). A shopper looks at a page before acting on it; a journey acts at once. So
 * after each load a journey tells the page its shopper is there, as a first touch would, and the page's background
 * work starts as it would under a shopper's hand: a journey that goes offline or changes the cart elsewhere right
 * after a load meets a cart that has started. `untouched` leaves a context's pages alone (the journey of that rule).
 */
async function shopperIsThere(page: Page): Promise<void> {
  if (page.isClosed() || noScript.has(page.context()) || untouchedContexts.has(page.context())) return;
  try {
    await page.evaluate(() => {
      const window = globalThis as unknown as { dispatchEvent(event: unknown): boolean; Event: new (type: string) => unknown };
      window.dispatchEvent(new window.Event('pointerdown'));
    });
  } catch {
    // The page went on to another address or closed: its next load says it again.
  }
}

/** A context whose pages are never told their shopper is there (see shopperIsThere). */
export function untouched(context: BrowserContext): void {
  untouchedContexts.add(context);
}

/** Every load of `page` (goto, reload, back, forward) resolves only once the app runs. */
export function waitForAppAfterLoads(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const started = async <T>(loaded: T): Promise<T> => {
    await appStarted(page);
    await shopperIsThere(page);
    return loaded;
  };
  page.goto = async (...args) => started(await goto(...args));
  page.reload = async (...args) => started(await reload(...args));
  page.goBack = async (...args) => started(await goBack(...args));
  page.goForward = async (...args) => started(await goForward(...args));
}

/** A context whose pages run no script (a crawler's view): its loads are not waited for. */
export function scriptless(context: BrowserContext): void {
  noScript.add(context);
}
