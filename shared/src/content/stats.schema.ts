/**
 * The statistics log (`POST /api/stats/log`, a silent queued task): what a shopper looked at, searched for or opened.
 * No personal data: an event, a sku or a search term, the store; the client address only counts against a throttle.
 */
import { z } from 'zod/mini';

export const STATS_EVENTS = ['product_view', 'search', 'form_view'] as const;
export type StatsEvent = (typeof STATS_EVENTS)[number];

/** The largest body the route reads (bytes). */
export const STATS_BODY_LIMIT = 2048;
export const STATS_SKU_MAX = 64;
export const STATS_TERM_MAX = 200;

export const StatsLogBodySchema = z
  .object({
    event: z.enum(STATS_EVENTS),
    sku: z.optional(z.string().check(z.minLength(1, 'sku must not be empty'), z.maxLength(STATS_SKU_MAX, `sku must be at most ${STATS_SKU_MAX} characters`))),
    /** The search term (`search`) or the form's name (`form_view`). */
    term: z.optional(z.string().check(z.maxLength(STATS_TERM_MAX, `term must be at most ${STATS_TERM_MAX} characters`))),
  })
  .check(
    z.refine((body) => body.event !== 'product_view' || body.sku !== undefined, { message: 'a product_view names its sku', path: ['sku'] }),
    z.refine((body) => body.event !== 'search' || (body.term ?? '').trim() !== '', { message: 'a search names its term', path: ['term'] }),
  );
export type StatsLogBody = z.infer<typeof StatsLogBodySchema>;
