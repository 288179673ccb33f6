import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>(['./*/wishlist.json', './*/reviews.json', './*/newsletter.json'], { eager: true, import: 'default' });

describe('wishlist, reviews and newsletter texts', () => {
  it('keep the spec words in English', () => {
    const wishlist = files['./en/wishlist.json'] as { compare: { title: string } };
    const reviews = files['./en/reviews.json'] as { notices: { submitted: string }; form: { problems: { required: string } } };
    const newsletter = files['./en/newsletter.json'] as { captcha: { checking: string }; form: { invalidEmail: string }; notices: { copied: string } };
    expect(wishlist.compare.title).toBe('Compare Products');
    expect(reviews.notices.submitted).toContain('submitted for moderation');
    expect(reviews.form.problems.required).toBe('Field is required');
    expect(newsletter.form.invalidEmail).toBe('Please provide valid e-mail address');
    expect(newsletter.captcha.checking).toBe('Checking you are not a robot…');
    expect(newsletter.notices.copied).toBe('Text copied to clipboard');
  });
});
