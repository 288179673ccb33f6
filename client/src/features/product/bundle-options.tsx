import type { Product } from '@shop/shared';
import { useTranslation } from '../../app/i18n.ts';
import type { Resource } from '../../app/resource.ts';
import { PriceTag, type PriceFields } from '../catalogue/price-tag.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { BundleOption, BundleSelection } from './product-sets.ts';
import { QtyTimes, SetLoadError, SetRowSkeleton, StockState } from './set-parts.tsx';

interface BundleOptionsProps {
  /** Sorted options (see sortedBundleOptions). */
  options: readonly BundleOption[];
  members: Resource<Product[]>;
  membersBySku: ReadonlyMap<string, Product>;
  selection: BundleSelection;
  total: PriceFields | undefined;
  onChoose: (option: BundleOption, linkId: number | null) => void;
}

/**
 * One fieldset per bundle option: radios for 'radio' and 'select' options, checkboxes for 'checkbox' ones, each
 * choice with its picture, name, stock, qty and price; the total of the shopper's choice below, read out as it changes.
 */
export function BundleOptions({ options, members, membersBySku, selection, total, onChoose }: BundleOptionsProps) {
  const { t } = useTranslation();
  if (members.error && !members.data) {
    return (
      <div className="product-set">
        <SetLoadError onRetry={members.retry} />
      </div>
    );
  }
  return (
    <div className="product-set bundle-options" aria-busy={members.loading}>
      {options.map((option) => {
        const links = members.data ? option.product_links.filter((link) => membersBySku.has(link.sku)) : option.product_links;
        if (links.length === 0) return null;
        const chosen = selection[option.option_id] ?? [];
        const multiple = option.type === 'checkbox';
        const name = `bundle-option-${option.option_id}`;
        return (
          <fieldset key={option.option_id} className="bundle-option">
            <legend className="bundle-option__legend">
              <span className="bundle-option__title">{option.title}</span>{' '}
              <span className={`bundle-option__need${option.required ? ' bundle-option__need--required' : ''}`}>
                {option.required ? t('product.bundle.required') : t('product.bundle.optional')}
              </span>
            </legend>
            <ul className="set-list">
              {links.map((link) => {
                const member = membersBySku.get(link.sku);
                if (!member) {
                  return (
                    <li key={link.id}>
                      <SetRowSkeleton withControl />
                    </li>
                  );
                }
                const inputId = `${name}-${link.id}`;
                return (
                  <li key={link.id}>
                    <label className="set-row set-row--control bundle-choice" htmlFor={inputId}>
                      <input
                        id={inputId}
                        className="set-row__control"
                        type={multiple ? 'checkbox' : 'radio'}
                        name={name}
                        value={link.id}
                        checked={chosen.includes(link.id)}
                        onChange={() => onChoose(option, link.id)}
                      />
                      <ProductImage className="set-row__image" src={member.image} alt="" size="cart" />
                      <span className="set-row__text">
                        <span className="set-row__name">{member.name}</span>
                        <StockState inStock={member.stock.is_in_stock} />
                      </span>
                      <span className="set-row__price">
                        <QtyTimes qty={link.qty} /> <PriceTag product={member} sku={member.sku} compact />
                      </span>
                    </label>
                  </li>
                );
              })}
              {!multiple && !option.required && members.data ? (
                <li>
                  <label className="set-row set-row--control bundle-choice bundle-choice--none" htmlFor={`${name}-none`}>
                    <input id={`${name}-none`} className="set-row__control" type="radio" name={name} value="" checked={chosen.length === 0} onChange={() => onChoose(option, null)} />
                    <span className="set-row__text">
                      <span className="set-row__name">{t('product.bundle.none')}</span>
                    </span>
                  </label>
                </li>
              ) : null}
            </ul>
            {multiple && option.required && members.data && chosen.length === 0 ? (
              <p className="bundle-option__error" role="alert">
                {t('product.bundle.chooseAtLeastOne')}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="bundle-total" role="status" aria-live="polite" aria-atomic="true">
        <span className="bundle-total__label">{t('product.bundle.total')}</span>
        {total ? <PriceTag product={total} /> : <Skeleton width="5rem" height="1.1rem" />}
      </div>
    </div>
  );
}
