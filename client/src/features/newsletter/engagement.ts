/**
 * When the newsletter modal may offer its 10% coupon (spec 2 §9; the spec leaves the moment open): once a visitor
 * has looked around (two pages, and a minute with the shop in view, counted over the visit), never on the first
 * paint, never while ordering or in the account pages, and never again once dismissed or subscribed.
 */
export const PROMPT_RULES = { minPageViews: 2, minVisibleMs: 60_000, tickMs: 5_000 } as const;

/** Where the modal would be in the way. */
const QUIET_PATHS = /^\/[a-z]{2}\/(checkout|my-account|order-status|orderstatus|order-success|create-password)(\/|$)/;

export interface Engagement {
  pageViews: number;
  visibleMs: number;
}

export type PromptAnswer = 'dismissed' | 'subscribed' | null;

export function shouldPrompt(engagement: Engagement, answer: PromptAnswer, path: string): boolean {
  return answer === null && !QUIET_PATHS.test(path) && engagement.pageViews >= PROMPT_RULES.minPageViews && engagement.visibleMs >= PROMPT_RULES.minVisibleMs;
}

export function parseEngagement(stored: string | null): Engagement {
  try {
    const value = JSON.parse(stored ?? '') as Partial<Engagement>;
    const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
    return { pageViews: count(value.pageViews), visibleMs: count(value.visibleMs) };
  } catch {
    return { pageViews: 0, visibleMs: 0 };
  }
}

export function parseAnswer(stored: string | null): PromptAnswer {
  return stored === 'dismissed' || stored === 'subscribed' ? stored : null;
}
