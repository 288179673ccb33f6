/**
 * Compare Products (spec 2 §2, §3, §4): the products of the local compare list side by side, loaded by sku through
 * the catalogue, with their price, availability and comparable attributes; a remove button per product and an empty
 * state. On a phone the table scrolls sideways with the attribute names kept in view.
 */
import type { Product } from '@shop/shared';
import { PRODUCT_ATTRIBUTE_CODES } from '@shop/shared/catalogue/product-attributes';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { attributeLabel } from '../catalogue/attribute-labels.ts';
import { loadAttributes, searchProducts } from '../catalogue/catalogue-api.ts';
import { PriceTag } from '../catalogue/price-tag.tsx';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import { useContentTexts } from '../wishlist/content-texts.ts';
import type { ListItem } from '../wishlist/sku-list.collection.ts';
import { useList } from '../wishlist/use-lists.ts';
import { comparedAttributeCodes, compareRows } from './compare-rows.ts';
import '../catalogue/catalogue.css';
import './compare.css';

export function ComparePage() {
  const { t } = useTranslation();
  const ready = useContentTexts('wishlist');
  const { list, items } = useList('compare');
  useDocumentTitle(ready ? t('compare.title', { ns: 'wishlist' }) : undefined, t('shop.name'));
  if (!ready) return <div className="container compare-page" aria-busy="true" />;
  return (
    <div className="container compare-page">
      <h1 className="compare-page__title">{t('compare.title', { ns: 'wishlist' })}</h1>
      {items === null ? (
        <p className="compare-page__status" role="status">
          {t('compare.loading', { ns: 'wishlist' })}
        </p>
      ) : items.length === 0 ? (
        <CompareEmpty />
      ) : (
        <CompareTable items={items} onRemove={(item) => void list?.remove(item)} />
      )}
    </div>
  );
}

function CompareEmpty() {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <div className="empty-state">
      <p className="error-state__title">{t('compare.empty', { ns: 'wishlist' })}</p>
      <p className="error-state__message">{t('compare.emptyHint', { ns: 'wishlist' })}</p>
      <Link className="button button--secondary" to="/$store" params={{ store }}>
        {t('compare.continue', { ns: 'wishlist' })}
      </Link>
    </div>
  );
}

function CompareTable({ items, onRemove }: { items: ListItem[]; onRemove: (item: ListItem) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const skus = useMemo(() => items.map((item) => item.sku), [items]);
  const products = useResource(`compare:${store}:${skus.join(',')}`, () => searchProducts({ storeCode: store, filters: { sku: skus }, size: skus.length }));
  const bySku = useMemo(() => new Map((products.data?.items ?? []).map((product) => [product.sku, product])), [products.data]);
  const columns: Array<Product | null> = useMemo(() => (products.data ? skus.map((sku) => bySku.get(sku) ?? null) : []), [products.data, skus, bySku]);
  const codes = useMemo(() => comparedAttributeCodes(columns, PRODUCT_ATTRIBUTE_CODES), [columns]);
  const attributes = useResource(products.data ? `attributes:${store}:${codes.join(',')}` : null, () => loadAttributes(store, codes));
  const rows = useMemo(() => compareRows(columns, attributes.data ?? []), [columns, attributes.data]);
  const prices = useRenderedPrices(skus);

  if (products.error && !products.data) {
    return <ErrorState title={t('errors.generic')} retryLabel={t('errors.retry')} onRetry={products.retry} />;
  }
  return (
    <VisitorPricesContext value={prices}>
      <p className="compare-page__hint">{t('compare.scrollHint', { ns: 'wishlist' })}</p>
      {/* Focusable so that a keyboard can scroll it; named so that a screen reader says what it is. */}
      <div className="compare-scroll" role="region" aria-label={t('compare.table', { ns: 'wishlist' })} tabIndex={0}>
        <table className="compare-table" aria-busy={products.loading || attributes.loading}>
          <caption className="visually-hidden">{t('compare.title', { ns: 'wishlist' })}</caption>
          <thead>
            <tr>
              <td className="compare-table__corner" />
              {items.map((item) => (
                <th key={item.sku} scope="col" className="compare-table__product">
                  <Link className="compare-product" to="/$store/$" params={{ store, _splat: item.url_path }} search={{}}>
                    <ProductImage className="compare-product__image" src={item.image} alt="" size="listing" sizes="12rem" />
                    <span className="compare-product__name">{item.name}</span>
                  </Link>
                  <button type="button" className="link-button compare-product__remove" aria-label={t('compare.remove', { ns: 'wishlist', name: item.name })} onClick={() => onRemove(item)}>
                    {t('compare.removeShort', { ns: 'wishlist' })}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('compare.price', { ns: 'wishlist' })}</th>
              {items.map((item, index) => {
                const product = columns[index];
                return <td key={item.sku}>{product ? <PriceTag product={product} sku={product.sku} /> : <PriceTag product={{ price_incl_tax: item.price_incl_tax, final_price_incl_tax: item.price_incl_tax, special_price: 0 }} sku={item.sku} />}</td>;
              })}
            </tr>
            <tr>
              <th scope="row">{t('compare.availability', { ns: 'wishlist' })}</th>
              {items.map((item, index) => {
                const product = columns[index];
                const text = !products.data ? '' : !product ? t('compare.unavailable', { ns: 'wishlist' }) : product.stock.is_in_stock ? t('compare.inStock', { ns: 'wishlist' }) : t('compare.outOfStock', { ns: 'wishlist' });
                return <td key={item.sku}>{text}</td>;
              })}
            </tr>
            <tr>
              <th scope="row">{t('compare.sku', { ns: 'wishlist' })}</th>
              {items.map((item) => (
                <td key={item.sku}>{item.sku}</td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row.code}>
                <th scope="row">{attributeLabel(t, row.code, row.label)}</th>
                {row.values.map((value, index) => (
                  <td key={items[index]?.sku ?? index}>{value ?? '–'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </VisitorPricesContext>
  );
}
