/** What every public form of the shop passes before its work runs (forms.routes.ts, boutiques.routes.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Throttle } from '../../plugins/throttle.ts';

/**
 * The guard of a public form: the form throttle's wait (FORM_RATE_*), then always the captcha (spec 2 §4: every
 * public form has it; provider `off` passes), spent once.
 */
export function publicFormGuard(throttle: Throttle, config: AppConfig['accounts']['forms']): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const rule = throttle.rule('forms', { max: config.max, windowSeconds: config.windowSeconds });
  return async (request, reply) => {
    throttle.refuseWhileWaiting(reply, await rule.peek(request));
    await throttle.requireCaptcha(request);
    await rule.hit(request);
  };
}
