/**
 * The review form's rules (spec 2 §3 'Review', §5): nickname, title and detail are required ('Field is required'),
 * within the lengths the server accepts; the nickname has at least 3 letters ('Name must have at least 3 letters',
 * the shared rule the server applies too); the rating is a whole number of stars from 1 to 5. Answers message keys of
 * the `reviews` texts per field; an empty answer means the review may be sent.
 */
import { checkNickname } from '@shop/shared/account/account-fields';

export interface ReviewDraft {
  nickname: string;
  title: string;
  detail: string;
  rating: number | null;
}

export type ReviewField = keyof ReviewDraft;
export type ReviewProblems = Partial<Record<ReviewField, 'required' | 'tooLong' | 'rating' | 'nameMinLength3'>>;

export const REVIEW_LIMITS = { nickname: 100, title: 200, detail: 5000 } as const;

export function reviewProblems(draft: ReviewDraft): ReviewProblems {
  const problems: ReviewProblems = {};
  for (const field of ['nickname', 'title', 'detail'] as const) {
    const value = draft[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > REVIEW_LIMITS[field]) problems[field] = 'tooLong';
  }
  if (!problems.nickname && checkNickname(draft.nickname) === 'nameMinLength3') problems.nickname = 'nameMinLength3';
  if (draft.rating === null || !Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) problems.rating = 'rating';
  return problems;
}

/** The fields in the order the form shows them, for moving focus to the first problem. */
export const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'nickname', 'title', 'detail'];
