/**
 * Product reviews (spec 2 §3 'Review', §7 POST /api/review/create). Only status 1 (approved) is listed; a new review
 * waits as 2 (pending) for the shop operator's moderation, who approves (1) or rejects (3) it.
 */
import { z } from 'zod/mini';
import { checkNickname, FIELD_MESSAGES } from '../account/account-fields.ts';

export const REVIEW_STATUS = { approved: 1, pending: 2, rejected: 3 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

export const FIELD_REQUIRED_MESSAGE = 'Field is required';
export const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5';
export const RATINGS_MESSAGE = 'Ratings must be whole percentages from 1 to 100';
export const RATINGS_DISAGREE_MESSAGE = 'The rating in stars and the ratings in percent disagree';
/** Most votes one review may carry in `ratings` (spec 1 §3). */
export const MAX_RATING_VOTES = 10;

const requiredText = (max: number) =>
  z.pipe(
    z.string().check(z.maxLength(max * 2, `must be at most ${max} characters`)),
    z.transform((text) => text.trim()),
  ).check(z.minLength(1, FIELD_REQUIRED_MESSAGE), z.maxLength(max, `must be at most ${max} characters`));

const wholeNumber = (message: string) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\s*\d{1,9}\s*$/, message))], { error: message }),
    z.transform((value) => Number(value)),
  ).check(z.refine((n) => Number.isSafeInteger(n), message));

/** One vote of a review's `ratings` (spec 1 §3 'Review': ratings (percent)): a whole percentage, 100 = five stars. */
export const RatingVoteSchema = z.object({
  percent: wholeNumber(RATINGS_MESSAGE).check(z.refine((n) => n >= 1 && n <= 100, RATINGS_MESSAGE)),
});
export type RatingVote = z.infer<typeof RatingVoteSchema>;

/** The percentage a review's votes come to: their mean, a whole number. */
export function percentOfRatings(ratings: readonly RatingVote[]): number {
  return Math.round(ratings.reduce((sum, vote) => sum + vote.percent, 0) / ratings.length);
}

/** The whole stars (1 to 5) a percentage shows as: 20% a star, at least one. */
export function starsOfPercent(percent: number): number {
  return Math.min(5, Math.max(1, Math.round(percent / 20)));
}

/** Stars and percent of a review given either or both; both must name the same number of stars. */
function scoresAgree(input: { rating?: number | undefined; ratings?: RatingVote[] | undefined }): boolean {
  return input.rating === undefined || input.ratings === undefined || starsOfPercent(percentOfRatings(input.ratings)) === input.rating;
}

/**
 * A review as submitted: its score as `rating` (whole stars, 1 to 5), as `ratings` (votes in percent, the spec's
 * shape), or both when they agree; `reviewScores` turns it into both.
 */
export const ReviewInputSchema = z
  .object({
    product_id: wholeNumber('product_id must be a product id').check(z.refine((n) => n > 0, 'product_id must be a product id')),
    nickname: requiredText(100).check(z.refine((name) => checkNickname(name) !== 'nameMinLength3', FIELD_MESSAGES.nameMinLength3)),
    title: requiredText(200),
    detail: requiredText(5000),
    rating: z.optional(wholeNumber(RATING_MESSAGE).check(z.refine((n) => n >= 1 && n <= 5, RATING_MESSAGE))),
    ratings: z.optional(z.array(RatingVoteSchema).check(z.minLength(1, RATINGS_MESSAGE), z.maxLength(MAX_RATING_VOTES, `at most ${MAX_RATING_VOTES} ratings`))),
  })
  .check(
    z.refine((input) => input.rating !== undefined || input.ratings !== undefined, { message: RATING_MESSAGE, path: ['rating'] }),
    z.refine(scoresAgree, { message: RATINGS_DISAGREE_MESSAGE, path: ['ratings'] }),
  );
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** A review's score both ways: the stars it shows and its votes in percent (stars only: one vote of stars × 20%). */
export function reviewScores(input: Pick<ReviewInput, 'rating' | 'ratings'>): { rating: number; ratings: RatingVote[] } {
  if (input.ratings) return { rating: input.rating ?? starsOfPercent(percentOfRatings(input.ratings)), ratings: input.ratings.map((vote) => ({ percent: vote.percent })) };
  if (input.rating === undefined) throw new Error('A review without a score passed its schema');
  return { rating: input.rating, ratings: [{ percent: input.rating * 20 }] };
}

export const ReviewCreateBodySchema = z.object({ review: ReviewInputSchema });

/** A review as the API shows it; `customer_id` is never shown. */
export const ReviewSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
  rating: z.number(),
  /** The votes in percent (spec 1 §3); `percent` is their mean, shown beside the stars. */
  ratings: z.array(z.object({ percent: z.number() })),
  percent: z.number(),
  review_status: z.number(),
  created_at: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** GET /api/review/list: the approved reviews of one product, with their average rating and percent (null when none). */
export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema),
  count: z.number(),
  average: z.nullable(z.number()),
  average_percent: z.nullable(z.number()),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;
