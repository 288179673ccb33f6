import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { loadContentTexts } from '../wishlist/content-texts.ts';
import { parseAnswer, parseEngagement, PROMPT_RULES, shouldPrompt } from './engagement.ts';
import { canSubscribe, emailProblem, newsletterNotification } from './newsletter-rules.ts';

beforeAll(async () => {
  await initI18n('en');
  await loadContentTexts('newsletter');
});

describe('the newsletter form rules', () => {
  it('require a valid e-mail address, with the spec messages', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('   ')).toBe('required');
    expect(emailProblem('anna@')).toBe('invalidEmail');
    expect(emailProblem(' Anna@Example.com ')).toBeNull();
    const t = i18next.getFixedT('en', 'newsletter');
    expect(t('form.required')).toBe('Field is required');
    expect(t('form.invalidEmail')).toBe('Please provide valid e-mail address');
  });

  it('need a captcha value to subscribe, unless the shop runs without a captcha', () => {
    expect(canSubscribe('anna@example.com', 'pow', null)).toBe(false);
    expect(canSubscribe('anna@example.com', null, null)).toBe(false);
    expect(canSubscribe('anna@example.com', 'pow', 'abc:1')).toBe(true);
    expect(canSubscribe('anna@example.com', 'recaptcha', 'token')).toBe(true);
    expect(canSubscribe('anna@example.com', 'off', null)).toBe(true);
    expect(canSubscribe('anna', 'off', null)).toBe(false);
  });

  it('announce subscribing, unsubscribing, updated preferences and a copied code', () => {
    const t = i18next.getFixedT('en', 'newsletter');
    expect(newsletterNotification('subscribed', t)).toEqual({ type: 'success', message: 'You have subscribed to our newsletter.', action1: { label: 'OK' } });
    expect(newsletterNotification('unsubscribed', t).message).toBe('You have unsubscribed from our newsletter.');
    expect(newsletterNotification('updated', t).message).toBe('Your newsletter preferences have been updated.');
    expect(newsletterNotification('copied', t).message).toBe('Text copied to clipboard');
  });
});

describe('when the newsletter modal may appear', () => {
  const engaged = { pageViews: PROMPT_RULES.minPageViews, visibleMs: PROMPT_RULES.minVisibleMs };

  it('only after the visitor has looked around: pages and time both count', () => {
    expect(shouldPrompt(engaged, null, '/en/watches')).toBe(true);
    expect(shouldPrompt({ ...engaged, pageViews: 1 }, null, '/en/watches')).toBe(false);
    expect(shouldPrompt({ ...engaged, visibleMs: PROMPT_RULES.minVisibleMs - 1 }, null, '/en/watches')).toBe(false);
    // Never on the first paint.
    expect(shouldPrompt({ pageViews: 1, visibleMs: 0 }, null, '/en')).toBe(false);
  });

  it('once: never again after a dismissal or a subscription', () => {
    expect(shouldPrompt(engaged, 'dismissed', '/en')).toBe(false);
    expect(shouldPrompt(engaged, 'subscribed', '/en')).toBe(false);
    expect(parseAnswer('dismissed')).toBe('dismissed');
    expect(parseAnswer('rubbish')).toBeNull();
  });

  it('never while ordering or in the account pages', () => {
    for (const path of ['/nl/checkout', '/en/my-account', '/en/my-account/newsletter', '/nl/order-status/abc']) expect(shouldPrompt(engaged, null, path)).toBe(false);
  });

  it('read stored counts defensively', () => {
    expect(parseEngagement(null)).toEqual({ pageViews: 0, visibleMs: 0 });
    expect(parseEngagement('{"pageViews":-3,"visibleMs":"x"}')).toEqual({ pageViews: 0, visibleMs: 0 });
    expect(parseEngagement('{"pageViews":2,"visibleMs":5000}')).toEqual({ pageViews: 2, visibleMs: 5000 });
  });
});
