import { availableQty, checkQuantity, MAX_LINE_QTY, type QtyStock } from '@shop/shared/cart/index';
import { useId, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { AddToCartRequest } from '../cart/add-to-cart.ts';
import { useCartTexts, useStartedCart } from '../cart/cart-loader.ts';
import { cartProblemText } from '../cart/cart-notices.ts';
import { useAddToCart } from '../cart/use-add-to-cart.ts';
import { useCartLines } from '../cart/use-cart.ts';

/**
 * What the page can add: a request for a quantity (with the sku and stock that bound the quantity, when the page knows
 * them), a reason it cannot (shown beside the disabled button), or not yet known.
 */
export type CartChoice =
  | {
      kind: 'ready';
      request: (qty: number) => AddToCartRequest;
      limits?: { sku: string; stock?: QtyStock | undefined };
      /** Asked on 'Add to cart': false when a field of the page must be filled first (it then says so itself). */
      precheck?: () => boolean;
    }
  | { kind: 'blocked'; reason: string }
  | { kind: 'pending' };

/** How many of a sku the cart holds already, across its lines (a bundle or a size may make several). */
function useInCart(sku: string | undefined): number {
  const lines = useCartLines(useStartedCart());
  if (!sku || !lines) return 0;
  return lines.filter((line) => line.sku === sku).reduce((sum, line) => sum + line.qty, 0);
}

/**
 * Quantity and 'Add to cart' on a product page. When the product cannot be added yet (no variant chosen, a required
 * bundle option empty, no known price) the button is disabled and says why, right under it. The quantity follows the
 * rules of spec 2 §5 as the shopper types (a whole number above 0, below 10000, within the stock beside what the cart
 * holds); while it is refused, the button waits. Grouped products choose their quantities per piece (`withQuantity`).
 */
export function AddToCartControl({ choice, withQuantity = true }: { choice: CartChoice; withQuantity?: boolean }) {
  const { t } = useTranslation();
  const ready = useCartTexts();
  const { add, busy, failed } = useAddToCart();
  const [qty, setQty] = useState(1);
  const [qtyProblem, setQtyProblem] = useState<string | null>(null);
  const reasonId = useId();
  const limits = choice.kind === 'ready' ? choice.limits : undefined;
  const inCart = useInCart(limits?.sku);

  if (!ready) {
    return (
      <div className="add-to-cart" aria-hidden="true">
        <Skeleton height="2.75rem" />
      </div>
    );
  }
  const available = availableQty(limits?.stock);
  const max = available === null ? MAX_LINE_QTY : Math.max(1, Math.min(MAX_LINE_QTY, available - inCart));
  const reason = choice.kind === 'blocked' ? choice.reason : failed ? t('problems.generic', { ns: 'cart' }) : null;
  const disabled = choice.kind !== 'ready' || busy || qtyProblem !== null;
  return (
    <div className="add-to-cart">
      <div className="add-to-cart__row">
        {withQuantity ? (
          <div className="add-to-cart__qty">
            <span aria-hidden="true">{t('add.quantity', { ns: 'cart' })}</span>
            <QuantityStepper
              value={qty}
              max={max}
              label={t('add.quantity', { ns: 'cart' })}
              decreaseLabel={t('add.decrease', { ns: 'cart' })}
              increaseLabel={t('add.increase', { ns: 'cart' })}
              onChange={setQty}
              validate={(text) => {
                const check = checkQuantity(text, { stock: limits?.stock, inCart });
                return check.ok ? null : cartProblemText(t, check.problem);
              }}
              onProblem={setQtyProblem}
            />
          </div>
        ) : null}
        <button
          type="button"
          className="button add-to-cart__button"
          disabled={disabled}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => {
            if (choice.kind !== 'ready' || (choice.precheck && !choice.precheck())) return;
            void add(choice.request(qty));
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
