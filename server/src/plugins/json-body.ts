/**
 * JSON request bodies for every route: at most `MAX_JSON_DEPTH` levels of nested objects and arrays. A deeper body is
 * refused with a 400 before it is parsed, so no handler, serializer or log line ever walks it (a body 5,000 levels
 * deep used to answer 500 when it was written back). The app's own parser (Fastify's, which also refuses
 * `__proto__` and `constructor` keys) and the payment routes' raw-text parser both check it.
 *
 * They also refuse a string holding the NUL character (`\u0000`): PostgreSQL text cannot hold it, so a name or a
 * review with one would fail its statement there (a 500); it is refused with a 400 on both engines alike.
 */
import { DomainError } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

export const MAX_JSON_DEPTH = 64;

export function tooDeep(): DomainError {
  return new DomainError('bad_request', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
}

export function nulInString(): DomainError {
  return new DomainError('bad_request', 'The request body holds a NUL character (\\u0000), which the shop does not store');
}

/** Whether a JSON text writes the NUL character in a string or key (`\u0000`; a raw NUL is not valid JSON anyway). */
export function jsonHasNul(text: string): boolean {
  if (!text.includes('\\u0000')) return false;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) {
        if (text.startsWith('u0000', i + 1)) return true;
        i += 1;
      } else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
  }
  return false;
}

/** How deep the objects and arrays of a JSON text nest (strings are skipped), counting up to `limit + 1`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}

export function nulInAddress(): DomainError {
  return new DomainError('bad_request', 'The address holds a NUL character (%00), which the shop does not store');
}

/**
 * The same refusal for the address: a path parameter or query value written `%00` decodes to NUL (HTTP itself has no
 * raw NUL in a request line), so it is refused with a 400 before any route reads it.
 */
export function refuseNulInAddress(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw nulInAddress();
  });
}

/** A JSON body's value: a 400 when it is not JSON, nests too deeply or holds a NUL character. */
export function parseJsonBody(text: string): unknown {
  if (jsonDepthExceeds(text)) throw tooDeep();
  if (jsonHasNul(text)) throw nulInString();
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('bad_request', 'The request body is not valid JSON');
  }
}

/** Replaces the app's JSON parser by Fastify's own with the depth and NUL checks in front. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body)) return done(tooDeep(), undefined);
    if (typeof body === 'string' && jsonHasNul(body)) return done(nulInString(), undefined);
    return parse(request, body as string, done);
  });
}
