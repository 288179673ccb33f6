/**
 * Puts the payments feature together for app.ts: the configured provider (the sandbox by default, MultiSafepay or
 * Mollie with their API keys), the shop's payment records and the service the routes call.
 */
import { createHmac } from 'node:crypto';
import { KNOWN_PAYMENT_METHODS } from '@shop/shared/orders/payment-methods';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { OrderPort } from './order-port.ts';
import type { PaymentFetch, PaymentProvider } from './payment-provider.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { PaymentsService } from './payments.service.ts';
import { MollieProvider } from './providers/mollie.ts';
import { MULTISAFEPAY_URLS, MultiSafepayProvider } from './providers/multisafepay.ts';
import { SandboxProvider, type SandboxNotify } from './sandbox/sandbox.provider.ts';

export interface PaymentsFeature {
  service: PaymentsService;
  /** Present when the sandbox is the provider: its hosted page needs it. */
  sandbox: SandboxProvider | null;
}

/** The sandbox's signing key, derived from the shop's secret and kept apart from its other uses. */
export function sandboxSecret(shopSecret: string): string {
  return createHmac('sha256', shopSecret).update('sandbox-payment-notifications').digest('hex');
}

export function createPayments(deps: {
  db: Db;
  orders: OrderPort;
  config: Pick<AppConfig, 'payments' | 'accounts'>;
  /** The token secret (token-secret.ts, loaded once in app.ts); the sandbox signs its notifications with a key from it. */
  secret: string;
  now: () => number;
  /** How the sandbox delivers its notifications (app.ts: to the shop's own route, in-process). */
  sandboxNotify: SandboxNotify;
  fetch?: PaymentFetch;
  log?: FastifyBaseLogger;
}): PaymentsFeature {
  const { payments } = deps.config;
  const fetch = deps.fetch ?? (globalThis.fetch as PaymentFetch);
  let provider: PaymentProvider;
  let sandbox: SandboxProvider | null = null;
  if (payments.provider === 'multisafepay') {
    provider = new MultiSafepayProvider({ apiKey: payments.multisafepay.apiKey!, baseUrl: MULTISAFEPAY_URLS[payments.multisafepay.environment], fetch, now: deps.now });
  } else if (payments.provider === 'mollie') {
    provider = new MollieProvider({ apiKey: payments.mollie.apiKey!, fetch });
  } else {
    const secret = sandboxSecret(deps.secret);
    sandbox = new SandboxProvider(deps.db, { secret, now: deps.now, notify: deps.sandboxNotify });
    provider = sandbox;
  }
  const service = new PaymentsService({
    orders: deps.orders,
    repository: new PaymentsRepository(deps.db, deps.now),
    provider,
    publicUrl: deps.config.accounts.publicUrl,
    basePath: payments.basePath,
    redirectOrigins: payments.redirectOrigins,
    windowMinutes: payments.windowMinutes,
    onlineMethods: KNOWN_PAYMENT_METHODS.filter((method) => method.is_server_method).map((method) => method.code),
    now: deps.now,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return { service, sandbox };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment flow (features/payments): payments, comments, paying again, unpaid orders. */
    payments: PaymentsService;
  }
}
