/**
 * The sandbox's hosted payment page: GET /sandbox-pay/:paymentId shows it, POST records the payer's choice (a form
 * field `outcome`), which notifies the shop before the payer is sent back (303) to the shop's order-status page.
 * Both need the payment's page key (`?key=` of the gateway address; the form sends it back as a hidden field): a
 * missing or wrong key is the same 404 page as an unknown payment.
 */
import { isLanguage, type Language } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxNotFoundPage, sandboxPaymentPage, SANDBOX_CSP } from './sandbox.page.ts';
import { SANDBOX_KEY_PARAM, SANDBOX_OUTCOMES, SANDBOX_PAGE_PATH, type SandboxOutcome, type SandboxPayment, type SandboxProvider } from './sandbox.provider.ts';

const PAYMENT_ID = /^sbx_[A-Za-z0-9_-]{1,40}$/;

/** ?lang= first, then the browser's preferred language among en, nl and de, else English. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown>).lang;
  if (isLanguage(asked)) return asked;
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'en';
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', SANDBOX_CSP).header('cache-control', 'no-store').send(body);
}

export function sandboxRoutes(sandbox: SandboxProvider) {
  const pageOptions = (payment: SandboxPayment) => ({ finished: sandbox.isFinal(payment), action: `${SANDBOX_PAGE_PATH}/${payment.id}`, key: sandbox.pageKey(payment.id) });
  /** The payment of the page asked for, when the request carries its key (query, or the form's field). */
  const pagePayment = (request: FastifyRequest): Promise<SandboxPayment | null> => {
    const { paymentId } = request.params as { paymentId: string };
    const form = (request.body ?? {}) as Record<string, unknown>;
    const key = form[SANDBOX_KEY_PARAM] ?? (request.query as Record<string, unknown>)[SANDBOX_KEY_PARAM];
    return PAYMENT_ID.test(paymentId) ? sandbox.paymentWithKey(paymentId, key) : Promise.resolve(null);
  };
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(`${SANDBOX_PAGE_PATH}/:paymentId`, { schema: { hide: true } }, async (request, reply) => {
      const language = pageLanguage(request);
      const payment = await pagePayment(request);
      if (!payment) return html(reply, 404, sandboxNotFoundPage(language));
      return html(reply, 200, sandboxPaymentPage(payment, language, pageOptions(payment)));
    });

    app.post(`${SANDBOX_PAGE_PATH}/:paymentId`, { schema: { hide: true } }, async (request, reply) => {
      const language = pageLanguage(request);
      const payment = await pagePayment(request);
      if (!payment) return html(reply, 404, sandboxNotFoundPage(language));
      const outcome = ((request.body ?? {}) as Record<string, unknown>).outcome;
      if (typeof outcome !== 'string' || !Object.hasOwn(SANDBOX_OUTCOMES, outcome)) {
        return html(reply, 400, sandboxPaymentPage(payment, language, pageOptions(payment)));
      }
      const recorded = await sandbox.recordOutcome(payment.id, outcome as SandboxOutcome);
      // A finished payment keeps its outcome: the payer is sent back all the same.
      return reply.status(303).header('cache-control', 'no-store').redirect((recorded ?? payment).redirect_url, 303);
    });
  };
}
