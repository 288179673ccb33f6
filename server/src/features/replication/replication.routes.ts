/**
 * `/api/replication/:collection/{pull,push,stream}`: RxDB's replication protocol for the collections of
 * `REPLICATED_COLLECTIONS`, scoped to the owner the request names (owner.ts). A retired collection (`syncTasks`,
 * retired-collections.ts) is still answered by pull and push, with nothing, for one release. Pull and push answer in the envelope
 * (`result` holds RxDB's shape); the stream is server-sent events whose `data` is RxDB's stream item as JSON.
 * The stream is opened with a ticket (`stream-ticket`, stream-tickets.ts) and lives only as long as the credential
 * behind it: it is re-checked every `recheckMs`, and the stream ends once the session ended (logout, a password
 * change), the access token expired or the guest cart was merged; the client opens a new one with a fresh credential.
 */
import type { ServerResponse } from 'node:http';
import { DomainError } from '@shop/shared';
import { COLLECTION_NAMES, isCollectionName, type CollectionName } from '@shop/shared/sync/collections';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { Db } from '../../storage/database.ts';
import type { ChangeFeed } from './change-feed.ts';
import { ownerHeaders, type Owners } from './owner.ts';
import { DEFAULT_PULL_LIMIT, MAX_PULL_LIMIT, MAX_PUSH_ROWS, parsePullQuery, parsePushBody } from './replication.protocol.ts';
import type { ReplicationRepository } from './replication.repository.ts';
import { isRetiredCollection, RETIRED_COLLECTIONS, type RetiredCollection } from './retired-collections.ts';
import { StreamTickets, TICKET_TTL_MS, type StreamCredential } from './stream-tickets.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;
/** How often an open stream checks that its credential is still good (logout, expiry). */
export const STREAM_RECHECK_MS = 5_000;

export interface ReplicationDependencies {
  repository: ReplicationRepository;
  owners: Owners;
  feed: ChangeFeed;
  /** Where the stream tickets are kept (shared by every instance). */
  db: Db;
  now: () => number;
  recheckMs?: number;
}

/** The collections replicated now (whether or not the shared list still names a retired one). */
const REPLICATED = COLLECTION_NAMES.filter((name) => !isRetiredCollection(name));

function collectionParam(value: string): CollectionName {
  if (!isCollectionName(value) || isRetiredCollection(value)) {
    throw new DomainError('not_found', `There is no replicated collection "${value.slice(0, 60)}"; use ${REPLICATED.join(', ')}`, { status: 404 });
  }
  return value;
}

/** Pull and push also answer a retired collection (with nothing); the stream routes do not. */
function answeredCollectionParam(value: string): CollectionName | RetiredCollection {
  return isRetiredCollection(value) ? value : collectionParam(value);
}

