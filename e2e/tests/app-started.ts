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
