/**
 * `PUT /api/uploads/:id`: one photo of a form, sent before the form (the browser's sync task uploads each photo under
 * the form's `X-Task-Id`, then sends the form naming the ids). The body is the raw picture (image/jpeg, image/png,
 * image/webp, image/heic, image/heif or application/octet-stream), at most UPLOAD_MAX_BYTES (413 past it; 415 for
 * another type; 422 `upload_not_picture` when the bytes are no picture). The same id with the same bytes is answered
 * again as the first time (a retry after a lost answer); the same id with other bytes is a 409. Nothing is read back
 * by shoppers: the operator sees the photos in the inbox.
 */
import { DomainError } from '@shop/shared';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { isUploadContentType } from '@shop/shared/forms/image-type';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import { taskIdOf, TASK_ID_HEADER } from '../../plugins/task-receipts.ts';
import type { Throttle } from '../../plugins/throttle.ts';
import type { Db } from '../../storage/database.ts';
import { isUniqueViolation } from '../../storage/engine.ts';
import { tooLargeBody } from './forms.routes.ts';
import { findUpload, insertUpload, type InboxFile } from './inbox.repository.ts';
import { normalisePicture, removeInboxFile, sha256, uploadPath, writeInboxFile } from './uploads.ts';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'];

export interface UploadsRoutesDeps {
  db: Db;
  dataDir: string;
  throttle: Throttle;
  maxBytes: number;
  rate: { max: number; windowSeconds: number };
  now: () => number;
}

function answerOf(file: InboxFile) {
  return {
    code: 200,
    result: { upload_id: file.id, content_type: file.content_type, bytes: Number(file.bytes), ...(file.width === null ? {} : { width: Number(file.width) }), ...(file.height === null ? {} : { height: Number(file.height) }) },
  };
}

function sameUpload(file: InboxFile, hash: string, taskId: string): boolean {
  return file.sha256 === hash && file.task_id === taskId;
}

function reusedId(): DomainError {
  return new DomainError('conflict', 'This upload id was already used for another picture; every picture needs a new id', { status: 409 });
}

export function uploadsRoutes(deps: UploadsRoutesDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.setErrorHandler(tooLargeBody('uploadsTooLarge'));
    // The raw picture, as bytes (only here: every other route keeps the shop's JSON parser).
    app.addContentTypeParser(BODY_TYPES, { parseAs: 'buffer', bodyLimit: deps.maxBytes }, (_request, body, done) => done(null, body));
    const rule = deps.throttle.rule('uploads', { max: deps.rate.max, windowSeconds: deps.rate.windowSeconds });

    app.put(
      '/api/uploads/:id',
      {
        bodyLimit: deps.maxBytes,
        schema: {
          tags: ['forms'],
          summary: 'Uploads one photo of a form (raw body: a JPEG, PNG, WebP or HEIC picture, at most 10 MiB) under the form\'s X-Task-Id; the form names it by id',
          params: { type: 'object', properties: { id: { type: 'string', description: 'A UUID the browser made for the photo' } } },
          headers: { type: 'object', properties: { [TASK_ID_HEADER]: { type: 'string', description: 'The task id of the form the photo belongs to' } } },
          response: {
            200: envelopeSchema({ type: 'object', properties: { upload_id: { type: 'string' }, content_type: { type: 'string' }, bytes: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' } }, required: ['upload_id', 'content_type', 'bytes'] }),
            400: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
            415: errorEnvelopeSchema,
            422: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const id = (request.params as { id: string }).id.toLowerCase();
        if (!UPLOAD_ID.test(id)) throw new DomainError('bad_request', 'The upload id must be a UUID');
        const taskId = taskIdOf(request);
        if (taskId === null) throw new DomainError('bad_request', 'An upload needs the X-Task-Id of the form it belongs to');
        if (!isUploadContentType(request.headers['content-type']) || !Buffer.isBuffer(request.body)) {
          throw new DomainError('bad_request', 'Upload a JPEG, PNG, WebP or HEIC picture as the raw request body', { status: 415, details: { key: 'photoNotPicture' } });
        }
        const body = request.body;
        if (body.length === 0) throw new DomainError('bad_request', FIELD_MESSAGES.required, { details: { fields: [{ path: 'photos', key: 'required', message: FIELD_MESSAGES.required }] } });
        const hash = sha256(body);
        const existing = await findUpload(deps.db, id);
        if (existing) {
          if (!sameUpload(existing, hash, taskId)) throw reusedId();
          return answerOf(existing);
        }
        deps.throttle.refuseWhileWaiting(reply, await rule.peek(request));
        await rule.hit(request);
        const picture = await normalisePicture(body);
        const at = new Date(deps.now());
        const relative = uploadPath(id, hash, picture.contentType, at);
        await writeInboxFile(deps.dataDir, relative, picture.data);
        const file = { id, taskId, contentType: picture.contentType, bytes: picture.data.length, sha256: hash, width: picture.width, height: picture.height, normalised: picture.normalised, path: relative };
        try {
          await insertUpload(deps.db, file, at.getTime());
        } catch (error) {
          // The same upload arriving twice at once: the first row stands; the same picture gets its answer.
          await removeInboxFile(deps.dataDir, relative);
          if (!isUniqueViolation(error)) throw error;
          const winner = await findUpload(deps.db, id);
          if (!winner || !sameUpload(winner, hash, taskId)) throw reusedId();
          return answerOf(winner);
        }
        return answerOf((await findUpload(deps.db, id))!);
      },
    );
  };
}
