/**
 * The customer calls `/api/user/*` (spec 2 §7, the accounts contract). Each validates its body with the shared schema
 * (the spec's field messages), calls the accounts service and answers in the envelope. The access token comes as
 * `Authorization: Bearer <token>` or, when USER_TOKEN_IN_URL is on, as `?token=`.
 */
import { DomainError } from '@shop/shared';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordBodySchema,
  CreateCustomerBodySchema,
  CreatePasswordBodySchema,
  CustomerProfileSchema,
  LoginBodySchema,
  normaliseEmail,
  OrderHistoryQuerySchema,
  RefreshBodySchema,
  ResetPasswordBodySchema,
  UpdateCustomerBodySchema,
} from '@shop/shared/account/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { TASK_ID_HEADER_DOC } from '../../plugins/queued-route.ts';
import { withTaskReceipt } from '../../plugins/task-receipts.ts';
import { CAPTCHA_HEADER } from '../../plugins/throttle.ts';
import { describeIssues } from '../replication/replication.protocol.ts';
import { bearerToken } from '../replication/owner.ts';
import type { AccountsService, CustomerIdentity } from './accounts.service.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf } from '../mail/mail-locale.ts';
import type { AccountThrottle } from './account-throttle.ts';

export interface AccountRoutesOptions {
  tokenInUrl: boolean;
  publicUrl: string;
  /** Throttles of registration (the form throttle) and of passwords and reset requests. */
  throttle: AccountThrottle;
  registration: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The shop's clock (a queued call's receipt is stamped with it); the system clock when unset. */
  now?: () => number;
}

function parse<T>(schema: z.ZodMiniType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input ?? undefined);
  if (!parsed.success) {
    const fields = parsed.error.issues.slice(0, 10).map((issue) => {
      // The shared field checks name their message key (account-fields.ts), which the client translates.
      const key: unknown = 'params' in issue ? issue.params?.key : undefined;
      return { path: issue.path.map(String).join('.'), message: issue.message, ...(typeof key === 'string' ? { key } : {}) };
    });
    throw new DomainError('bad_request', `Invalid ${what}: ${describeIssues(parsed.error)}`, { details: { fields } });
  }
  return parsed.data;
}

const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const captchaHeader = {
  headers: { type: 'object', properties: { [CAPTCHA_HEADER]: { type: 'string', description: 'A solved captcha, when a 403 captcha_required asked for one' } } },
};
const tokenQuery = { type: 'object', properties: { token: { type: 'string', description: 'The access token, when not sent as Authorization: Bearer' } } };
const doc = (summary: string, body: z.core.$ZodType | null, result: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['account'], summary, ...(body ? { body: jsonSchema(body) } : {}), response: { 200: envelopeSchema(result), ...refused }, ...extra },
});
const tokens = { type: 'string', description: 'The access token' };
const profile = jsonSchema(CustomerProfileSchema);
const localeQuery = { querystring: { type: 'object', properties: MAIL_LOCALE_QUERY }, ...captchaHeader };

