/**
 * Adding an item (spec 1 §4 "Adding an item", §5, §8), as small steps over injected I/O:
 * 1. validate (price known, product errors, quantity above 0, a missing quantity is 1, text is converted); a grouped
 *    product becomes one line per associated product with a quantity above 0; an invalid item is skipped with an
 *    error notification;
 * 2. check stock; 3. out of stock is refused with the spec's error, volatile stock warns and adds;
 * 4. add (an increment on the matching line, in the local database; cart merge is off, so nothing is merged);
 * 5. create the server cart if needed; 6. sync follows through replication.
 */
import {
  planAddToCart,
  stockCheckOutcome,
  type AddToCartProduct,
  type CartItemToAdd,
  type CartProblem,
} from '@shop/shared/cart/index';
import type { StockStatus } from '@shop/shared';
import type { AddedLine } from './cart.collection.ts';

export type CartNotice = { kind: 'added' } | { kind: 'qtyUpdated' } | { kind: 'problem'; problem: CartProblem };

export interface AddToCartRequest {
  product: AddToCartProduct;
  /** As typed; missing means 1. Grouped products use `qtyBySku` instead. */
  qty?: unknown;
  /** A grouped product's associated products. */
  members?: readonly AddToCartProduct[];
  /** A grouped product: the quantity chosen per associated product (the link's quantity when not chosen). */
  qtyBySku?: Readonly<Record<string, unknown>>;
}

export interface AddToCartSteps {
  checkStock: (sku: string) => Promise<StockStatus>;
  write: (items: readonly CartItemToAdd[]) => Promise<AddedLine[]>;
  /** Creates the server cart when there is none yet (the cart connection). */
  connect: () => void;
  notify: (notice: CartNotice) => void;
  /** Logged, not shown (spec 1 §8: a member that is missing is logged as 'Product not found'). */
  log: (message: string, detail?: unknown) => void;
  /** While true, cart polling does not force a sync (spec 2 §4). */
  setAdding: (adding: boolean) => void;
  rules?: { allowZeroPrice?: boolean; allowOutOfStockInCart?: boolean };
}

export interface AddToCartOutcome {
  added: AddedLine[];
  problems: CartProblem[];
}

export async function addToCartFlow(steps: AddToCartSteps, request: AddToCartRequest): Promise<AddToCartOutcome> {
  const members = new Map((request.members ?? []).map((member) => [member.sku, member]));
  const plan = planAddToCart(request.product, request.qty, {
    member: (sku) => members.get(sku),
    ...(request.qtyBySku ? { qtyBySku: request.qtyBySku } : {}),
    ...(steps.rules?.allowZeroPrice === undefined ? {} : { allowZeroPrice: steps.rules.allowZeroPrice }),
  });
  for (const sku of plan.missing) steps.log('Product not found', { sku });
  const problems: CartProblem[] = [...plan.problems];
  for (const problem of plan.problems) steps.notify({ kind: 'problem', problem });
  if (plan.items.length === 0) return { added: [], problems };

  steps.setAdding(true);
  try {
    const statuses = await Promise.all(plan.items.map((item) => steps.checkStock(item.sku)));
    const accepted: CartItemToAdd[] = [];
    plan.items.forEach((item, index) => {
      const outcome = stockCheckOutcome(statuses[index]!, steps.rules ?? {});
      for (const problem of outcome.problems) {
        const withSku = { ...problem, sku: item.sku };
        problems.push(withSku);
        steps.notify({ kind: 'problem', problem: withSku });
      }
      if (!outcome.blocked) accepted.push(item);
    });
    if (accepted.length === 0) return { added: [], problems };

    const added = await steps.write(accepted);
    steps.connect();
    steps.notify({ kind: added.every((line) => line.existed) ? 'qtyUpdated' : 'added' });
    return { added, problems };
  } finally {
    steps.setAdding(false);
  }
}
