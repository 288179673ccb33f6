/**
 * The product page's "Add to wishlist" and "Add to compare" buttons, which say "Remove from …" while the product is
 * on the list; a press adds it (ignored by the list when already there) or removes it, each with its notice. Loaded lazily by
 * the product page; the buttons stand ready (disabled) until the local database answers.
 */
import type { Product } from '@shop/shared';
import { useTranslation } from '../../app/i18n.ts';
import { useContentTexts } from './content-texts.ts';
import { CompareIcon, HeartIcon } from './heart-icon.tsx';
import type { ListKind } from './list-notices.ts';
import type { ProductForList, SkuList } from './lists-runtime.ts';
import { useListItems, useLists } from './use-lists.ts';
import './wishlist.css';

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
  const present = items?.some((item) => item.sku === product.sku) ?? false;
  const label = kind === 'wishlist' ? (present ? 'product.removeWishlist' : 'product.addWishlist') : present ? 'product.removeCompare' : 'product.addCompare';
  const toggle = () => {
    if (!list) return;
    void (present ? list.remove(product) : list.add(productForList(product)));
  };
  return (
    <button type="button" className={`list-toggle list-toggle--${kind}${present ? ' is-active' : ''}`} disabled={items === null} onClick={toggle}>
      {kind === 'wishlist' ? <HeartIcon filled={present} /> : <CompareIcon />}
      {t(label, { ns: 'wishlist' })}
    </button>
  );
}
