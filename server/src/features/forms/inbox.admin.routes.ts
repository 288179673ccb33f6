/**
 * The operator's inbox over HTTP (ADMIN_TOKEN bearer, like the review moderation): what came in through the forms,
 * one submission with its photos and appointment, a photo's bytes (as a download, never shown inline), marking it
 * handled, canceling an appointment (its slot is free again), erasing its personal data now, and the custom forms'
 * definitions.
 */
import { DomainError } from '@shop/shared';
import { CustomFormDefinitionSchema, FormSlugSchema } from '@shop/shared/forms/custom-form.schema';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { Db } from '../../storage/database.ts';
import { adminGuard } from '../admin/admin-guard.ts';
import { parseBody } from '../cart/cart.schema.ts';
import { cancelAppointment, getSubmission, listSubmissions, markHandled, putFormDefinition, SUBMISSION_KINDS, type InboxFilter, type SubmissionKind } from './inbox.repository.ts';
import { eraseSubmission } from './retention.ts';
import { readInboxFile } from './uploads.ts';

const anyObject = { type: 'object', additionalProperties: true };
const refused = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const idParams = { type: 'object', properties: { id: { type: 'string' } } };

function submissionId(params: unknown): number {
  const id = (params as { id: string }).id;
  if (!/^\d{1,12}$/.test(id)) throw new DomainError('bad_request', 'The submission id must be a whole number');
  return Number(id);
}

function notFound(): DomainError {
  return new DomainError('not_found', 'There is no submission with this id', { status: 404 });
}

/** `?kind=&status=&since=YYYY-MM-DD&limit=` of the list (also the CLI's options). */
export function inboxFilterOf(query: Record<string, unknown>): InboxFilter {
  const filter: InboxFilter = {};
  if (query.kind !== undefined && query.kind !== '') {
    if (!SUBMISSION_KINDS.includes(query.kind as SubmissionKind)) throw new DomainError('bad_request', `kind must be one of ${SUBMISSION_KINDS.join(', ')}`);
    filter.kind = query.kind as SubmissionKind;
  }
  if (query.status !== undefined && query.status !== '') {
    if (query.status !== 'new' && query.status !== 'handled') throw new DomainError('bad_request', 'status must be new or handled');
    filter.status = query.status;
  }
  if (query.since !== undefined && query.since !== '') {
    const since = typeof query.since === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(query.since) ? Date.parse(`${query.since}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(since)) throw new DomainError('bad_request', 'since must be a date such as 2026-05-01');
    filter.since = since;
  }
  if (query.limit !== undefined && query.limit !== '') {
    if (typeof query.limit !== 'string' || !/^\d{1,5}$/.test(query.limit) || Number(query.limit) < 1) throw new DomainError('bad_request', 'limit must be a whole number from 1 to 99999');
    filter.limit = Number(query.limit);
  }
  return filter;
}

export function inboxAdminRoutes(deps: { db: Db; dataDir: string; adminToken: string | null; now: () => number }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', adminGuard(deps.adminToken));

    app.get(
      '/api/admin/inbox',
      { schema: { tags: ['admin'], summary: 'Form submissions, newest first (?kind=&status=new|handled&since=YYYY-MM-DD&limit=); Authorization: Bearer ADMIN_TOKEN', response: { 200: envelopeSchema({ type: 'array', items: anyObject }), ...refused } } },
      async (request) => ({ code: 200, result: await listSubmissions(deps.db, inboxFilterOf(request.query as Record<string, unknown>)) }),
    );

    app.get('/api/admin/inbox/:id', { schema: { tags: ['admin'], summary: 'One submission with its photos and appointment', params: idParams, response: { 200: envelopeSchema(anyObject), ...refused } } }, async (request) => {
      const found = await getSubmission(deps.db, submissionId(request.params));
      if (!found) throw notFound();
      return { code: 200, result: found };
    });

    app.get(
      '/api/admin/inbox/:id/files/:fileId',
      { schema: { tags: ['admin'], summary: "A submission's photo, as a download", params: { type: 'object', properties: { id: { type: 'string' }, fileId: { type: 'string' } } }, response: refused } },
      async (request, reply) => {
        const found = await getSubmission(deps.db, submissionId(request.params));
        const file = found?.files.find((candidate) => candidate.id === (request.params as { fileId: string }).fileId);
        if (!file) throw new DomainError('not_found', 'There is no such file', { status: 404 });
        const bytes = await readInboxFile(deps.dataDir, file.path).catch(() => {
          throw new DomainError('not_found', 'There is no such file', { status: 404 });
        });
        return reply
          .header('content-type', file.content_type)
          .header('content-disposition', `attachment; filename="${file.id}.${file.path.split('.').pop() ?? 'bin'}"`)
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );

    app.post('/api/admin/inbox/:id/handled', { schema: { tags: ['admin'], summary: 'Marks a submission handled', params: idParams, response: { 200: envelopeSchema(anyObject), ...refused } } }, async (request) => {
      const id = submissionId(request.params);
      if (!(await markHandled(deps.db, id, deps.now()))) throw notFound();
      return { code: 200, result: { id, status: 'handled' } };
    });

    app.post('/api/admin/inbox/:id/cancel', { schema: { tags: ['admin'], summary: "Cancels a submission's appointment: its slot is free again", params: idParams, response: { 200: envelopeSchema(anyObject), ...refused } } }, async (request) => {
      const id = submissionId(request.params);
      if (!(await cancelAppointment(deps.db, id, deps.now()))) throw new DomainError('not_found', 'There is no active appointment for this submission', { status: 404 });
      return { code: 200, result: { id, canceled: true } };
    });

    app.delete('/api/admin/inbox/:id', { schema: { tags: ['admin'], summary: "Erases a submission's personal data and photos now (an erasure request); the count stays", params: idParams, response: { 200: envelopeSchema(anyObject), ...refused } } }, async (request) => {
      const id = submissionId(request.params);
      if (!(await eraseSubmission(deps.db, deps.dataDir, id, deps.now()))) throw notFound();
      return { code: 200, result: { id, erased: true } };
    });

    app.put(
      '/api/admin/forms/:slug',
      { schema: { tags: ['admin'], summary: 'Creates or replaces a custom form ({ definition, active? }); shown at /{store}/forms/{slug}', params: { type: 'object', properties: { slug: { type: 'string' } } }, response: { 200: envelopeSchema(anyObject), ...refused } } },
      async (request) => {
        const slug = FormSlugSchema.safeParse((request.params as { slug: string }).slug);
        if (!slug.success) throw new DomainError('bad_request', 'The form name must be lower-case words joined by hyphens');
        const body = (request.body ?? {}) as { definition?: unknown; active?: unknown };
        const definition = parseBody(CustomFormDefinitionSchema, body.definition, 'form definition');
        await putFormDefinition(deps.db, slug.data, definition, body.active !== false, deps.now());
        return { code: 200, result: { slug: slug.data, active: body.active !== false } };
      },
    );
  };
}
