/**
 * The wishlist panel: a drawer with the products on the list (thumbnail, name linking to the product, price when
 * added, remove), an empty state, and the way to the comparison when the compare list holds products. It reads the
 * local database, so it works offline and follows changes made in another tab or on another device.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { PriceTag } from '../catalogue/price-tag.tsx';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { ProductImage } from '../catalogue/product-image.tsx';
import type { SkuList } from './lists-runtime.ts';
import type { ListItem } from './sku-list.collection.ts';
import { useList } from './use-lists.ts';

export default function WishlistPanel({ open, onClose, list, items }: { open: boolean; onClose: () => void; list: SkuList | null; items: ListItem[] | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const compare = useList('compare');
  const compareCount = compare.items?.length ?? 0;
  // The shopper's prices of the products on the list (render list), asked while the panel is open.
  const prices = useRenderedPrices(open && items ? items.map((item) => item.sku) : null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="right"
      title={t('panel.title', { ns: 'wishlist' })}
      closeLabel={t('panel.close', { ns: 'wishlist' })}
      footer={
        compareCount > 0 ? (
          <Link className="button button--secondary button--block" to="/$store/compare" params={{ store }} onClick={onClose}>
            {t('panel.compare', { ns: 'wishlist', count: compareCount })}
          </Link>
        ) : undefined
      }
    >
      {items === null ? (
        <p className="wishlist__status" role="status">
          {t('panel.loading', { ns: 'wishlist' })}
        </p>
      ) : items.length === 0 ? (
        <div className="wishlist__empty">
          <p>{t('panel.empty', { ns: 'wishlist' })}</p>
          <p className="wishlist__hint">{t('panel.emptyHint', { ns: 'wishlist' })}</p>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('panel.continue', { ns: 'wishlist' })}
          </button>
        </div>
      ) : (
        <VisitorPricesContext value={prices}>
          <ul className="wishlist__items" aria-label={t('panel.items', { ns: 'wishlist' })}>
            {items.map((item) => (
              <WishlistRow key={item.sku} item={item} onClose={onClose} onRemove={() => void list?.remove(item)} />
            ))}
          </ul>
        </VisitorPricesContext>
      )}
    </Drawer>
  );
}

function WishlistRow({ item, onClose, onRemove }: { item: ListItem; onClose: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const link = { to: '/$store/$', params: { store, _splat: item.url_path }, search: {}, onClick: onClose } as const;
  return (
    <li className="wishlist-item">
      <Link {...link} className="wishlist-item__image-link" tabIndex={-1} aria-hidden="true">
        <ProductImage className="wishlist-item__image" src={item.image} alt="" size="cart" />
      </Link>
      <div className="wishlist-item__info">
        <Link {...link} className="wishlist-item__name">
          {item.name}
        </Link>
        <span className="wishlist-item__price">
          <PriceTag product={{ price_incl_tax: item.price_incl_tax, final_price_incl_tax: item.price_incl_tax, special_price: 0 }} sku={item.sku} compact />
        </span>
      </div>
      <button type="button" className="icon-button wishlist-item__remove" aria-label={t('panel.remove', { ns: 'wishlist', name: item.name })} onClick={onRemove}>
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
