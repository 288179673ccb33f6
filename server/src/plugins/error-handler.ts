/**
 * One error handler for the whole API: every error leaves as the `{ code, result: { error, message } }` envelope.
 * Bad input is a 4xx with a message that says what to fix; a 5xx never shows its text or stack to the caller.
 */
import { DomainError, type ApiErrorBody, type ErrorCode } from '@shop/shared';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export function errorBody(status: number, error: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { code: status, result: { error, message, ...(details === undefined ? {} : { details }) } };
}

/** Answers a request no route matched, or resolves false to let the JSON 404 answer it. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      // The catalogue is still loading (at start): clients and proxies are told when to ask again.
      if (error.code === 'catalogue_loading') reply.header('retry-after', String((error.details as { retryAfter: number }).retryAfter));
      return reply.status(error.status).send(errorBody(error.status, error.code, error.message, error.details));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send(errorBody(status, status === 404 ? 'not_found' : 'bad_request', message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'internal', 'Something went wrong, try again in a few seconds'));
  });

}

export function registerNotFoundHandler(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setNotFoundHandler(async (request, reply) => {
    if (await fallback?.(request, reply)) return reply;
    return reply.status(404).send(errorBody(404, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (an address or headers over 16 KB, a malformed request
 * line, a request that took too long) still gets the envelope, not Fastify's bare default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address or headers of the request are too long']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(status, 'bad_request', message));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
