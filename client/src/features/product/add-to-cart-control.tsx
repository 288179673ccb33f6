import { useId, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { AddToCartRequest } from '../cart/add-to-cart.ts';
import { useCartTexts } from '../cart/cart-loader.ts';
import { useAddToCart } from '../cart/use-add-to-cart.ts';

/** What the page can add: a request for a quantity, a reason it cannot (shown beside the disabled button), or not yet known. */
export type CartChoice = { kind: 'ready'; request: (qty: number) => AddToCartRequest } | { kind: 'blocked'; reason: string } | { kind: 'pending' };

/**
 * Quantity and 'Add to cart' on a product page. When the product cannot be added yet (no variant chosen, a required
 * bundle option empty) the button is disabled and says why, right under it. Grouped products choose their quantities
 * per piece (`withQuantity` false).
 */
export function AddToCartControl({ choice, withQuantity = true }: { choice: CartChoice; withQuantity?: boolean }) {
  const { t } = useTranslation();
  const ready = useCartTexts();
  const { add, busy, failed } = useAddToCart();
  const [qty, setQty] = useState(1);
  const reasonId = useId();

  if (!ready) {
    return (
      <div className="add-to-cart" aria-hidden="true">
        <Skeleton height="2.75rem" />
      </div>
    );
  }
  const reason = choice.kind === 'blocked' ? choice.reason : failed ? t('problems.generic', { ns: 'cart' }) : null;
  const disabled = choice.kind !== 'ready' || busy;
  return (
    <div className="add-to-cart">
      <div className="add-to-cart__row">
        {withQuantity ? (
          <div className="add-to-cart__qty">
            <span aria-hidden="true">{t('add.quantity', { ns: 'cart' })}</span>
            <QuantityStepper
              value={qty}
              label={t('add.quantity', { ns: 'cart' })}
              decreaseLabel={t('add.decrease', { ns: 'cart' })}
              increaseLabel={t('add.increase', { ns: 'cart' })}
              onChange={setQty}
            />
          </div>
        ) : null}
        <button
          type="button"
          className="button add-to-cart__button"
          disabled={disabled}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => {
            if (choice.kind === 'ready') void add(choice.request(qty));
          }}
        >
          {busy ? t('add.adding', { ns: 'cart' }) : t('add.button', { ns: 'cart' })}
        </button>
      </div>
      {reason ? (
        <p id={reasonId} className="add-to-cart__reason" role={failed ? 'alert' : undefined}>
          {reason}
        </p>
      ) : null}
    </div>
  );
}
