/**
 * A provider notifies whichever instance the load balancer picks, and retries: the same notification reaching two
 * instances at once is applied once (the payment_notifications key and claimApplied, in the database).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildInstances } from '../../test/instances.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import type { PaymentFetch } from './payment-provider.ts';
import { comments, orderStatus, paymentBody, placeOrder, SHOP, TEST_TOKEN_SECRET } from './payments.test-support.ts';
import { MOLLIE_PAYMENT_ID, molliePayment } from './providers/mollie.fixtures.ts';

describe('a payment notification on two instances', () => {
  it('is applied once: one status change, one comment, one mail', async () => {
    let status = 'open';
    const fetch: PaymentFetch = async (url, init) => {
      if (init.method === 'POST' && url.endsWith('/v2/payments')) return { status: 201, json: async () => molliePayment('open') };
      if (init.method === 'GET' && url.endsWith(`/v2/payments/${MOLLIE_PAYMENT_ID}`)) return { status: 200, json: async () => molliePayment(status) };
      return { status: 404, json: async () => ({ status: 404, title: 'Not Found' }) };
    };
    const [a, b] = (await buildInstances({
      catalogue: fixtureCatalogue(),
      config: (base) => ({
        ...base,
        accounts: { ...base.accounts, tokenSecret: TEST_TOKEN_SECRET, publicUrl: SHOP },
        payments: { ...base.payments, provider: 'mollie', mollie: { ...base.payments.mollie, apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' } },
      }),
      build: { paymentFetch: fetch },
    })) as [FastifyInstance, FastifyInstance];

    const order = await placeOrder(a, { total: 1250 });
    const created = await a.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    expect(created.statusCode, created.body).toBe(200);
    const before = await comments(a, order.id);

    status = 'paid';
    const notify = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/payment/notifications/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${MOLLIE_PAYMENT_ID}` });
    const answers = await Promise.all([notify(a), notify(b), notify(b), notify(a)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);

    expect(await orderStatus(b, order.id)).toBe('processing');
    const added = (await comments(b, order.id)).slice(before.length);
    expect(added.filter((comment) => comment.status === 'processing')).toHaveLength(1);
    const mails = await a.db.withTables<{ outbox: { ref: string | null } }>().selectFrom('outbox').select('ref').where('ref', '=', order.id).execute();
    expect(mails).toHaveLength(1);
  });
});
