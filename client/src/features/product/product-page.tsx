import type { BreadcrumbEntry, Category, Product, RenderListItem } from '@shop/shared';
import { categoryBreadcrumbs } from '@shop/shared/catalogue/category';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { metaDescription, useCatalogueAlternates } from '../catalogue/use-alternates.ts';
import { attributeLabel, brandLabel } from '../catalogue/attribute-labels.ts';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { loadAttributes, loadMembers } from '../catalogue/catalogue-api.ts';
import { PriceTag, type PriceFields } from '../catalogue/price-tag.tsx';
import { useCategories } from '../catalogue/use-categories.ts';
import { useRenderedPrices, VisitorPricesContext } from '../location/visitor-prices.ts';
import { AttributesTable, productAttributeCodes } from './attributes-table.tsx';
import { Gallery, type GalleryImage } from './gallery.tsx';
import { VariantPicker } from './variant-picker.tsx';
import { BundleOptions } from './bundle-options.tsx';
import { GroupedMembers } from './grouped-members.tsx';
import { AddToCartControl, type CartChoice } from './add-to-cart-control.tsx';
import { StockAlertButton } from '../stock/stock-alert-button.tsx';
import { useStockView } from '../stock/use-stock.ts';
import { ShipsOnlyTo } from './ships-only-to.tsx';
import { TrustPanel } from './trust-panel.tsx';
import { bundleCartProduct, bundleChoiceProblem, configurableCartProduct, groupedCartProduct, simpleCartProduct } from './cart-product.ts';
import { isPriceKnown } from '@shop/shared/cart/index';
import { checkCustomSize, DEFAULT_SIZE_UNIT, type CustomSizeCheck, type CustomSizeUnit } from '@shop/shared/cart/custom-size';
import { SizeField } from './size-field.tsx';
import { logProductView } from '../stats/stats-log.ts';
import { RelatedProducts } from './related-products.tsx';
import { cartProblemText } from '../cart/cart-notices.ts';
import { bundleSelectionTotal, chooseBundleLink, type BundleLink, chosenBundleLinks, defaultBundleSelection, groupedMembers, setQuantityProblem, sortedBundleOptions, type BundleOption, type BundleSelection } from './product-sets.ts';
import { selectVariant, type VariantSelection } from '@shop/shared/catalogue/variants';
import '../catalogue/catalogue.css';
import './product.css';
import { lazyPart } from '../../app/lazy-part.ts';

// The wishlist and compare buttons and the reviews read the local database and the review API: their own chunks.
const ProductListActions = lazyPart('src/features/wishlist/product-list-actions.tsx', () => import('../wishlist/product-list-actions.tsx'));
const ProductReviews = lazyPart('src/features/reviews/product-reviews.tsx', () => import('../reviews/product-reviews.tsx'));
// The posts that mention the product (issue 18, "wordpress by productId"): the magazine's own small chunk.
const ProductPosts = lazyPart('src/features/magazine/product-posts.tsx', () => import('../magazine/product-posts.tsx'));

/** The deepest of the product's categories that the store knows, for the breadcrumb trail. */
function productTrail(product: Product, byId: ReadonlyMap<number, Category>): BreadcrumbEntry[] {
  const deepest = product.category_ids
    .map((id) => byId.get(id))
    .filter((c): c is Category => c !== undefined && c.level >= 2)
    .sort((a, b) => b.level - a.level)[0];
  if (!deepest) return [{ name: product.name }];
  const trail = categoryBreadcrumbs(deepest, byId);
  trail[trail.length - 1] = { name: deepest.name, routePath: deepest.url_path };
  return [...trail, { name: product.name }];
}

/** A bundle's total from the visitor's prices of the chosen pieces, when the render list has them all. */
function bundleTotalInCurrency(chosen: ReadonlyArray<{ link: Pick<BundleLink, 'qty'>; member: Product }>, bySku: ReadonlyMap<string, RenderListItem>, hidePrice: boolean): PriceFields | undefined {
  const local = chosen.flatMap(({ link, member }) => {
    const prices = bySku.get(member.sku);
    return prices ? [{ link, member: { ...prices, hide_price: member.hide_price } }] : [];
  });
  const currency = local[0]?.member.currency;
  return currency && local.length === chosen.length ? { ...bundleSelectionTotal(local, hidePrice), currency } : undefined;
}

