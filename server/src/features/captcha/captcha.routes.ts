/** The captcha calls: which captcha the client shows, a proof-of-work challenge, and the spec's verify call. */
import { DomainError } from '@shop/shared';
import { CaptchaVerifyBodySchema } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { PowCaptcha, type CaptchaVerifier } from './captcha.ts';

export function captchaRoutes(captcha: CaptchaVerifier) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/captcha/config',
      { schema: { tags: ['content'], summary: "Which captcha the client shows: 'pow', 'recaptcha' (with its site key) or 'off'", response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) } } },
      async () => ({ code: 200, result: captcha.clientConfig() }),
    );

    app.get(
      '/api/captcha/challenge',
      {
        schema: {
          tags: ['content'],
          summary: "A proof-of-work challenge: find a nonce so that sha256(challenge + ':' + nonce) starts with `difficulty` zero bits; send '<challenge>:<nonce>' as the captcha token",
          response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }), 400: errorEnvelopeSchema },
        },
      },
      async (_request, reply) => {
        if (!(captcha instanceof PowCaptcha)) throw new DomainError('bad_request', `The shop uses the ${captcha.provider} captcha, not proof of work`);
        reply.header('cache-control', 'no-store');
        return { code: 200, result: await captcha.challenge() };
      },
    );

    app.post(
      '/api/captcha/verify',
      {
        schema: {
          tags: ['content'],
          summary: 'Checks a captcha token without spending it; result.success',
          body: jsonSchema(CaptchaVerifyBodySchema),
          response: { 200: envelopeSchema({ type: 'object', properties: { success: { type: 'boolean' } } }), 400: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const { response } = parseBody(CaptchaVerifyBodySchema, request.body, 'captcha verification');
        return { code: 200, result: { success: await captcha.check(response, request.ip) } };
      },
    );
  };
}
