import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G line, simulated) on the content pages of issue 18 and
 * the home page beside them, against the real server serving the built client: performance, accessibility and SEO,
 * with LCP, TBT and CLS, the median of LIGHTHOUSE_RUNS runs (3 by default) per page. Printed, never asserted: the
 * machines here are shared and noisy. The aim (issue 18) is 0.95 or more on each score for the magazine pages.
 */

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's own trace errors that a second try usually clears (a busy machine); anything else fails at once. */
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);
let retried = 0;

async function measure(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError && TRACE_ERRORS.has(runtimeError.code) && attempt < 3) {
    retried += 1;
    return measure(url, port, attempt + 1);
  }
  if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (name: string) => {
    const value = categories[name]?.score;
    if (typeof value !== 'number') throw new Error(`Lighthouse has no ${name} score for ${url}`);
    return value;
  };
  const numeric = (name: string) => {
    const value = audits[name]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse has no ${name} for ${url}`);
    return value;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

test('Lighthouse mobile scores of the magazine, a post, a CMS page and home (median of runs)', async ({ request, baseURL }) => {
  test.setTimeout(RUNS * 4 * 120_000);
  const posts = await request.get('/api/content/wordpress_posts?storeCode=en&size=1&sort=published_at:desc');
  expect(posts.ok(), 'the demo shop has magazine posts').toBe(true);
  const post = ((await posts.json()) as { result: { items: { path: string }[] } }).result.items[0];
  expect(post, 'the demo shop has magazine posts').toBeDefined();
  const pages = [
    { name: 'home', path: '/en' },
    { name: 'magazine index', path: '/en/magazine' },
    { name: 'magazine post', path: `/en/${post!.path}` },
    { name: 'CMS page (about us)', path: '/en/i/about-us' },
  ];

  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
  const lines: string[] = [];
  try {
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(`${baseURL}${page.path}`, chrome.port));
      const m = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
      lines.push(
        `  ${page.name.padEnd(22)} performance ${m('performance').toFixed(2)}  accessibility ${m('accessibility').toFixed(2)}  SEO ${m('seo').toFixed(2)}  LCP ${(m('lcpMs') / 1000).toFixed(1)} s  TBT ${Math.round(m('tbtMs'))} ms  CLS ${m('cls').toFixed(3)}`,
      );
    }
  } finally {
    chrome.kill();
  }
  const again = retried ? ` (${retried} run(s) measured again after a Lighthouse trace error)` : '';
  console.log(`\nLighthouse, mobile preset, median of ${RUNS} runs per page${again} (scores 0–1; aim for the magazine pages ≥ 0.95 each):\n${lines.join('\n')}\n`);
});
