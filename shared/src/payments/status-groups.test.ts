import { describe, expect, it } from 'vitest';
import { listedStatusGroup, minorToDecimal, paymentCreatedComment, paymentNotCreatedComment, paymentOutcomeMessage, paymentStatusGroup, PAYMENT_GROUP_COLOURS, unlistedStatuses } from './index.ts';

describe('payment status groups (spec 2 §4)', () => {
  it.each([
    ['paid', 'success'],
    ['pending', 'pending'],
    ['open', 'pending'],
    ['expired', 'failed'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
  ] as const)('provider 1 (Mollie and the sandbox): %s is %s', (status, group) => {
    expect(paymentStatusGroup('mollie', status)).toBe(group);
    expect(paymentStatusGroup('sandbox', status)).toBe(group);
    expect(listedStatusGroup('mollie', status)).toBe(group);
  });

  it.each([
    ['completed', 'success'],
    ['shipped', 'success'],
    ['hold', 'pending'],
    ['initialized', 'pending'],
    ['reserved', 'pending'],
    ['uncleared', 'pending'],
    ['expired', 'failed'],
    ['declined', 'failed'],
    ['cancelled', 'failed'],
    ['void', 'failed'],
  ] as const)('provider 2 (MultiSafepay): %s is %s', (status, group) => {
    expect(paymentStatusGroup('multisafepay', status)).toBe(group);
    expect(listedStatusGroup('multisafepay', status)).toBe(group);
  });

  it("keeps the providers' vocabularies apart: 'paid' is not MultiSafepay's, 'completed' not Mollie's", () => {
    expect(listedStatusGroup('multisafepay', 'paid')).toBeNull();
    expect(listedStatusGroup('mollie', 'completed')).toBeNull();
    expect(listedStatusGroup('mollie', 'cancelled')).toBeNull();
  });

  it('treats documented statuses the spec does not list, and unknown words, as pending: they never finish an order', () => {
    for (const status of unlistedStatuses('mollie')) expect(paymentStatusGroup('mollie', status)).toBe('pending');
    for (const status of unlistedStatuses('multisafepay')) expect(paymentStatusGroup('multisafepay', status)).toBe('pending');
    expect(unlistedStatuses('mollie')).toContain('authorized');
    expect(paymentStatusGroup('mollie', 'something-new')).toBe('pending');
  });

  it('has the outcome messages and colours of the spec', () => {
    expect(paymentOutcomeMessage('failed')).toBe('Your payment for this order has failed.');
    expect(paymentOutcomeMessage('success', { email: 'jane@example.com' })).toContain('jane@example.com');
    expect(paymentOutcomeMessage('pending', { email: 'jane@example.com' })).toContain('update automatically');
    expect(PAYMENT_GROUP_COLOURS).toEqual({ success: 'green', pending: 'grey', failed: 'red' });
  });

  it('writes the payment comments and amounts to the cent', () => {
    expect(minorToDecimal(125000)).toBe('1250.00');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(paymentCreatedComment('1250.00', 'EUR')).toBe('Payment is created for amount 1250.00 EUR');
    expect(paymentNotCreatedComment('timeout')).toBe('Payment could not be created: timeout');
  });
});
