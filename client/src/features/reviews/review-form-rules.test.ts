import { FIELD_REQUIRED_MESSAGE, ReviewInputSchema } from '@shop/shared/content/review.schema';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/reviews.json';
import { REVIEW_LIMITS, reviewProblems } from './review-form-rules.ts';

const good = { nickname: 'Anna', title: 'Lovely watch', detail: 'Keeps time and looks the part.', rating: 5 };

describe('review form rules', () => {
  it('accept a complete review', () => {
    expect(reviewProblems(good)).toEqual({});
  });

  it('require nickname, title and detail (blank counts as empty), and a rating', () => {
    expect(reviewProblems({ nickname: ' ', title: '', detail: '\n', rating: null })).toEqual({ nickname: 'required', title: 'required', detail: 'required', rating: 'rating' });
    expect(en.form.problems.required).toBe(FIELD_REQUIRED_MESSAGE);
  });

  it('ask for a nickname of at least 3 letters (spec 2 §5 "3 in some forms"), as the server does', () => {
    expect(reviewProblems({ ...good, nickname: 'Al' }).nickname).toBe('nameMinLength3');
    expect(reviewProblems({ ...good, nickname: 'J.B.' }).nickname).toBe('nameMinLength3');
    expect(reviewProblems({ ...good, nickname: 'Jan' }).nickname).toBeUndefined();
    expect(reviewProblems({ ...good, nickname: 'Bo82x' }).nickname).toBeUndefined();
    expect(ReviewInputSchema.safeParse({ product_id: 1, ...good, nickname: 'Al' }).error?.issues[0]?.message).toBe(en.form.problems.nameMinLength3);
    expect(ReviewInputSchema.safeParse({ product_id: 1, ...good, nickname: 'Jan' }).success).toBe(true);
  });

  it('accept only whole ratings from 1 to 5', () => {
    for (const rating of [0, 6, 2.5, -1]) expect(reviewProblems({ ...good, rating }).rating).toBe('rating');
    for (const rating of [1, 2, 3, 4, 5]) expect(reviewProblems({ ...good, rating }).rating).toBeUndefined();
  });

  it('refuse texts longer than the server accepts', () => {
    expect(reviewProblems({ ...good, title: 'x'.repeat(REVIEW_LIMITS.title + 1) }).title).toBe('tooLong');
    expect(reviewProblems({ ...good, title: 'x'.repeat(REVIEW_LIMITS.title) }).title).toBeUndefined();
  });
});
