/**
 * Where a product may be shipped (spec 1 §3 product flag `allowedcountries`): a product without the list, or with an
 * empty one, ships wherever the shop ships; a product with a list ships only to the countries on it. The checkout's
 * shipping step and the server's order placement both ask this rule; the server's answer is the one that counts.
 */

/** The refusal, in English with `{product}` and `{country}` (the country's name); translated as `orders.messages.notShippable`. */
export const NOT_SHIPPABLE_MESSAGE = '{product} cannot be shipped to {country}. Please choose another shipping country or remove it from your cart.';

export interface ShippableProduct {
  sku: string;
  name: string;
  allowedcountries?: readonly string[] | undefined;
}

/** Whether `product` may be shipped to `country` (a two-letter code; case and spaces do not matter). */
export function shipsProductTo(product: Pick<ShippableProduct, 'allowedcountries'>, country: string): boolean {
  const allowed = product.allowedcountries;
  if (!allowed || allowed.length === 0) return true;
  const wanted = country.trim().toUpperCase();
  return allowed.some((code) => code.trim().toUpperCase() === wanted);
}

/** The products (each once, in the order given) that may not be shipped to `country`. */
export function productsNotShippableTo<T extends ShippableProduct>(products: readonly (T | undefined)[], country: string): T[] {
  const seen = new Set<string>();
  const refused: T[] = [];
  for (const product of products) {
    if (!product || seen.has(product.sku) || shipsProductTo(product, country)) continue;
    seen.add(product.sku);
    refused.push(product);
  }
  return refused;
}

/** The refusal for one product, with the country named as the reader knows it (`countryName`, else the code). */
export function notShippableMessage(productName: string, countryName: string): string {
  return NOT_SHIPPABLE_MESSAGE.replace('{product}', productName).replace('{country}', countryName);
}
