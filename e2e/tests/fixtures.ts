/**
 * The journeys' `test`: Playwright's, with a watch on the browser. A journey fails when a page it opened logs a
 * console error, throws an uncaught error, or has a request fail or answered with an error status, unless that
 * problem is expected: a page that only looks right is not a page that works. Every context a journey opens is
 * watched, the `page`'s and those made with `browser.newContext()` (a second device).
 *
 * Expected problems are listed with their reason: the few any journey may meet (EVERYWHERE below: among them the
 * failed requests of a network the journey cut itself, while it is cut), and those one journey provokes on purpose
 * (an address that does not exist, a refused login), declared in that journey with
 * `browserProblems.expect(match, reason)`.
 */
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { A11yWatch, type A11y } from './a11y.ts';
import { waitForAppAfterLoads } from './app-started.ts';

export { expect };

export interface ExpectedProblem {
  /**
   * Matched against the problem's one-line description: `console error: <text> (at <url>)`, `page error: ...`,
   * `request failed: <method> <url> (<net error>)`, or `http <status>: <method> <url> [<request body>][ -> <the API's
   * message>]` for an answer of 400 or more.
   */
  match: RegExp;
  /** Why it is no fault of the shop's. */
  reason: string;
  /** Expected only while the journey has cut the network (`context.setOffline(true)`, and a moment after). */
  offline?: boolean;
}

interface Problem {
  text: string;
  offline: boolean;
}

/** Problems any journey may meet, each with its reason. */
const EVERYWHERE: readonly ExpectedProblem[] = [
  {
    match: /^request failed: .* \(net::ERR_ABORTED\)$/,
    reason: 'a request the page itself dropped (a navigation away, a fetch it aborted, a picture scrolled past) is no failure',
  },
  { match: /^request failed: .* \(net::ERR_INTERNET_DISCONNECTED\)$/, offline: true, reason: 'the journey cut the network' },
  {
    match: /^request failed: .* \(net::ERR_FAILED\)$/,
    offline: true,
    reason: 'offline, the service worker has no copy of a picture never seen: its failed answer is that',
  },
  {
    match: /^http 504: (GET|POST) http:\/\/[^/]+\/api\//,
    offline: true,
    reason: 'offline, the service worker answers a catalogue read it has no copy of with 504 offline_not_cached (decision 014)',
  },
];

/** How long after the network is back a failure still counts as the cut's (its request was sent before). */
const OFFLINE_AFTERMATH_MS = 2000;

export interface BrowserProblems {
  /** Declares a problem this journey provokes on purpose. */
  expect(match: RegExp, reason: string, options?: { offline?: boolean }): void;
  /** Watches a context the journey made some other way than `browser.newContext()` or `browser.newPage()`. */
  watch(context: BrowserContext): void;
  /** The problems seen so far that nothing expects. */
  unexpected(): string[];
  /**
   * The journey's body has ended: what its pages do while their last state is scanned (a11y.ts) is no longer its
   * concern, as it was not when they closed at once.
   */
  end(): void;
}

