/**
 * The stock alert calls (issue 19): subscribing and removing are queued calls (sync tasks, sent with the customer's
 * token when they go out), so a request made offline waits on this device and is never dropped; the list is read
 * online with the customer's token (the API gate adds it).
 */
import type { StockAlert, StockAlertKind, StoreCode } from '@shop/shared';
import { shopperLocaleQuery } from '@shop/shared/stores/shopper-locale';
import i18next from 'i18next';
import { apiGet } from '../../app/api.ts';
import { sessionReady } from '../account/session-loader.ts';
import { queuedCall } from '../sync/queued-call.ts';

export const ALERTS_PATH = '/api/stock/alerts';

/** Subscribes the logged-in customer: the alert, or 'queued' while it waits on this device for the connection. */
export async function subscribeStockAlert(input: { sku: string; kind: StockAlertKind }, store: StoreCode): Promise<StockAlert | 'queued'> {
  await sessionReady();
  const answer = await queuedCall({
    kind: 'stockAlert',
    url: `${ALERTS_PATH}?token={{token}}&${shopperLocaleQuery(store, i18next.language)}`,
    method: 'POST',
    body: input,
    auth: 'customer',
    callbackEvent: `alerts:notices.${input.kind === 'price_drop' ? 'priceDropSaved' : 'backInStockSaved'}`,
  });
  return answer.kind === 'queued' ? 'queued' : (answer.result as StockAlert);
}

/** Removes one alert: 'removed', or 'queued' while the request waits on this device. */
export async function removeStockAlert(id: number): Promise<'removed' | 'queued'> {
  await sessionReady();
  // A task is always sent as JSON: an empty object, as a JSON request without a body is refused.
  const answer = await queuedCall({ kind: 'stockAlert', url: `${ALERTS_PATH}/${id}?token={{token}}`, method: 'DELETE', body: {}, auth: 'customer', callbackEvent: 'alerts:notices.removed' });
  return answer.kind === 'queued' ? 'queued' : 'removed';
}

export async function myStockAlerts(signal?: AbortSignal): Promise<StockAlert[]> {
  await sessionReady();
  return apiGet<StockAlert[]>(ALERTS_PATH, signal);
}
