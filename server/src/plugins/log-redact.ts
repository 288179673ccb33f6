/**
 * Secrets never reach a log line: customer access tokens (`?token=`), guest cart ids (`?cartId=`), order tokens and
 * their status hashes (`/order-status/:token?hash=`), reset-link tokens, stream tickets, the password in an address
 * (DATABASE_URL, SMTP_URL) and the like are replaced by
 * `[redacted]`. The request serializer cleans the address Fastify logs, and every line the logger writes passes
 * `redactLogLine` on its way out, so a token in an error message or a field is caught as well.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential (case-insensitive). */
const SECRET_PARAMS = ['token', 'cartId', 'cart_id', 'hash', 'ticket', 'order_token', 'orderToken', 'refreshToken', 'refresh_token', 'password', 'key', 'signature'];
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'\\\\]*`, 'gi');
/** Path segments that are credentials: an order token, a cart token, a payment page id. */
const SECRET_SEGMENTS = [/(\/order-status\/)(?!by-transaction(?=[/?#"\s]|$))[^/?#\s"'\\]+/g, /(\/cart\/updateall\/)[^/?#\s"'\\]+/g, /(\/sandbox-pay\/)[^/?#\s"'\\]+/g];
/** Credentials written as text: an address's password (`postgres://shop:…@db`), `Bearer …`, `X-Cart-Id: …`. */
const SECRET_TEXT = [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"']*:)[^\s/?#@"']+(?=@)/gi, /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi, /((?:x-cart-id|x-order-token|x-order-hash|x-newsletter-token|x-captcha-token|x-stream-ticket)"?\s*[:=]\s*"?)[^"\s,}]+/gi];

/** The text with every credential it carries in an address (or as a bearer value) replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const pattern of SECRET_SEGMENTS) out = out.replace(pattern, `$1${REDACTED}`);
  for (const pattern of SECRET_TEXT) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/** Fastify's request serializer, with the address cleaned. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(request.socket?.remotePort === undefined ? {} : { remotePort: request.socket.remotePort }),
  };
}

/** A log destination that cleans every line before `out` gets it. */
export function redactingStream(out: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write(line: string): void {
      out.write(redactSecrets(line));
    },
  };
}

/** Header names whose values the logger never prints. */
export const REDACTED_HEADERS = ['authorization', 'cookie', 'x-cart-id', 'x-order-token', 'x-order-hash', 'x-newsletter-token', 'x-captcha-token', 'x-stream-ticket'].map((name) => `req.headers["${name}"]`);