function watchBrowser(seen: Problem[], pending: Array<Promise<unknown>>, ended: () => boolean): (context: BrowserContext) => void {
  const watched = new WeakSet<BrowserContext>();
  return (context) => {
    if (watched.has(context)) return;
    watched.add(context);
    // A server-rendered page is acted on once it runs (app-started.ts).
    for (const page of context.pages()) waitForAppAfterLoads(page);
    context.on('page', waitForAppAfterLoads);
    // Whether the journey has cut this context's network, or just given it back.
    let offlineUntil = 0;
    const setOffline = context.setOffline.bind(context);
    context.setOffline = async (offline: boolean) => {
      offlineUntil = offline ? Infinity : Date.now() + OFFLINE_AFTERMATH_MS;
      await setOffline(offline);
      if (!offline) offlineUntil = Date.now() + OFFLINE_AFTERMATH_MS;
    };
    const note = (text: string) => {
      if (!ended()) seen.push({ text, offline: Date.now() < offlineUntil });
    };
    context.on('console', (message) => {
      // A resource that failed to load is reported below with its request (and, for an answer, its body).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:')) {
        note(`console error: ${message.text()} (at ${message.location().url || message.page()?.url() || 'unknown'})`);
      }
    });
    context.on('weberror', (error) => note(`page error: ${error.error().message} (at ${error.page()?.url() ?? 'unknown'})`));
    context.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
    context.on('response', (response) => {
      if (response.status() < 400 || ended()) return;
      const offline = Date.now() < offlineUntil;
      const body = response.request().postData();
      const text = `http ${response.status()}: ${response.request().method()} ${response.url()}${body ? ` ${body.slice(0, 300)}` : ''}`;
      // The API's answer says why (its `result.message`): read before the problem is noted, for the report.
      const reading = new URL(response.url()).pathname.startsWith('/api/')
        ? response.json().then(
            (answer: { result?: { message?: unknown } }) => (typeof answer?.result?.message === 'string' ? ` -> ${answer.result.message}` : ''),
            () => '',
          )
        : Promise.resolve('');
      pending.push(reading.then((why) => seen.push({ text: text + why, offline })));
    });
  };
}

/** Makes every context `browser` opens during the journey watched, and undoes it afterwards. */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    watch(context);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage.apply(browser, args);
    watch(page.context());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export const test = base.extend<{ browserProblems: BrowserProblems; a11y: A11y }>({
  browserProblems: [
    async ({ context, browser }, use, testInfo) => {
      const seen: Problem[] = [];
      const pending: Array<Promise<unknown>> = [];
      const expected: ExpectedProblem[] = [...EVERYWHERE];
      let ended = false;
      const watch = watchBrowser(seen, pending, () => ended);
      watch(context);
      const restore = watchNewContexts(browser, watch);
      const unexpected = () =>
        seen.filter((problem) => !expected.some(({ match, offline }) => match.test(problem.text) && (!offline || problem.offline))).map((problem) => problem.text);
      try {
        await use({ expect: (match, reason, options) => void expected.push({ match, reason, ...options }), watch, unexpected, end: () => void (ended = true) });
      } finally {
        restore();
      }
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, 2000))]);
      const problems = [...new Set(unexpected())];
      if (problems.length === 0) return;
      const report = `The browser had ${problems.length} unexpected problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
      // A journey that failed already says why; these then only come with it.
      if (testInfo.status !== 'passed') testInfo.annotations.push({ type: 'browser problems', description: report });
      else throw new Error(`${report}\nFix the page, or declare the problem with browserProblems.expect(match, reason) in the journey that provokes it.`);
    },
    { auto: true },
  ],
  // axe on every page state the journey reaches (a11y.ts). It needs `page`, so that the page is still open when the
  // journey's last state is scanned.
  a11y: [
    async ({ context, page, browser, browserProblems }, use, testInfo) => {
      const watch = new A11yWatch();
      watch.watch(context);
      const contexts = [context];
      const restore = watchNewContexts(browser, (made) => {
        contexts.push(made);
        watch.watch(made);
      });
      try {
        await use(watch);
      } finally {
        restore();
      }
      browserProblems.end();
      await watch.finish([page, ...contexts.flatMap((made) => made.pages())].filter((open, i, all) => all.indexOf(open) === i));
      testInfo.annotations.push({ type: 'axe', description: `${watch.scans} page state(s) scanned${watch.skipped.length ? `; not scanned: ${watch.skipped.join('; ')}` : ''}` });
      if (watch.findings.size === 0) return;
      if (testInfo.status !== 'passed') testInfo.annotations.push({ type: 'axe violations', description: watch.report() });
      else throw new Error(`${watch.report()}\nFix the page: serious and critical violations fail every journey (e2e/tests/a11y.ts).`);
    },
    { auto: true },
  ],
});
