/**
 * axe in every journey: each page a journey reaches is scanned once it has settled (each address it navigates to,
 * client-side navigations included, once per address and screen width), and each page still open when the journey
 * ends is scanned as it was left. A serious or critical violation fails the journey, with the rule, the elements and
 * the address. A journey scans a state that no navigation marks (an open dialog) with `a11y.scan(page, label)`.
 *
 * The scans run beside the journey, one at a time per page, in axe's legacy mode: the default mode opens a blank page
 * in the journey's context to assemble its results, which the journey would see.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The standards checked: WCAG 2.1 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts that fail a journey. */
const BLOCKING = new Set(['serious', 'critical']);
/** How long a page is left to settle after it navigated, before it is scanned. */
const SETTLE_MS = 800;
/** How long a scan waits at most for the page's running animations (a notice fading in) to end. */
const ANIMATIONS_MS = 2000;
/** A scan that takes longer is given up (a page whose clock the journey froze never finishes one). */
const SCAN_TIMEOUT_MS = 15_000;

export interface A11y {
  /** Scans `page` as it is now (a state no navigation marks, such as an open dialog). */
  scan(page: Page, label: string): Promise<void>;
}

export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  where: string;
}

export class A11yWatch implements A11y {
  readonly findings = new Map<string, A11yFinding>();
  scans = 0;
  /** Scans that could not run to the end (the page navigated or closed meanwhile, or its clock is frozen). */
  readonly skipped: string[] = [];
  private readonly seen = new Set<string>();
  private readonly queues = new WeakMap<Page, Promise<void>>();
  private readonly stuck = new WeakSet<Page>();
  private readonly running = new Set<Promise<void>>();
  private readonly watched = new WeakSet<BrowserContext>();

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  async scan(page: Page, label: string): Promise<void> {
    await this.enqueue(page, label, 0);
  }

  /** Scans the pages still open in the watched contexts, then waits for every scan. */
  async finish(pages: Page[]): Promise<void> {
    for (const page of pages) if (!page.isClosed() && page.url().startsWith('http')) void this.enqueue(page, 'as the journey left it', 0);
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  report(): string {
    const lines = [...this.findings.values()].map((finding) => `  - ${finding.impact} ${finding.rule} (${finding.help}): ${finding.targets.join(', ')} at ${finding.where}`);
    return `axe found ${lines.length} serious or critical violation(s) in ${this.scans} page state(s):\n${lines.join('\n')}`;
  }

  private watchPage(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (!url.startsWith('http')) return;
      const key = `${new URL(url).pathname} ${(page.viewportSize()?.width ?? 0) < 700 ? 'phone' : 'wide'}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      void this.enqueue(page, 'after navigating', SETTLE_MS);
    });
  }

  private enqueue(page: Page, label: string, delayMs: number): Promise<void> {
    const previous = this.queues.get(page) ?? Promise.resolve();
    const next = previous.then(() => this.run(page, label, delayMs));
    this.queues.set(page, next);
    this.running.add(next);
    void next.finally(() => this.running.delete(next));
    return next;
  }

  private async run(page: Page, label: string, delayMs: number): Promise<void> {
    if (page.isClosed() || this.stuck.has(page)) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (delayMs) {
        await page.waitForLoadState('domcontentloaded', { timeout: SCAN_TIMEOUT_MS });
        await page.waitForTimeout(delayMs);
      }
      // Only the shop's pages: an API's JSON or a picture opened in the tab is the browser's own viewer.
      if ((await page.evaluate(() => (globalThis as unknown as { document: { contentType: string } }).document.contentType)) !== 'text/html') return;
      await animationsEnded(page);
      const where = `${page.url()} (${label})`;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), SCAN_TIMEOUT_MS);
      });
      const results = await Promise.race([new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze(), timeout]);
      this.scans += 1;
      for (const violation of results.violations) {
        if (!BLOCKING.has(violation.impact ?? '')) continue;
        const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
        const key = `${violation.id} ${targets.join(',')}`;
        if (!this.findings.has(key)) this.findings.set(key, { rule: violation.id, impact: violation.impact ?? '', help: violation.help, targets, where });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      if (message === 'timeout') this.stuck.add(page);
      if (!page.isClosed()) this.skipped.push(`${page.url()} (${label}): ${message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

interface PageAnimation {
  playState: string;
  finished: Promise<unknown>;
  effect: { getComputedTiming(): { endTime?: number | string } } | null;
}

/**
 * Waits (at most ANIMATIONS_MS) for the page's finite animations to end: a notice or a drawer half faded in has the
 * contrast of no state a shopper reads it in. Endless ones (a spinner) are not waited for.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async (limit) => {
    const { document, setTimeout: later } = globalThis as unknown as { document: { getAnimations(): PageAnimation[] }; setTimeout(callback: () => void, ms: number): unknown };
    const running = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    });
    const ended = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => later(() => resolve(undefined), limit))]);
  }, ANIMATIONS_MS);
}

/** The serious and critical axe violations of the page as it is now (of one part of it with `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsEnded(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Fails the journey at once when the page as it is now has a serious or critical violation. */
export async function axeClean(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}
