import { describe, expect, it } from 'vitest';
import { notShippableMessage, productsNotShippableTo, shipsProductTo } from './allowed-countries.ts';

describe('allowed countries', () => {
  it('ships a product without a list, or with an empty list, anywhere', () => {
    expect(shipsProductTo({}, 'US')).toBe(true);
    expect(shipsProductTo({ allowedcountries: [] }, 'US')).toBe(true);
  });

  it('ships a product with a list only to the countries on it, whatever the case and spaces', () => {
    const watch = { allowedcountries: ['NL', 'DE', 'it'] };
    expect(shipsProductTo(watch, 'NL')).toBe(true);
    expect(shipsProductTo(watch, ' de ')).toBe(true);
    expect(shipsProductTo(watch, 'IT')).toBe(true);
    expect(shipsProductTo(watch, 'US')).toBe(false);
    expect(shipsProductTo(watch, '')).toBe(false);
  });

  it('names each refused product once, in cart order, and skips unknown ones', () => {
    const a = { sku: 'A', name: 'Alligator watch', allowedcountries: ['NL', 'DE'] };
    const b = { sku: 'B', name: 'Ring' };
    const c = { sku: 'C', name: 'Croc watch', allowedcountries: ['NL'] };
    expect(productsNotShippableTo([a, b, undefined, c, a], 'US').map((p) => p.sku)).toEqual(['A', 'C']);
    expect(productsNotShippableTo([a, b, c], 'NL')).toEqual([]);
    expect(productsNotShippableTo([a, b, c], 'DE').map((p) => p.sku)).toEqual(['C']);
  });

  it('says which product cannot go to which country', () => {
    expect(notShippableMessage('Cartier Tank', 'United States')).toBe(
      'Cartier Tank cannot be shipped to United States. Please choose another shipping country or remove it from your cart.',
    );
  });
});
