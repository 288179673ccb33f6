/**
 * Ownership cases of the stock alert routes (issue 19, features/stock/stock-alerts.routes.ts): every call needs a
 * customer's token; a subscription adds only the caller's own alert, the list shows only the caller's, and another
 * customer's alert cannot be removed (404, exactly like a missing one).
 */
import type { Actor, FuzzHints, OwnershipCases } from '../ownership-kit.ts';

const NO_ALERT = 999_999_999;

function alertOf(owner: Actor): number | null {
  return (owner.extra['stock-alerts'] as { id: number } | undefined)?.id ?? null;
}

export const ownership: OwnershipCases = {
  async own(actor, kit) {
    if (actor.kind !== 'customer') return;
    const subscribed = await kit.ok(kit.call(actor, 'POST', '/api/stock/alerts', { payload: { sku: 'W-4', kind: 'back_in_stock' } }));
    actor.extra['stock-alerts'] = { id: subscribed.json().result.id };
  },
  async snapshot(owner, kit) {
    if (owner.kind !== 'customer') return null;
    return (await kit.ok(kit.call(owner, 'GET', '/api/stock/alerts'))).json().result;
  },
  cases: {
    // Whoever sends it, a subscription is the sender's own (a guest and nobody are refused with a 401).
    'POST /api/stock/alerts': { attempts: () => [{ method: 'POST', path: '/api/stock/alerts', payload: { sku: 'W-4', kind: 'back_in_stock' } }, { method: 'POST', path: '/api/stock/alerts', payload: { sku: 'W-1', kind: 'price_drop' } }] },
    'GET /api/stock/alerts': { attempts: (owner) => [{ method: 'GET', path: '/api/stock/alerts' }, ...(owner.kind === 'customer' ? [{ method: 'GET' as const, path: '/api/stock/alerts', query: `cartId=${owner.cart}` }] : [])] },
    'DELETE /api/stock/alerts/{id}': {
      attempts: (owner) => {
        const id = alertOf(owner);
        return id === null ? [] : [{ method: 'DELETE', path: `/api/stock/alerts/${id}`, expectRefusal: true, likeNothing: { method: 'DELETE', path: `/api/stock/alerts/${NO_ALERT}` } }];
      },
    },
  },
};

export const fuzz: FuzzHints = {
  known: () => ({ sku: ['W-1', 'W-4', 'NO-SUCH'], kind: ['back_in_stock', 'price_drop'], id: ['1', '2', String(NO_ALERT)] }),
};