/** Descriptions arrive as text or simple HTML; they are shown as plain paragraphs, never injected as markup. */
function paragraphs(text: string): string[] {
  return text
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function ProductPage({ product }: { product: Product }) {
  const { t } = useTranslation();
  const store = useStore();
  const categories = useCategories(store);
  const codes = useMemo(() => productAttributeCodes(product), [product]);
  const attributes = useResource(`attributes:${store}:${codes.join(',')}`, () => loadAttributes(store, codes));
  const [selection, setSelection] = useState<VariantSelection>({});
  const [activeImage, setActiveImage] = useState(0);
  // Title, description, canonical and the same product in the other store (hreflang).
  const alternates = useCatalogueAlternates(store, { type: 'product', id: product.id });
  usePageHead({ title: product.name, description: metaDescription(product.short_description || product.description), path: product.url_path, store, alternates }, t('shop.name'));
  // The statistics log (a silent queued task): once per product opened.
  useEffect(() => {
    void logProductView(product.sku, store);
  }, [product.sku, store]);

  // Grouped products and bundles show their member products; the bundle's choice and the set's quantities are kept here.
  const isSet = product.type_id === 'grouped' || product.type_id === 'bundle';
  const members = useResource(isSet ? `members:${store}:${product.sku}` : null, () => loadMembers(store, product.sku));
  const membersBySku = useMemo(() => new Map((members.data ?? []).map((member) => [member.sku, member])), [members.data]);
  const bundleOptions = useMemo(() => (product.type_id === 'bundle' ? sortedBundleOptions(product.bundle_options ?? []) : []), [product]);
  const [bundleSelection, setBundleSelection] = useState<BundleSelection>(() => defaultBundleSelection(bundleOptions));
  const bundleChosen = product.type_id === 'bundle' && members.data ? chosenBundleLinks(bundleOptions, bundleSelection, membersBySku) : undefined;
  // One render-list call for the product, its variants and, once known, its set's members.
  const skus = isSet && members.loading ? null : [product.sku, ...(product.configurable_children ?? []).map((c) => c.sku), ...(members.data ?? []).map((m) => m.sku)];
  const prices = useRenderedPrices(skus);
  const bundleLocal = prices.active && bundleChosen ? bundleTotalInCurrency(bundleChosen, prices.bySku, product.hide_price) : undefined;
  const bundleTotal = bundleLocal ?? (bundleChosen ? bundleSelectionTotal(bundleChosen, product.hide_price) : undefined);
  const bundlePending = Boolean(bundleChosen?.length) && prices.pending && !bundleLocal;
  const chooseBundle = (option: BundleOption, linkId: number | null) => setBundleSelection((current) => chooseBundleLink(current, option, linkId));
  const [setQuantities, setSetQuantities] = useState<Readonly<Record<string, string>>>({});

  // The shopper's own size, for a product that needs one (a ring size, a bracelet length): checked as typed, its
  // problem shown once the shopper leaves the field or tries to add without a valid size.
  const sizeKind = product.type_id === 'simple' ? product.custom_size_kind : undefined;
  const [sizeText, setSizeText] = useState('');
  const [sizeUnit, setSizeUnit] = useState<CustomSizeUnit>(DEFAULT_SIZE_UNIT);
  const [sizeShown, setSizeShown] = useState(false);
  // Counts the tries to add without a valid size: each brings the focus to the field.
  const [sizeAsked, setSizeAsked] = useState(0);
  const size = checkCustomSize(sizeKind, sizeText, sizeUnit);

  const variant = selectVariant(product, selection);
  const child = variant.status === 'selected' ? variant.child : undefined;
  const shown = child ?? product;
  // A bundle is available when it and every piece chosen for it are.
  const inStock = child ? child.stock.is_in_stock : product.stock.is_in_stock && (bundleChosen ?? []).every(({ member }) => member.stock.is_in_stock);
  // The document is from the catalogue's last load; the shop's live check of the piece shown (asked by the alert
  // button below), once it answered, says whether an order has taken the last one since.
  const live = useStockView(shown.sku);
  const shownInStock = product.type_id !== 'bundle' && live?.state === 'known' ? live.result.status !== 'out_of_stock' : inStock;

  const images: GalleryImage[] = useMemo(() => {
    const gallery = [...product.media_gallery].sort((a, b) => a.pos - b.pos).map((entry) => ({ src: entry.image, alt: entry.label ?? product.name }));
    const list = gallery.length ? gallery : [{ src: product.image, alt: product.name }];
    if (child?.image && !list.some((image) => image.src === child.image)) return [{ src: child.image, alt: child.name }, ...list];
    return list;
  }, [product, child]);

  const choose = (code: string, value: number) => {
    const next = { ...selection, [code]: value };
    setSelection(next);
    const result = selectVariant(product, next);
    if (result.status === 'selected') {
      const index = images.findIndex((image) => image.src === result.child.image);
      setActiveImage(index >= 0 ? index : 0);
    }
  };


  const choice = useCartChoice({
    product,
    variant,
    selection,
    members: members.data,
    bundleOptions,
    bundleSelection,
    // The cart keeps the store's prices (EUR): the visitor's currency is for display only.
    bundleTotal: bundleChosen ? bundleSelectionTotal(bundleChosen, product.hide_price) : undefined,
    setQuantities,
  });
  // A product that needs the shopper's size (a ring, a bracelet) adds it to its line; without a valid one the button
  // stays, and pressing it says why at the field (spec 2 §5 'Please fill your size') and brings the focus there.
  const cartChoice: CartChoice = choice.kind !== 'ready' || !sizeKind ? choice : withSize(choice, size, () => {
    setSizeShown(true);
    setSizeAsked((count) => count + 1);
  });

  const brand = brandLabel(product.brand, attributes.data?.find((a) => a.attribute_code === 'brand'));
  const description = paragraphs(product.description);
  const short = paragraphs(product.short_description);

  return (
    <VisitorPricesContext value={prices}>
      <div className="container product-page">
        <Breadcrumbs entries={productTrail(product, categories.byId)} />
        <div className="product-layout">
          <div className="product-layout__gallery">
            <Gallery images={images} active={Math.min(activeImage, images.length - 1)} onSelect={setActiveImage} />
          </div>
          <div className="product-layout__info">
            {brand ? <p className="eyebrow">{brand}</p> : null}
            <h1 className="product-title">{product.name}</h1>
            <p className="product-sku">
              {t('product.sku')} {child?.sku ?? product.sku}
            </p>
            {/* A bundle's total is read out beside its options; here it would be read twice. */}
            <div className="product-price" aria-live={product.type_id === 'bundle' ? undefined : 'polite'}>
              {/* A chosen variant's price came with the product's answer, synced or not (spec 1 §4). */}
              <PriceTag product={bundleTotal ?? { ...shown, hide_price: product.hide_price, price_is_current: product.price_is_current }} sku={bundleTotal ? undefined : shown.sku} pending={bundlePending} large />
              <span className="product-price__note">{t('product.taxIncluded')}</span>
            </div>
            {product.type_id === 'configurable' ? (
              <VariantPicker product={product} selection={selection} onChange={choose} />
            ) : product.type_id === 'grouped' ? (
              <GroupedMembers
                product={product}
                members={members}
                quantities={setQuantities}
                onQuantity={(sku, qty) => setSetQuantities((current) => ({ ...current, [sku]: qty }))}
              />
            ) : product.type_id === 'bundle' ? (
              <BundleOptions
                options={bundleOptions}
                members={members}
                membersBySku={membersBySku}
                selection={bundleSelection}
                total={bundlePending ? undefined : bundleTotal}
                onChoose={chooseBundle}
              />
            ) : null}
            <div className="product-status" role="status" aria-live="polite">
              {variant.status === 'unavailable' ? (
                <p className="product-status__error">{t('product.noVariants')}</p>
              ) : variant.status === 'incomplete' ? (
                <p className="product-status__hint">{t('product.selectVariant')}</p>
              ) : (
                <p className={`stock stock--${shownInStock ? 'in' : 'out'}`}>
                  <span className="stock__dot" aria-hidden="true" />
                  {shownInStock ? t('product.inStock') : t('card.outOfStock')}
                </p>
              )}
            </div>
            {sizeKind ? (
              <SizeField
                kind={sizeKind}
                value={sizeText}
                unit={sizeUnit}
                problem={sizeShown && !size.ok ? cartProblemText(t, size.problem) : null}
                onValue={setSizeText}
                onUnit={setSizeUnit}
                onBlur={() => setSizeShown(sizeText.trim() !== '')}
                focusRequest={sizeAsked}
              />
            ) : null}
            <AddToCartControl choice={cartChoice} withQuantity={product.type_id !== 'grouped'} />
            <StockAlertButton sku={shown.sku} inStock={variant.status === 'selected' || variant.status === 'simple' ? inStock : variant.status === 'unavailable' && !product.stock.is_in_stock ? false : null} />
            <ShipsOnlyTo product={product} />
            <Suspense fallback={<div className="list-actions" aria-hidden="true" />}>
              <ProductListActions product={product} />
            </Suspense>
            {short.length ? (
              <div className="product-short">
                {short.map((text, index) => (
                  <p key={index}>{text}</p>
                ))}
              </div>
            ) : null}
            <TrustPanel product={product} attributes={attributes.data} />
          </div>
        </div>

        <div className="product-details">
          {description.length ? (
            <section className="product-details__section" aria-labelledby="product-description">
              <h2 id="product-description">{t('product.description')}</h2>
              {description.map((text, index) => (
                <p key={index}>{text}</p>
              ))}
            </section>
          ) : null}
          <section className="product-details__section" aria-labelledby="product-specifications">
            <h2 id="product-specifications">{t('product.specifications')}</h2>
            {attributes.data ? (
              <AttributesTable product={product} attributes={attributes.data} sku={child?.sku ?? product.sku} />
            ) : attributes.error ? (
              <p>
                {t('errors.generic')}{' '}
                <button type="button" className="link-button" onClick={attributes.retry}>
                  {t('errors.retry')}
                </button>
              </p>
            ) : (
              <div aria-hidden="true" className="attributes-skeleton">
                {[0, 1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} height="1.1rem" />
                ))}
              </div>
            )}
          </section>
        </div>
        <RelatedProducts product={product} />
        <Suspense fallback={null}>
          <ProductPosts productId={product.id} />
        </Suspense>
        <Suspense fallback={null}>
          <ProductReviews productId={product.id} />
        </Suspense>
      </div>
    </VisitorPricesContext>
  );
}