export function accountRoutes(service: AccountsService, options: AccountRoutesOptions) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const tokenOf = (request: FastifyRequest): string | null => {
      const header = bearerToken(request.headers.authorization);
      if (header) return header;
      const query = request.query as Record<string, unknown>;
      if (!options.tokenInUrl || typeof query.token !== 'string' || !query.token.trim()) return null;
      return query.token.trim();
    };
    const identify = (request: FastifyRequest): Promise<CustomerIdentity> => service.identify(tokenOf(request));

    app.post('/api/user/create', doc('Registers a customer and mails a welcome; answers the profile', CreateCustomerBodySchema, profile, localeQuery), async (request, reply) => {
      const locale = mailLocaleOf(request.query as Record<string, unknown>);
      const body = parse(CreateCustomerBodySchema, request.body, 'registration');
      await options.registration(request, reply);
      return { code: 200, result: await service.register(body, { origin: options.publicUrl, ...locale }) };
    });

    app.post(
      '/api/user/login',
      doc('Logs in; the result is the access token, meta the refresh token and the customer cart (a guest cartId is merged into it)', LoginBodySchema, tokens, captchaHeader),
      async (request, reply) => {
        const body = parse(LoginBodySchema, request.body, 'login');
        const email = normaliseEmail(body.username);
        await options.throttle.beforeLogin(request, reply, email);
        const session = await service.login(body).catch(async (error: unknown) => {
          if (error instanceof DomainError && error.code === 'account_sign_in_incorrect') await options.throttle.loginFailed(request, email);
          throw error;
        });
        await options.throttle.loginSucceeded(request, email);
        return { code: 200, result: session.token, meta: { refreshToken: session.refreshToken, expiresIn: session.expiresIn, cartId: session.cartId } };
      },
    );

    app.post('/api/user/refresh', doc('Spends a refresh token for a new access and refresh token (single use)', RefreshBodySchema, tokens), async (request) => {
      const parsed = RefreshBodySchema.safeParse(request.body ?? undefined);
      // Whatever is wrong with it, the client's token lock reads one answer: the token is not accepted.
      if (!parsed.success) throw new DomainError('account_refresh_refused', ACCOUNT_MESSAGES.refreshRefused, { status: 401 });
      const next = await service.refresh(parsed.data.refreshToken.trim());
      return { code: 200, result: next.token, meta: { refreshToken: next.refreshToken, expiresIn: next.expiresIn } };
    });

    app.post('/api/user/logout', doc("Ends every session of the customer", null, { type: 'boolean' }, { querystring: tokenQuery }), async (request) => {
      await service.logout(await identify(request));
      return { code: 200, result: true };
    });

    app.post(
      '/api/user/reset-password',
      doc('Mails a link to choose a new password (single use, one hour)', ResetPasswordBodySchema, { type: 'boolean' }, localeQuery),
      async (request, reply) => {
        const locale = mailLocaleOf(request.query as Record<string, unknown>);
        const body = parse(ResetPasswordBodySchema, request.body, 'reset request');
        await options.throttle.resetRequested(request, reply, normaliseEmail(body.email));
        await service.requestPasswordReset(body.email, { origin: options.publicUrl, ...locale });
        return { code: 200, result: true };
      },
    );

    app.post('/api/user/create-password', doc("Sets a new password with a reset link's token; every session ends", CreatePasswordBodySchema, { type: 'boolean' }), async (request) => {
      const body = parse(CreatePasswordBodySchema, request.body, 'new password');
      await service.createPassword(body);
      return { code: 200, result: true };
    });

    app.post(
      '/api/user/change-password',
      doc('Changes the password; every other session ends and this device gets new tokens', ChangePasswordBodySchema, { type: 'string' }, { querystring: tokenQuery, ...captchaHeader }),
      async (request, reply) => {
        const identity = await identify(request);
        const body = parse(ChangePasswordBodySchema, request.body, 'password change');
        // A stolen session must not become a way to guess the password: failures count like failed logins.
        const email = await service.emailOf(identity);
        await options.throttle.beforeLogin(request, reply, email);
        const next = await service.changePassword(identity, body).catch(async (error: unknown) => {
          if (error instanceof DomainError && error.code === 'account_current_password_wrong') await options.throttle.loginFailed(request, email);
          throw error;
        });
        return { code: 200, result: ACCOUNT_MESSAGES.passwordChanged, meta: { token: next.token, refreshToken: next.refreshToken, expiresIn: next.expiresIn } };
      },
    );

    app.get('/api/user/me', doc("The customer's profile", null, profile, { querystring: tokenQuery }), async (request, reply) => {
      const identity = await identify(request);
      reply.header('cache-control', 'no-store');
      return { code: 200, result: await service.profile(identity) };
    });

    // A queued call (the sync task queue): the change and its receipt in one transaction, scoped to the customer, so a
    // task sent again is answered with its first answer and another customer cannot replay it (task-receipts.ts).
    app.post(
      '/api/user/me',
      doc('Updates names, e-mail and addresses; answers the profile. Queued: with X-Task-Id, a task sent again gets its first answer', UpdateCustomerBodySchema, profile, {
        querystring: tokenQuery,
        headers: { type: 'object', properties: TASK_ID_HEADER_DOC },
      }),
      async (request, reply) => {
        const identity = await identify(request);
        const body = parse(UpdateCustomerBodySchema, request.body, 'account data');
        return withTaskReceipt(request, reply, { scope: `customer:${identity.customerId}`, ...(options.now ? { now: options.now } : {}) }, async (trx) => ({
          status: 200,
          body: { code: 200, result: await service.updateProfile(identity, body, trx) },
        }));
      },
    );

    app.get(
      '/api/user/order-history',
      doc("The customer's orders, newest first, one per increment id", null, { type: 'object', properties: { items: { type: 'array', items: { type: 'object', additionalProperties: true } }, total_count: { type: 'integer' } } }, {
        querystring: { type: 'object', properties: { ...tokenQuery.properties, pageSize: { type: 'integer', default: 20 }, currentPage: { type: 'integer', default: 1 } } },
      }),
      async (request, reply) => {
        const identity = await identify(request);
        const query = request.query as Record<string, unknown>;
        const page = parse(OrderHistoryQuerySchema, { pageSize: query.pageSize, currentPage: query.currentPage }, 'page');
        reply.header('cache-control', 'no-store');
        return { code: 200, result: await service.orderHistory(identity, page) };
      },
    );
  };
}
