import type { Product } from '@shop/shared';
import { formatPrice } from '@shop/shared/money/money';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useStoreView } from '../../app/store-context.tsx';

export type PriceFields = Pick<Product, 'final_price_incl_tax' | 'price_incl_tax' | 'special_price'> & { hide_price?: boolean };

export function useFormatPrice(): (amount: number) => string {
  const { i18n } = useTranslation();
  const view = useStoreView();
  const locale = localeOf(i18n.language);
  return (amount) => formatPrice(amount, view.i18n.currencyCode, locale);
}

/** Whole-number price; a special price shows the regular price struck through beside it. */
export function PriceTag({ product, compact = false, large = false }: { product: PriceFields; compact?: boolean; large?: boolean }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const className = `price${compact ? ' price--compact' : ''}${large ? ' price--large' : ''}`;
  if (product.hide_price) return <span className={className}>{t('card.priceOnRequest')}</span>;
  const special = product.special_price > 0 && product.final_price_incl_tax < product.price_incl_tax;
  if (!special) return <span className={className}>{format(product.final_price_incl_tax)}</span>;
  return (
    <span className={`${className} price--special`}>
      <span className="visually-hidden">{t('card.specialPrice')}</span>
      <span className="price__current">{format(product.final_price_incl_tax)}</span>{' '}
      <span className="visually-hidden">{t('card.originalPrice')}</span>
      <del className="price__original">{format(product.price_incl_tax)}</del>
    </span>
  );
}
