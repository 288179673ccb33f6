import type { Product } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import type { Resource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { PriceTag } from '../catalogue/price-tag.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import { cartProblemText } from '../cart/cart-notices.ts';
import { groupedMembers, hasOwnPage, setQuantityProblem } from './product-sets.ts';
import { QtyTimes, SetLoadError, SetRowSkeleton, StockState } from './set-parts.tsx';

/**
 * "In this set": the products a grouped product is made of, each with its qty, own price and stock (spec 1 §4). With
 * `onQuantity` each piece gets a quantity field (its link's qty to start with; 0 leaves it out of the cart); a quantity
 * the rules refuse (negative, not whole) is said under the piece's name, tied to its field.
 */
export function GroupedMembers({
  product,
  members,
  quantities,
  onQuantity,
}: {
  product: Product;
  members: Resource<Product[]>;
  quantities?: Readonly<Record<string, string>>;
  onQuantity?: (sku: string, qty: string) => void;
}) {
  const { t } = useTranslation();
  const store = useStore();
  const errorIds = useId();
  const links = product.product_links ?? [];
  const rows = members.data ? groupedMembers(links, members.data) : [];
  const problems = new Map<string, string>();
  for (const { member } of rows) {
    const problem = onQuantity ? setQuantityProblem(quantities?.[member.sku]) : null;
    if (problem) problems.set(member.sku, cartProblemText(t, problem));
  }
  return (
    <section className="product-set" aria-labelledby="product-set-title" aria-busy={members.loading}>
      <h2 id="product-set-title" className="product-set__title">
        {t('product.set.title')}
      </h2>
      {members.error && !members.data ? (
        <SetLoadError onRetry={members.retry} />
      ) : !members.data ? (
        <div className="set-list">
          {links.map((link) => (
            <SetRowSkeleton key={link.linked_product_sku} />
          ))}
          <span className="visually-hidden" role="status">
            {t('product.set.loading')}
          </span>
        </div>
      ) : rows.length === 0 ? (
        <p className="product-set__empty">{t('product.set.empty')}</p>
      ) : (
        <ul className="set-list">
          {rows.map(({ member, qty }) => (
            <li key={member.sku} className="set-row">
              <ProductImage className="set-row__image" src={member.image} alt="" size="cart" />
              <span className="set-row__text">
                {hasOwnPage(member) ? (
                  <Link className="set-row__name set-row__name--link" to="/$store/$" params={{ store, _splat: member.url_path }} search={{}}>
                    {member.name}
                  </Link>
                ) : (
                  <span className="set-row__name">{member.name}</span>
                )}
                <StockState inStock={member.stock.is_in_stock} />
                {problems.get(member.sku) ? (
                  <span id={`${errorIds}-${member.sku}`} className="set-row__error" role="alert">
                    {problems.get(member.sku)}
                  </span>
                ) : null}
              </span>
              <span className="set-row__price">
                {onQuantity ? (
                  <input
                    className="set-row__qty"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={quantities?.[member.sku] ?? String(qty)}
                    aria-label={t('add.setQuantity', { ns: 'cart', name: member.name })}
                    aria-invalid={problems.has(member.sku) ? true : undefined}
                    aria-describedby={problems.has(member.sku) ? `${errorIds}-${member.sku}` : undefined}
                    onChange={(event) => onQuantity(member.sku, event.target.value)}
                  />
                ) : (
                  <QtyTimes qty={qty} />
                )}{' '}
                <PriceTag product={member} sku={member.sku} compact />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
