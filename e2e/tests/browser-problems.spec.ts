import type { Page } from '@playwright/test';
import net, { type AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';

/**
 * The journeys' watch on the browser (fixtures.ts): it sees console errors, uncaught errors, failed requests and
 * error answers; one nobody expects fails the journey even when everything it checks passed (the `test.fail` ones
 * below must fail: the watch's error is their failure); a declared one, or a request the journey's own cut network
 * fails, does not.
 */

/** A loopback port nothing listens on: a request there is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}

/** A page of the shop's origin that runs no app: the journey's own script makes the problems. */
async function quietPage(page: Page): Promise<void> {
  await page.goto('/health');
}

test('the watch sees console errors, uncaught errors, failed requests and error answers, each named for the report', async ({ page, browserProblems }) => {
  await quietPage(page);
  const origin = new URL(page.url()).origin;
  const closed = `http://127.0.0.1:${await closedPort()}/closed`;
  await page.evaluate(() => {
    console.error('something broke');
    setTimeout(() => {
      throw new Error('uncaught');
    }, 0);
    void fetch('/api/url/map', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'nowhere', storeCode: 'en' }) });
  });
  // The shop's policy lets its pages connect to the shop only (a connection elsewhere is refused by the browser
  // before it starts): the refused connection is made from a blank page of the same browser.
  const blank = await page.context().newPage();
  await blank.evaluate((closed) => fetch(closed).then(() => undefined, () => undefined), closed);
  const seen = [
    `console error: something broke (at ${origin}/health)`,
    `page error: uncaught (at ${origin}/health)`,
    `http 404: POST ${origin}/api/url/map {"url":"nowhere","storeCode":"en"} -> No mapping found for nowhere`,
    `request failed: GET ${closed} (net::ERR_CONNECTION_REFUSED)`,
  ];
  await expect.poll(() => browserProblems.unexpected().sort()).toEqual([...seen].sort());
  for (const problem of seen) browserProblems.expect(new RegExp(`^${problem.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), 'this journey makes it on purpose');
  expect(browserProblems.unexpected()).toEqual([]);
});

test.fail('a problem nobody expects fails a journey that passes everything it checks', async ({ page, browserProblems }) => {
  await quietPage(page);
  await page.evaluate(() => console.error('something broke'));
  await expect.poll(() => browserProblems.unexpected()).toHaveLength(1);
});

test.fail('a problem on a second device (a context of its own) fails the journey too', async ({ browser, baseURL, browserProblems }) => {
  const device = await browser.newContext();
  const page = await device.newPage();
  await page.goto(`${baseURL}/health`);
  await page.evaluate(() => console.error('on the second device'));
  await expect.poll(() => browserProblems.unexpected()).toHaveLength(1);
  await device.close();
});

test('requests the journey’s own cut network fails are expected while it is cut', async ({ page, context, browserProblems }) => {
  await quietPage(page);
  await context.setOffline(true);
  expect(await page.evaluate(() => fetch('/health?offline').then(() => 'answered', () => 'failed'))).toBe('failed');
  await context.setOffline(false);
  expect(browserProblems.unexpected()).toEqual([]);
});

test("the shop's policy refuses an inline script on its pages, and the watch reports the refusal (issue 13, item 9)", async ({ page, browserProblems }) => {
  await quietPage(page);
  const ran = await page.evaluate(() => {
    type Element = { textContent: string };
    const page = globalThis as unknown as { document: { createElement(name: string): Element; head: { append(child: Element): void } }; inlineRan?: boolean };
    const script = page.document.createElement('script');
    script.textContent = 'globalThis.inlineRan = true';
    page.document.head.append(script);
    return page.inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => browserProblems.unexpected().some((problem) => problem.includes('Content Security Policy'))).toBe(true);
  browserProblems.expect(/Content Security Policy/, 'this journey makes it on purpose');
  expect(browserProblems.unexpected()).toEqual([]);
});
