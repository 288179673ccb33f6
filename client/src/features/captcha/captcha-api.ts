/** The captcha calls of the contract: which captcha the shop uses, and a proof-of-work challenge. */
import type { CaptchaChallenge, CaptchaConfig } from '@shop/shared/content/captcha.schema';
import { apiGet } from '../../app/api.ts';

let config: Promise<CaptchaConfig> | undefined;

/** GET /api/captcha/config, asked once per visit (a failure is asked again next time). */
export function captchaConfig(): Promise<CaptchaConfig> {
  config ??= apiGet<CaptchaConfig>('/api/captcha/config').catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

export function captchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return apiGet<CaptchaChallenge>('/api/captcha/challenge', signal);
}
