import { describe, expect, it } from 'vitest';
import { externalCheckoutUrl } from './checkout-config.ts';

describe('external checkout address (spec 2 §2)', () => {
  it('is the CMS url, /vue/cart/sync, then the optional user token, cart token and country', () => {
    expect(externalCheckoutUrl('https://cms.example.com/', {})).toBe('https://cms.example.com/vue/cart/sync');
    expect(externalCheckoutUrl('https://cms.example.com', { cartToken: 'c1' })).toBe('https://cms.example.com/vue/cart/sync/cart/c1');
    expect(externalCheckoutUrl('https://cms.example.com', { userToken: 'u 1', cartToken: 'c1', country: 'NL' })).toBe('https://cms.example.com/vue/cart/sync/token/u%201/cart/c1/country/nl');
  });
});
