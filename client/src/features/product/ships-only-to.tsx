/**
 * Where a product with `allowedcountries` (spec 1 §3) is sent: of the countries the shop ships to, those on its list,
 * and those it cannot go to, in the shopper's language. Nothing for a product without a list: it goes wherever the
 * shop ships. The checkout refuses the others (allowed-countries.ts), so the shopper learns it here first.
 */
import type { Product } from '@shop/shared';
import { shipsProductTo } from '@shop/shared/orders/allowed-countries';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useShipToCountries } from '../checkout/checkout-config.ts';

export function ShipsOnlyTo({ product }: { product: Pick<Product, 'allowedcountries'> }) {
  // Only a product with a list asks the shop where it ships.
  return product.allowedcountries?.length ? <ShippingNote product={product} /> : null;
}

function ShippingNote({ product }: { product: Pick<Product, 'allowedcountries'> }) {
  const { t, i18n } = useTranslation();
  const countries = useShipToCountries(useStore());
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const disjoint = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  const name = (code: string) => names.of(code) ?? code;
  const allowed = countries.filter((code) => shipsProductTo(product, code));
  const excluded = countries.filter((code) => !shipsProductTo(product, code));
  if (excluded.length === 0) return null;
  return (
    <p className="product-shipping-note">
      {allowed.length === 0
        ? t('product.shipsNowhere')
        : t('product.shipsOnlyTo', { countries: list.format(allowed.map(name)), excluded: disjoint.format(excluded.map(name)) })}
    </p>
  );
}
