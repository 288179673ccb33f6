/** Payloads of the captcha calls (GET /api/captcha/config, GET /api/captcha/challenge, POST /api/captcha/verify). */
import { z } from 'zod/mini';

export const CAPTCHA_PROVIDERS = ['pow', 'recaptcha', 'off'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Which captcha the client shows; `siteKey` only for reCAPTCHA. */
export const CaptchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.optional(z.string()),
});
export type CaptchaConfig = z.infer<typeof CaptchaConfigSchema>;

/** A proof-of-work challenge; `expiresAt` is milliseconds since the epoch. */
export const CaptchaChallengeSchema = z.object({
  challenge: z.string(),
  difficulty: z.number(),
  expiresAt: z.number(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** The spec's verify call: `response` is the captcha token (`<challenge>:<nonce>`, or a reCAPTCHA token). */
export const CaptchaVerifyBodySchema = z.object({
  response: z.string().check(z.minLength(1, 'Field is required'), z.maxLength(4000, 'must be at most 4000 characters')),
});

export const CaptchaVerifyResultSchema = z.object({ success: z.boolean() });