const ownerQuery = {
  cartId: { type: 'string', description: 'The guest cart token from POST /api/cart/create' },
  token: { type: 'string', description: 'A customer access token (or send it as Authorization: Bearer)' },
};
const collectionParams = { type: 'object', properties: { collection: { type: 'string', enum: [...REPLICATED] } }, required: ['collection'] };
/** Pull and push: the replicated collections, and the retired ones (answered with nothing for one release). */
const answeredParams = {
  type: 'object',
  properties: { collection: { type: 'string', enum: [...REPLICATED, ...RETIRED_COLLECTIONS], description: `Retired, answered with nothing: ${RETIRED_COLLECTIONS.join(', ')}` } },
  required: ['collection'],
};
const documentSchema = { type: 'object', description: 'A replicated document with `_deleted`', additionalProperties: true };
const checkpointSchema = { type: ['object', 'null'], properties: { id: { type: 'string' }, updatedAt: { type: 'integer' } } };
const refused = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export function replicationRoutes({ repository, owners, feed, db, now, recheckMs = STREAM_RECHECK_MS }: ReplicationDependencies) {
  const tickets = new StreamTickets(db, now);
  /** The owner the credential names now, or null when it no longer names one. */
  const ownerNow = (credential: StreamCredential) =>
    owners.resolve({}, credential.token ? { authorization: `Bearer ${credential.token}` } : { cartId: credential.cartId }).then(
      (resolved) => resolved.owner,
      () => null,
    );
  return async function routes(app: FastifyInstance): Promise<void> {
    const streams = new Set<ServerResponse>();
    // Open streams would keep `app.close()` waiting: end them first.
    app.addHook('onClose', async () => {
      for (const stream of streams) stream.end();
      streams.clear();
      await feed.close();
    });

    app.get<{ Params: { collection: string }; Querystring: Record<string, unknown> }>(
      '/api/replication/:collection/pull',
      {
        schema: {
          tags: ['replication'],
          summary: 'Documents changed after a checkpoint, oldest first, deleted ones with `_deleted: true`',
          params: answeredParams,
          querystring: {
            type: 'object',
            properties: {
              ...ownerQuery,
              updatedAt: { type: 'integer', description: 'Checkpoint time (ms); documents after (updatedAt, id) are answered' },
              id: { type: 'string', description: 'Checkpoint document id' },
              checkpoint: { type: 'string', description: 'Alternatively the checkpoint as JSON {"id","updatedAt"}' },
              limit: { type: 'integer', minimum: 1, maximum: MAX_PULL_LIMIT, default: DEFAULT_PULL_LIMIT },
            },
          },
          response: { 200: envelopeSchema({ type: 'object', properties: { documents: { type: 'array', items: documentSchema }, checkpoint: checkpointSchema } }), ...refused },
        },
      },
      async (request, reply) => {
        const collection = answeredCollectionParam(request.params.collection);
        const { checkpoint, limit } = parsePullQuery(request.query);
        const { owner } = await owners.resolve(request.query, ownerHeaders(request));
        reply.header('cache-control', 'no-store');
        if (isRetiredCollection(collection)) return { code: 200, result: { documents: [], checkpoint } };
        return { code: 200, result: await repository.pull(collection, owner, checkpoint, limit) };
      },
    );

    app.post<{ Params: { collection: string }; Querystring: Record<string, unknown> }>(
      '/api/replication/:collection/push',
      {
        // Answers are usually empty or a few conflicting documents: compressing them costs more than it saves.
        compress: false,
        schema: {
          tags: ['replication'],
          summary: `Writes up to ${MAX_PUSH_ROWS} documents; answers the server's copy of each conflicting one`,
          params: answeredParams,
          querystring: { type: 'object', properties: ownerQuery },
          body: {
            type: 'array',
            items: { type: 'object', properties: { assumedMasterState: { ...documentSchema, type: ['object', 'null'] }, newDocumentState: documentSchema }, required: ['newDocumentState'] },
          },
          response: { 200: envelopeSchema({ type: 'array', items: documentSchema, description: 'Conflicts: the server copies' }), ...refused },
        },
      },
      async (request) => {
        const collection = answeredCollectionParam(request.params.collection);
        const { owner } = await owners.resolve(request.query, ownerHeaders(request));
        const rows = parsePushBody(request.body);
        // A retired collection's documents are dropped unread (no code ever wrote a sync task before the queue existed).
        if (isRetiredCollection(collection)) return { code: 200, result: [] };
        return { code: 200, result: await repository.push(collection, owner, rows) };
      },
    );

    app.post<{ Params: { collection: string }; Querystring: Record<string, unknown> }>(
      '/api/replication/:collection/stream-ticket',
      {
        compress: false,
        schema: {
          tags: ['replication'],
          summary: `A ticket for one stream of this collection (the owner named by the bearer token or X-Cart-Id header), good once within ${TICKET_TTL_MS / 1000} s`,
          params: collectionParams,
          querystring: { type: 'object', properties: ownerQuery },
          response: { 200: envelopeSchema({ type: 'object', properties: { ticket: { type: 'string' }, expiresIn: { type: 'integer' } }, required: ['ticket', 'expiresIn'] }), ...refused },
        },
      },
      async (request, reply) => {
        const collection = collectionParam(request.params.collection);
        const { owner, credential } = await owners.resolve(request.query, ownerHeaders(request));
        reply.header('cache-control', 'no-store');
        return { code: 200, result: await tickets.issue(collection, owner, credential) };
      },
    );

    app.get<{ Params: { collection: string }; Querystring: Record<string, unknown> }>(
      '/api/replication/:collection/stream',
      {
        schema: {
          tags: ['replication'],
          summary: 'Server-sent events: "RESYNC" on every (re)connect, then {documents, checkpoint} per change; ends when the credential behind it no longer holds',
          params: collectionParams,
          querystring: {
            type: 'object',
            properties: { ticket: { type: 'string', description: 'A ticket from POST /api/replication/:collection/stream-ticket (single use)' }, ...ownerQuery },
          },
          response: { 200: { type: 'string', description: 'text/event-stream' }, ...refused },
        },
      },
      async (request, reply) => {
        const collection = collectionParam(request.params.collection);
        const ticket = typeof request.query.ticket === 'string' ? request.query.ticket : '';
        let owner: string;
        let credential: StreamCredential;
        if (ticket) {
          const taken = await tickets.take(ticket, collection);
          if (!taken) throw new DomainError('unauthorized', 'The stream ticket is not valid, was used or has expired: ask for a new one with POST /api/replication/:collection/stream-ticket', { status: 401 });
          // The credential may have ended between the ticket and the stream.
          if ((await ownerNow(taken.credential)) !== taken.owner) throw new DomainError('unauthorized', 'The customer token is not valid or has expired', { status: 401 });
          ({ owner, credential } = taken);
        } else {
          // Without a ticket: the owner in the address, as the spec's compatibility calls (USER_TOKEN_IN_URL) allow.
          ({ owner, credential } = await owners.resolve(request.query, ownerHeaders(request)));
        }
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        const send = (data: unknown) => stream.write(`data: ${JSON.stringify(data)}\n\n`);
        // Whatever happened while the client was away is fetched by a pull, which RESYNC asks for.
        send('RESYNC');
        const unsubscribe = feed.subscribe(collection, owner, ({ documents, checkpoint }) => send({ documents, checkpoint }));
        const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
        keepAlive.unref();
        const stop = () => {
          clearInterval(keepAlive);
          clearInterval(recheck);
          unsubscribe();
          streams.delete(stream);
        };
        // Logout, a password change, an expired token or a merged guest cart end the stream (nothing more is sent).
        let checking = false;
        const recheck = setInterval(() => {
          if (checking) return;
          checking = true;
          void ownerNow(credential).then((still) => {
            checking = false;
            if (still === owner || stream.writableEnded) return;
            stop();
            stream.end();
          });
        }, recheckMs);
        recheck.unref();
        streams.add(stream);
        stream.on('close', stop);
      },
    );
  };
}
