/**
 * Two server instances on one database (test/instances.ts), as behind a round-robin load balancer: a stream ticket
 * issued by one opens the stream on the other, and a write through one reaches the streams of the other (PostgreSQL:
 * the log feed; SQLite runs one instance).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInstances } from '../../test/instances.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { testEngine } from '../../test/test-database.ts';
import { closeStreams, connectStream } from './event-stream.test-helper.ts';

afterAll(closeStreams);

const [a, b] = (await buildInstances({ catalogue: fixtureCatalogue() })) as [FastifyInstance, FastifyInstance];
const baseOf = async (app: FastifyInstance) => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

async function newCart(app: FastifyInstance): Promise<string> {
  return (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
}

async function ticketFrom(app: FastifyInstance, collection: string, cart: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: `/api/replication/${collection}/stream-ticket`, headers: { 'x-cart-id': cart } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.ticket;
}

describe('stream tickets across instances', () => {
  it('a ticket issued by one instance opens the stream on the other, once, and only for its collection', async () => {
    const cart = await newCart(a);
    const ticket = await ticketFrom(a, 'wishlist', cart);
    const stream = await connectStream(`${await baseOf(b)}/api/replication/wishlist/stream?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toBe('RESYNC');
    stream.close();
    // Spent, on whichever instance it comes back to.
    expect((await connectStream(`${await baseOf(a)}/api/replication/wishlist/stream?ticket=${ticket}`)).status).toBe(401);
    expect((await connectStream(`${await baseOf(b)}/api/replication/wishlist/stream?ticket=${ticket}`)).status).toBe(401);

    const other = await ticketFrom(b, 'wishlist', cart);
    expect((await connectStream(`${await baseOf(a)}/api/replication/cart/stream?ticket=${other}`)).status).toBe(401);
    expect((await connectStream(`${await baseOf(a)}/api/replication/wishlist/stream?ticket=${other}`)).status).toBe(401);
  });

  it('keeps a hash of the ticket only, and no row once it is taken', async () => {
    const cart = await newCart(a);
    const ticket = await ticketFrom(b, 'cart', cart);
    const rows = await a.db.withTables<{ stream_tickets: { ticket_hash: string } }>().selectFrom('stream_tickets').select('ticket_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.ticket_hash)).not.toContain(ticket);
    const stream = await connectStream(`${await baseOf(a)}/api/replication/cart/stream?ticket=${ticket}`);
    expect(await stream.next()).toBe('RESYNC');
    stream.close();
    expect(await a.db.withTables<{ stream_tickets: { owner: string } }>().selectFrom('stream_tickets').select('owner').where('owner', 'like', `%${cart}%`).execute()).toEqual([]);
  });
});

describe.runIf(testEngine() === 'postgres')('stream delivery across instances (PostgreSQL: LISTEN and the log)', () => {
  it("a push through one instance reaches the other instance's stream, and each stream gets each change once", async () => {
    const cart = await newCart(a);
    const onB = await connectStream(`${await baseOf(b)}/api/replication/wishlist/stream?ticket=${await ticketFrom(b, 'wishlist', cart)}`);
    const onA = await connectStream(`${await baseOf(a)}/api/replication/wishlist/stream?ticket=${await ticketFrom(a, 'wishlist', cart)}`);
    expect(await onB.next()).toBe('RESYNC');
    expect(await onA.next()).toBe('RESYNC');

    const pushed = await a.inject({ method: 'POST', url: `/api/replication/wishlist/push?cartId=${cart}`, payload: [{ newDocumentState: { ...SAMPLE_DOCS.wishlist, writeId: 'across-1' } }] });
    expect(pushed.json().result).toEqual([]);
    const pulled = (await b.inject({ method: 'GET', url: `/api/replication/wishlist/pull?cartId=${cart}` })).json().result;
    // Within a poll of the log at most (the notification usually brings it sooner).
    expect(await onB.next(5000)).toEqual({ documents: pulled.documents, checkpoint: pulled.checkpoint });
    expect(await onA.next()).toEqual({ documents: pulled.documents, checkpoint: pulled.checkpoint });
    expect(pulled.documents[0]).toMatchObject({ writeId: 'across-1' });

    // And the other way round; the instance that wrote does not hand its own write out again when its log poll
    // comes by it.
    const back = await b.inject({ method: 'POST', url: `/api/replication/wishlist/push?cartId=${cart}`, payload: [{ assumedMasterState: pulled.documents[0], newDocumentState: { ...pulled.documents[0], writeId: 'across-2', _deleted: true } }] });
    expect(back.json().result).toEqual([]);
    const fromB = (await onB.next()) as { documents: Array<{ writeId: string; _deleted: boolean }> };
    const toA = (await onA.next(5000)) as { documents: Array<{ writeId: string; _deleted: boolean }> };
    expect(fromB.documents).toEqual([expect.objectContaining({ writeId: 'across-2', _deleted: true })]);
    expect(toA).toEqual(fromB);
    await expect(onA.next(2500)).rejects.toThrow('no event');
    await expect(onB.next(100)).rejects.toThrow('no event');
    onA.close();
    onB.close();
  });
});