/** The choice with the shopper's size on its line, or, while the size is missing or refused, held by `refused`. */
function withSize(choice: Extract<CartChoice, { kind: 'ready' }>, size: CustomSizeCheck, refused: () => void): CartChoice {
  if (!size.ok) {
    return {
      ...choice,
      precheck: () => {
        refused();
        return false;
      },
    };
  }
  const sized = size.size;
  if (!sized) return choice;
  return {
    ...choice,
    request: (qty) => {
      const request = choice.request(qty);
      return { ...request, product: { ...request.product, ...sized } };
    },
  };
}

interface CartChoiceInput {
  product: Product;
  variant: ReturnType<typeof selectVariant>;
  selection: VariantSelection;
  members: Product[] | undefined;
  bundleOptions: readonly BundleOption[];
  bundleSelection: BundleSelection;
  bundleTotal: PriceFields | undefined;
  setQuantities: Readonly<Record<string, string>>;
}

/** What 'Add to cart' adds on this page, or why it cannot yet (spec 1 §4: a configurable product needs a variant). */
function useCartChoice({ product, variant, selection, members, bundleOptions, bundleSelection, bundleTotal, setQuantities }: CartChoiceInput): CartChoice {
  const { t, i18n } = useTranslation();
  // Spec 2 §5's wording beside the disabled button; adding anyway would only answer spec 1's notification.
  const priceUnknown: CartChoice = { kind: 'blocked', reason: t('add.priceUnknown', { ns: 'cart' }) };
  if (product.type_id === 'configurable') {
    if (variant.status === 'selected') {
      if (!isPriceKnown(variant.child.price_incl_tax)) return priceUnknown;
      return { kind: 'ready', request: (qty) => ({ product: configurableCartProduct(product, variant.child, selection), qty }), limits: { sku: variant.child.sku, stock: variant.child.stock } };
    }
    if (variant.status === 'unavailable') return { kind: 'blocked', reason: t('add.unavailable', { ns: 'cart' }) };
    const missing = [...(product.configurable_options ?? [])]
      .sort((a, b) => a.position - b.position)
      .filter((option) => selection[option.attribute_code] === undefined)
      .map((option) => attributeLabel(t, option.attribute_code, option.label).toLowerCase());
    const options = new Intl.ListFormat(localeOf(i18n.language), { type: 'conjunction' }).format(missing);
    return { kind: 'blocked', reason: t('add.chooseVariant', { ns: 'cart', options }) };
  }
  if (product.type_id === 'bundle') {
    if (!members) return { kind: 'pending' };
    const incomplete = bundleChoiceProblem(bundleOptions, bundleSelection);
    if (incomplete) return { kind: 'blocked', reason: cartProblemText(t, incomplete) };
    const names = new Map(members.map((member) => [member.sku, member.name]));
    return { kind: 'ready', request: (qty) => ({ product: bundleCartProduct(product, bundleOptions, bundleSelection, bundleTotal, (sku) => names.get(sku)), qty }), limits: { sku: product.sku, stock: product.stock } };
  }
  if (product.type_id === 'grouped') {
    if (!members) return { kind: 'pending' };
    const rows = groupedMembers(product.product_links ?? [], members);
    const qtyBySku = Object.fromEntries(rows.map(({ member, qty }) => [member.sku, setQuantities[member.sku] ?? String(qty)]));
    // A quantity the rules refuse holds the button, with its message (shown under the piece too): never left out quietly.
    const refused = rows.map(({ member }) => setQuantityProblem(setQuantities[member.sku])).find((problem) => problem !== null);
    if (refused) return { kind: 'blocked', reason: cartProblemText(t, refused) };
    if (!Object.values(qtyBySku).some((qty) => Number(qty) > 0)) return { kind: 'blocked', reason: t('add.chooseSet', { ns: 'cart' }) };
    const grouped = groupedCartProduct(product, members);
    return { kind: 'ready', request: () => ({ product: grouped.product, members: grouped.members, qtyBySku }) };
  }
  if (!isPriceKnown(product.price_incl_tax)) return priceUnknown;
  return { kind: 'ready', request: (qty) => ({ product: simpleCartProduct(product), qty }), limits: { sku: product.sku, stock: product.stock } };
}
