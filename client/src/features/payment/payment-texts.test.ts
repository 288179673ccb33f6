import { PAYMENT_MESSAGES } from '@shop/shared/payments/payment.schema';
import { PAYMENT_OUTCOME_MESSAGES } from '@shop/shared/payments/status-groups';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/payment.json';
import en from '../../locales/en/payment.json';
import nl from '../../locales/nl/payment.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('payment texts', () => {
  it('nl and de have every English key, and nothing empty', () => {
    for (const texts of [nl, de]) expect(keys(texts).sort()).toEqual(keys(en).sort());
    for (const texts of [en, nl, de]) for (const key of keys(texts)) expect(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts)).not.toBe('');
  });

  it("the English texts are the spec's, as the server writes them (payments.messages.*, payments.outcome.*)", () => {
    const i18nStyle = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');
    for (const [key, text] of Object.entries(PAYMENT_MESSAGES)) expect(en.payments.messages[key as keyof typeof PAYMENT_MESSAGES]).toBe(i18nStyle(text));
    for (const [group, text] of Object.entries(PAYMENT_OUTCOME_MESSAGES)) expect(en.payments.outcome[group as keyof typeof PAYMENT_OUTCOME_MESSAGES]).toBe(i18nStyle(text));
    expect(en.orderStatus.heading).toBe('Order status for Order # {{incrementId}}');
    expect(en.orderStatus.offline).toBe('You are offline');
  });
});
