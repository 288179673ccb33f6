/** The stream over a real socket (inject cannot hold a response open): Node's http client reads the events. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { closeStreams, connectStream } from './event-stream.test-helper.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

afterAll(closeStreams);
const connect = (path: string) => connectStream(`${base}${path}`);

async function newCart(): Promise<string> {
  return (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
}

describe('GET /api/replication/:collection/stream', () => {
  it('sends RESYNC on connect, then the documents and checkpoint of each change of this cart', async () => {
    const cart = await newCart();
    const other = await newCart();
    const stream = await connect(`/api/replication/wishlist/stream?cartId=${cart}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toBe('RESYNC');

    // Another cart's change and another collection's change are not this stream's business.
    await app.inject({ method: 'POST', url: `/api/replication/wishlist/push?cartId=${other}`, payload: [{ newDocumentState: { ...SAMPLE_DOCS.wishlist, writeId: 'other-1' } }] });
    await app.inject({ method: 'POST', url: `/api/replication/compare/push?cartId=${cart}`, payload: [{ newDocumentState: { ...SAMPLE_DOCS.compare, writeId: 'compare-1' } }] });
    const pushed = await app.inject({ method: 'POST', url: `/api/replication/wishlist/push?cartId=${cart}`, payload: [{ newDocumentState: { ...SAMPLE_DOCS.wishlist, writeId: 'mine-1' } }] });
    expect(pushed.json().result).toEqual([]);

    const event = (await stream.next()) as { documents: Array<Record<string, unknown>>; checkpoint: { id: string; updatedAt: number } };
    const pulled = (await app.inject({ method: 'GET', url: `/api/replication/wishlist/pull?cartId=${cart}` })).json().result;
    expect(event).toEqual({ documents: pulled.documents, checkpoint: pulled.checkpoint });
    expect(event.documents[0]).toMatchObject({ writeId: 'mine-1', _deleted: false });
    stream.close();
  });

  it('tells the cart stream about lines the server quote changes', async () => {
    const cart = await newCart();
    const stream = await connect(`/api/replication/cart/stream?cartId=${cart}`);
    expect(await stream.next()).toBe('RESYNC');
    const updated = await app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cart}`, payload: { cartItem: { sku: 'W-1', qty: 2 } } });
    expect(updated.statusCode).toBe(200);
    const event = (await stream.next()) as { documents: Array<{ sku: string; qty: number; serverItemId: string; ops: Array<{ replica: string }> }> };
    expect(event.documents).toEqual([expect.objectContaining({ sku: 'W-1', qty: 2, serverItemId: '1', ops: [expect.objectContaining({ replica: 'server' })] })]);
    stream.close();
  });

  it('sends RESYNC again on every reconnect', async () => {
    const cart = await newCart();
    const first = await connect(`/api/replication/cart/stream?cartId=${cart}`);
    expect(await first.next()).toBe('RESYNC');
    first.close();
    const second = await connect(`/api/replication/cart/stream?cartId=${cart}`);
    expect(await second.next()).toBe('RESYNC');
    second.close();
  });

  it('refuses a stream without a known cart token, in the envelope', async () => {
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      http.get(`${base}/api/replication/cart/stream?cartId=nope`, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 401, result: { error: expect.any(String), message: expect.stringContaining('cart') } });
  });

  it('lets the server close while streams are open', async () => {
    const closing = await buildTestApp({ catalogue: fixtureCatalogue() });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const cart = (await closing.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
    const port = (closing.server.address() as AddressInfo).port;
    let streaming!: () => void;
    const connected = new Promise<void>((resolve) => (streaming = resolve));
    const ended = new Promise<string>((resolve) => {
      http.get(`http://127.0.0.1:${port}/api/replication/cart/stream?cartId=${cart}`, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
          streaming();
        });
        response.on('end', () => resolve(body));
        response.on('error', () => resolve(body));
      });
    });
    // Closed only once the stream is open (its first event is in), however slow the machine.
    await connected;
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await ended).toContain('RESYNC');
  });
});
