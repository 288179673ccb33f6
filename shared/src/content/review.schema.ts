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

export const ReviewInputSchema = z.object({
  product_id: wholeNumber('product_id must be a product id').check(z.refine((n) => n > 0, 'product_id must be a product id')),
  nickname: requiredText(100).check(z.refine((name) => checkNickname(name) !== 'nameMinLength3', FIELD_MESSAGES.nameMinLength3)),
  title: requiredText(200),
  detail: requiredText(5000),
  rating: wholeNumber(RATING_MESSAGE).check(z.refine((n) => n >= 1 && n <= 5, RATING_MESSAGE)),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const ReviewCreateBodySchema = z.object({ review: ReviewInputSchema });

/** A review as the API shows it; `customer_id` is never shown. */
export const ReviewSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
  rating: z.number(),
  review_status: z.number(),
  created_at: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** GET /api/review/list: the approved reviews of one product, with their average rating (null when none). */
export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema),
  count: z.number(),
  average: z.nullable(z.number()),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;
