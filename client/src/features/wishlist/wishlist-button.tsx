/**
 * The header's wishlist button: a heart with the number of products on the list (the last number seen until the
 * local database answers), opening the wishlist panel, whose code loads on the first click. Loaded lazily by the
 * layout's extras, so none of it is in the first page load.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useContentTexts } from './content-texts.ts';
import { HeartIcon } from './heart-icon.tsx';
import { useList, useWishlistCount } from './use-lists.ts';
import './wishlist.css';

const WishlistPanel = lazy(() => import('./wishlist-panel.tsx'));

export default function WishlistButton() {
  const { t } = useTranslation();
  // Loads the panel's texts early; the button's own name is in the common texts.
  useContentTexts('wishlist');
  const { list, items } = useList('wishlist');
  const count = useWishlistCount(items);
  // null until first opened: the panel's code loads on the first click.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <button type="button" className="cart-link wishlist-link" aria-haspopup="dialog" aria-expanded={open === true} onClick={() => setOpen(true)}>
        <HeartIcon filled={count > 0} />
        <span className="visually-hidden">{t('header.wishlist', { count })}</span>
        {count > 0 ? (
          <span className="cart-link__count" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      {open === null ? null : (
        <Suspense fallback={null}>
          <WishlistPanel open={open} onClose={() => setOpen(false)} list={list} items={items} />
        </Suspense>
      )}
    </>
  );
}
