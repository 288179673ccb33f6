/**
 * The developers' mailbox: GET /api/dev/mailbox (JSON, newest first, ?to=) and GET /dev/mailbox (HTML, each mail
 * openable, its attached files listed and downloadable from GET /api/dev/mailbox/:id/attachments/:n). Registered only when the configuration turns it on (not in production unless DEV_MAILBOX=true), so
 * otherwise these paths answer 404.
 */
import { DomainError } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema } from '../../plugins/openapi.ts';
import { MAILBOX_CSP, mailboxListPage, mailboxMailPage } from './mailbox.page.ts';
import type { OutboxRepository } from './outbox.repository.ts';

const LIMIT = 200;

function recipient(query: unknown): string {
  const to = (query as Record<string, unknown>).to;
  if (to === undefined) return '';
  if (typeof to !== 'string' || to.length > 254) throw new DomainError('bad_request', 'to must be one e-mail address');
  return to.trim();
}

function mailId(params: unknown): number {
  const id = (params as { id: string }).id;
  if (!/^\d{1,12}$/.test(id)) throw new DomainError('bad_request', 'The mail id must be a whole number');
  return Number(id);
}

const mailSchema = { type: 'object', additionalProperties: true };

export function mailboxRoutes(outbox: OutboxRepository) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/api/dev/mailbox',
      { schema: { tags: ['system'], summary: "Developers' mailbox: the outbox, newest first (?to= filters by recipient)", response: { 200: envelopeSchema({ type: 'array', items: mailSchema }) } } },
      async (request) => ({ code: 200, result: await outbox.list({ to: recipient(request.query), limit: LIMIT }) }),
    );

    app.get('/api/dev/mailbox/:id', { schema: { tags: ['system'], summary: 'One mail of the outbox' } }, async (request) => {
      const mail = await outbox.byId(mailId(request.params));
      if (!mail) throw new DomainError('not_found', 'No such mail', { status: 404 });
      return { code: 200, result: mail };
    });

    app.get(
      '/api/dev/mailbox/:id/attachments/:n',
      { schema: { tags: ['system'], summary: 'One attached file of a mail (n from 0), as a download', params: { type: 'object', properties: { id: { type: 'string' }, n: { type: 'string' } } } } },
      async (request, reply) => {
        const mail = await outbox.byId(mailId(request.params));
        const n = (request.params as { n: string }).n;
        const file = mail && /^\d{1,3}$/.test(n) ? mail.attachments[Number(n)] : undefined;
        if (!file) throw new DomainError('not_found', 'No such attachment', { status: 404 });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\]/g, '_')}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );

    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      const to = recipient(request.query);
      reply.type('text/html; charset=utf-8').header('content-security-policy', MAILBOX_CSP).header('cache-control', 'no-store');
      return mailboxListPage(await outbox.list({ to, limit: LIMIT }), to);
    });

    app.get('/dev/mailbox/:id', { schema: { hide: true } }, async (request, reply) => {
      const mail = await outbox.byId(mailId(request.params));
      if (!mail) throw new DomainError('not_found', 'No such mail', { status: 404 });
      reply.type('text/html; charset=utf-8').header('content-security-policy', MAILBOX_CSP).header('cache-control', 'no-store');
      return mailboxMailPage(mail);
    });
  };
}
