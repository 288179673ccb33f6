/**
 * The product page's "Add to wishlist" and "Add to compare" buttons, which say "Remove from …" while the product is
 * on the list; a press adds it (ignored by the list when already there) or removes it, each with its notice. Loaded lazily by
 * the product page. A press before the local database answers waits for it, then acts on what the list holds.
 */
import type { Product } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useBrowserValue } from '../../app/server-pass.ts';
import { useContentTexts } from './content-texts.ts';
import { CompareIcon, HeartIcon } from './heart-icon.tsx';
import type { ListKind } from './list-notices.ts';
import type { ProductForList, SkuList } from './lists-runtime.ts';
import { loadedItems, loadLists, useListItems, useLists } from './use-lists.ts';
import './wishlist.css';

const storageHere = () => typeof indexedDB !== 'undefined';

/** What a list keeps of the product (a snapshot, so the list shows without loading the product). */
export function productForList(product: Product): ProductForList {
  return { sku: product.sku, name: product.name, price_incl_tax: product.final_price_incl_tax, image: product.image, url_path: product.url_path };
}

export default function ProductListActions({ product }: { product: Product }) {
  const ready = useContentTexts('wishlist');
  const lists = useLists();
  if (!ready) return <div className="list-actions" aria-hidden="true" />;
  return (
    <div className="list-actions">
      <ListToggle kind="wishlist" list={lists?.wishlist ?? null} product={product} />
      <ListToggle kind="compare" list={lists?.compare ?? null} product={product} />
    </div>
  );
}

function ListToggle({ kind, list, product }: { kind: ListKind; list: SkuList | null; product: Product }) {
  const { t } = useTranslation();
  const items = useListItems(list);
  // Without IndexedDB (some private modes) there are no lists; the server renders the buttons ready.
  const hasStorage = useBrowserValue(storageHere, true);
  const present = items?.some((item) => item.sku === product.sku) ?? false;
  // A press waiting for the local database: the button says it is at work until the list has the change.
  const [pending, setPending] = useState(false);
  const label = kind === 'wishlist' ? (present ? 'product.removeWishlist' : 'product.addWishlist') : present ? 'product.removeCompare' : 'product.addCompare';
  const toggle = () => {
    if (list) {
      void (present ? list.remove(product) : list.add(productForList(product)));
      return;
    }
    // Pressed before the lists answered: the press is kept, and acts on the list as it turns out to be.
    if (pending) return;
    setPending(true);
    void loadLists()
      .then(
        async (lists) => {
          const started = lists[kind];
          const there = (await loadedItems(started)).some((item) => item.sku === product.sku);
          await (there ? started.remove(product) : started.add(productForList(product)));
        },
        (error: unknown) => console.error('The wishlist could not start', error),
      )
      .finally(() => setPending(false));
  };
  return (
    <button
      type="button"
      className={`list-toggle list-toggle--${kind}${present ? ' is-active' : ''}`}
      disabled={!hasStorage}
      aria-busy={pending || undefined}
      onClick={toggle}
    >
      {kind === 'wishlist' ? <HeartIcon filled={present} /> : <CompareIcon />}
      {t(label, { ns: 'wishlist' })}
    </button>
  );
}
