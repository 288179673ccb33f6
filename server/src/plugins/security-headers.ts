/**
 * The browser's security headers on every answer (@fastify/helmet): a strict Content-Security-Policy (scripts only
 * from the shop itself, no inline script or style; the payment pages are the providers' own hosted pages, reached by
 * a redirect, so no payment script runs on the shop's pages, as PCI DSS 4.0 6.4.3 asks), no framing by anyone
 * (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), `X-Content-Type-Options: nosniff`, a same-origin Referrer-Policy
 * (an order-status address carries its token) and a Permissions-Policy that turns off what the shop never uses.
 * HSTS only when the shop is served over HTTPS (PUBLIC_URL, or a TLS request). Pages with a policy of their own (the
 * sandbox payment page, the developers' mailbox, SVG images) set it on their route, which replaces this one.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';
export const HSTS = 'max-age=31536000; includeSubDomains';
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export interface SecurityHeaderOptions {
  /** Where shoppers reach the shop (PUBLIC_URL): https means HSTS. */
  publicUrl: string;
  /** Google reCAPTCHA loads its script and frame from Google. */
  recaptcha: boolean;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const servedOverHttps = options.publicUrl.startsWith('https://');
  const recaptcha = options.recaptcha ? RECAPTCHA : [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...recaptcha],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: recaptcha.length ? recaptcha : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS is set below, only over HTTPS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (servedOverHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
