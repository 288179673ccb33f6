/** MyRecentlyViewed: the products viewed on this device, newest first (recently-viewed.ts). */
import { useState } from 'react';
import { loadNamespace, useTranslation } from '../../app/i18n.ts';
import { ProductCard } from '../catalogue/product-card.tsx';
import { clearRecentlyViewed, readRecentlyViewed } from './recently-viewed.ts';

export function RecentlyViewedSection() {
  const { t } = useTranslation();
  const [products, setProducts] = useState(readRecentlyViewed);
  // The product cards' texts (out of stock, sale) live with the catalogue's.
  void loadNamespace('catalogue');
  return (
    <>
      <h2 className="account-content__title">{t('recentlyViewed.title', { ns: 'account' })}</h2>
      {products.length === 0 ? (
        <p className="account-muted">{t('recentlyViewed.empty', { ns: 'account' })}</p>
      ) : (
        <>
          <div className="account-products">
            {products.map((product) => (
              <ProductCard key={product.sku} product={product} />
            ))}
          </div>
          <button
            type="button"
            className="account-form__link"
            onClick={() => {
              clearRecentlyViewed();
              setProducts([]);
            }}
          >
            {t('recentlyViewed.clear', { ns: 'account' })}
          </button>
        </>
      )}
    </>
  );
}
