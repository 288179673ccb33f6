import type { StoreCode } from '@shop/shared';
import type { CartLineDoc } from '@shop/shared/cart/index';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../app/api.ts';
import type { ServerCartTotals, TotalsMethods } from './cart-api.ts';
import type { CartRuntime } from './cart-runtime.ts';
import { loadCart } from './cart-loader.ts';

const noSubscription = () => () => {};

/** This tab's cart runtime, once it has started (it starts after the first paint; this waits for it). */
export function useCartRuntime(): { runtime: CartRuntime | null; error: Error | null } {
  const [state, setState] = useState<{ runtime: CartRuntime | null; error: Error | null }>({ runtime: null, error: null });
  useEffect(() => {
    let live = true;
    loadCart().then(
      (runtime) => live && setState({ runtime, error: null }),
      (error: unknown) => live && setState({ runtime: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The server cart's token of this tab's cart, live (null without a server cart or before the cart starts). */
export function useCartToken(runtime: CartRuntime | null): string | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!runtime) return noSubscription();
      const subscription = runtime.connection.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    [runtime],
  );
  return useSyncExternalStore(subscribe, () => runtime?.connection.getSnapshot().context.token ?? null, noToken);
}

const noLines = (): null => null;
const noToken = (): null => null;

/** The lines the cart shows, live from the local database; null while the cart starts or the database opens. */
export function useCartLines(runtime: CartRuntime | null): CartLineDoc[] | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!runtime) return noSubscription();
      const subscription = runtime.lines$.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    [runtime],
  );
  return useSyncExternalStore(subscribe, runtime ? runtime.currentLines : noLines, noLines);
}

/**
 * The server quote's totals for the lines shown, when there is a server cart and a network; null otherwise. Asked
 * again shortly after the lines change (the change reaches the server by replication first) and after `refresh`.
 */
/** A line the shop refused to price, as its totals answered (400): the line's sku, the problem's code and text. */
export interface TotalsRefusal {
  sku: string | null;
  code: string;
  message: string;
}

export function useServerTotals(
  runtime: CartRuntime | null,
  token: string | null,
  lines: readonly CartLineDoc[] | null,
  store: StoreCode,
  online: boolean,
  refresh: number,
  /** The shopper's country the totals are priced for (its currency and VAT); null: the server's location. */
  country: string | null = null,
  /** The checkout's chosen shipping and payment methods. */
  methods?: TotalsMethods,
): { totals: ServerCartTotals | null; refused: TotalsRefusal | null } {
  const [totals, setTotals] = useState<ServerCartTotals | null>(null);
  const [refused, setRefused] = useState<TotalsRefusal | null>(null);
  const quantity = (lines ?? []).reduce((sum, line) => sum + line.qty, 0);
  const linesKey = (lines ?? []).map((line) => `${line.id}:${line.qty}`).join('|');
  const methodsKey = methods ? `${methods.shippingCarrierCode ?? ''}_${methods.shippingMethodCode ?? ''}|${methods.paymentMethod ?? ''}` : '';
  useEffect(() => {
    if (!runtime || !online || !token || quantity === 0) return;
    const controller = new AbortController();
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      attempts += 1;
      runtime.totals(store, controller.signal, country, methods).then(
        (answer) => {
          setTotals(answer);
          setRefused(null);
          // Not yet replicated: ask again in a moment.
          if (answer && answer.items_qty !== quantity && attempts < 4) timer = setTimeout(ask, 1000);
        },
        (error: unknown) => {
          // The shop refuses to price a line (a bundle choice or variant the catalogue no longer offers): say which.
          if (!(error instanceof ApiError) || error.status !== 400) return;
          const sku = (error.details as { sku?: unknown } | undefined)?.sku;
          setRefused({ sku: typeof sku === 'string' ? sku : null, code: error.code, message: error.message });
        },
      );
    };
    timer = setTimeout(ask, 300);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // `methods` counts by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runtime, token, store, online, quantity, linesKey, refresh, country, methodsKey]);
  const live = online && token !== null && quantity > 0;
  // Totals priced for another country (the shopper's changed since) are not the shopper's: they wait for the new ones.
  const forCountry = !country || !totals?.tax_country || totals.tax_country === country;
  return { totals: live && totals && forCountry && totals.items_qty === quantity ? totals : null, refused: live ? refused : null };
}
