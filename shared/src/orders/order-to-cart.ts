/**
 * An order's lines back into a cart (issue 12: a shopper whose payment did not succeed gets the cart back). Each
 * ordered item becomes the cart item it was made from: the same sku, options and checksum (so it lands on the same
 * line as before), its quantity, and the price the shopper had; the catalogue's current name, picture and address
 * where the product still exists.
 */
import type { CartItemToAdd } from '../cart/cart.ts';
import { cartLineId } from '../cart/checksum.ts';
import type { OrderItem } from '../sync/order.schema.ts';

export interface CartProductInfo {
  name: string;
  image: string;
  url_path: string;
}

export function orderItemsToCart(items: readonly OrderItem[], product: (sku: string) => CartProductInfo | undefined): CartItemToAdd[] {
  return items.map((item) => {
    const current = product(item.sku);
    const cartItem: CartItemToAdd = {
      id: cartLineId(item.sku, item.checksum),
      sku: item.sku,
      checksum: item.checksum,
      type_id: item.type_id,
      qty: item.qty,
      snapshot: { name: current?.name ?? item.name, price_incl_tax: item.price_incl_tax, image: current?.image ?? '', url_path: current?.url_path ?? '' },
    };
    if (item.parentSku !== undefined) cartItem.parentSku = item.parentSku;
    if (item.product_option !== undefined) cartItem.product_option = item.product_option;
    if (item.custom_size !== undefined) cartItem.custom_size = item.custom_size;
    if (item.custom_size_unit !== undefined) cartItem.custom_size_unit = item.custom_size_unit;
    return cartItem;
  });
}
