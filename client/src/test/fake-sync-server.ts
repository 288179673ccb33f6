/**
 * For tests: an in-memory stand-in for the server's replication and cart-sync endpoints, speaking the same protocol
 * (server/src/features/replication): pull by `(updatedAt, id)` checkpoint, push answering the server's copy of every
 * conflicting row, a write id applied once (a push sent again is answered with the server's copies), server-stamped
 * times, a RESYNC on every stream connect. The owner is a
 * guest cart (the `X-Cart-Id` header) or a customer (a bearer token), as owner.ts resolves it; the stream is opened
 * with a single-use ticket asked for with those headers. It can be taken "offline" to queue writes on the clients, and
 * end a customer's streams and refuse the token (a logout or an expired token on the shop).
 */
import type { ShopDatabase } from '../app/database.ts';
import { testDatabase } from './rxdb-test-utils.ts';
import { EVENT_SOURCE_CLOSED, startReplication, type EventSourceLike, type ReplicationOptions, type ShopReplication } from '../features/sync/replication.ts';

type Doc = Record<string, unknown> & { id: string; updatedAt: number; writeId: string };
interface Stored {
  data: Doc;
  deleted: boolean;
}

class FakeStream implements EventSourceLike {
  readyState = 0;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly key: string,
    private readonly streams: Set<FakeStream>,
  ) {}

  send(data: unknown): void {
    if (this.readyState !== 2) this.onmessage?.({ data: JSON.stringify(data) });
  }

  close(): void {
    this.readyState = 2;
    this.streams.delete(this);
  }

  /** The server ends the stream: the browser tries the same address again, in vain (its ticket is spent). */
  end(): void {
    this.streams.delete(this);
    this.readyState = 0;
    this.onerror?.({});
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (result: unknown) => json(200, { code: 200, result });

export class FakeSyncServer {
  online = true;
  /** Pushes to apply and stream whose answer then never reaches the device (a cut connection after the write). */
  loseAnswers = 0;
  private clock = 1_000;
  private itemIds = 0;
  private readonly carts = new Set<string>();
  /** Customer access tokens → the customer's owner key. */
  private readonly customers = new Map<string, string>();
  private readonly documents = new Map<string, Map<string, Stored>>();
  /** Applied write ids → the owner that wrote them. */
  private readonly applied = new Map<string, string>();
  private readonly streams = new Set<FakeStream>();
  /** Stream tickets not yet used → the `owner/collection` they open. */
  private readonly tickets = new Map<string, string>();
  private ticketCount = 0;
  readonly requests: string[] = [];
  /** Every address a stream was opened with. */
  readonly streamAddresses: string[] = [];

  /** The shop no longer takes this token (it expired, or the session ended), and its streams end. */
  expireToken(token: string): void {
    const owner = this.customers.get(token);
    this.customers.delete(token);
    for (const stream of [...this.streams]) {
      if (owner && stream.key.startsWith(`${owner}/`)) stream.end();
    }
  }

  /** The shop ends every open stream (a restart): the clients open new ones with new tickets. */
  endStreams(): void {
    for (const stream of [...this.streams]) stream.end();
  }

  /** How many streams are open for the owner key. */
  openStreams(owner: string): number {
    return [...this.streams].filter((stream) => stream.key.startsWith(`${owner}/`)).length;
  }

  createCart(): string {
    const token = `cart-${this.carts.size + 1}`;
    this.carts.add(token);
    return token;
  }

  /** A customer: the access token their devices send, and the owner key `list` takes. */
  createCustomer(): { token: string; owner: string } {
    const owner = `customer:${this.customers.size + 1}`;
    const token = `access-${this.customers.size + 1}`;
    this.customers.set(token, owner);
    return { token, owner };
  }

  /** Another access token of the same customer (a login on another device). */
  loginAgain(owner: string): string {
    const token = `access-${this.customers.size + 1}`;
    this.customers.set(token, owner);
    return token;
  }

  /** The owner's documents of a collection (a cart token or a customer's owner key), deleted ones left out. */
  list(collection: string, token: string): Doc[] {
    return [...(this.documents.get(`${token}/${collection}`)?.values() ?? [])].filter((s) => !s.deleted).map((s) => s.data);
  }

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://shop.test');
    this.requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (!this.online) throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/cart/create') return ok(this.createCart());
    const bearer = /^Bearer (\S+)$/.exec(((init?.headers ?? {}) as Record<string, string>).authorization ?? '')?.[1];
    const customer = bearer === undefined ? undefined : this.customers.get(bearer);
    if (bearer !== undefined && !customer) return json(401, { code: 401, result: { error: 'unauthorized', message: 'Your session has expired; please log in again' } });
    const token = customer ?? ((init?.headers ?? {}) as Record<string, string>)['x-cart-id'] ?? '';
    if (!customer && !this.carts.has(token)) return json(401, { code: 401, result: { error: 'unauthorized', message: `Unknown cart token ${token}` } });
    const ticketFor = /^\/api\/replication\/(\w+)\/stream-ticket$/.exec(url.pathname)?.[1];
    if (ticketFor && init?.method === 'POST') {
      const ticket = `ticket-${(this.ticketCount += 1)}`;
      this.tickets.set(ticket, `${token}/${ticketFor}`);
      return ok({ ticket, expiresIn: 60 });
    }
    const match = /^\/api\/replication\/(\w+)\/(pull|push)$/.exec(url.pathname);
    if (!match) return json(404, { code: 404, result: { error: 'not_found', message: 'Not found' } });
    const [, collection, verb] = match as unknown as [string, string, 'pull' | 'push'];
    const key = `${token}/${collection}`;
    if (verb === 'pull') {
      const after = url.searchParams.has('updatedAt') ? { updatedAt: Number(url.searchParams.get('updatedAt')), id: url.searchParams.get('id') ?? '' } : null;
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const docs = [...(this.documents.get(key)?.values() ?? [])]
        .filter(({ data }) => !after || data.updatedAt > after.updatedAt || (data.updatedAt === after.updatedAt && data.id > after.id))
        .sort((a, b) => a.data.updatedAt - b.data.updatedAt || (a.data.id < b.data.id ? -1 : 1))
        .slice(0, limit)
        .map(({ data, deleted }) => ({ ...data, _deleted: deleted }));
      const last = docs.at(-1);
      return ok({ documents: docs, checkpoint: last ? { id: last.id, updatedAt: last.updatedAt } : after });
    }
    const rows = JSON.parse(String(init?.body)) as Array<{ assumedMasterState?: (Doc & { _deleted?: boolean }) | null; newDocumentState: Doc & { _deleted?: boolean } }>;
    const stored = this.documents.get(key) ?? new Map<string, Stored>();
    this.documents.set(key, stored);
    // Like the shop: a write id another owner used is refused, the whole push with it.
    const reused = rows.find(({ newDocumentState }) => this.applied.has(newDocumentState.writeId) && this.applied.get(newDocumentState.writeId) !== token);
    if (reused) return json(400, { code: 400, result: { error: 'bad_request', message: `The write id ${reused.newDocumentState.writeId} was already used; every write needs a new id` } });
    const conflicts: unknown[] = [];
    const written: Array<Doc & { _deleted: boolean }> = [];
    for (const { assumedMasterState: assumed, newDocumentState } of rows) {
      const { _deleted, ...data } = newDocumentState;
      const master = stored.get(data.id);
      if (this.applied.has(data.writeId)) {
        if (master) conflicts.push({ ...master.data, _deleted: master.deleted });
        continue;
      }
      if (master && (!assumed || assumed.writeId !== master.data.writeId || (assumed._deleted === true) !== master.deleted)) {
        conflicts.push({ ...master.data, _deleted: master.deleted });
        continue;
      }
      const next: Doc = { ...data, updatedAt: (this.clock += 1) };
      if (collection === 'cart') {
        // The server owns the item id: the one it handed out stays, a new line gets the next one.
        if (master?.data.serverItemId !== undefined) next.serverItemId = master.data.serverItemId;
        else next.serverItemId = String((this.itemIds += 1));
      }
      stored.set(data.id, { data: next, deleted: _deleted === true });
      this.applied.set(data.writeId, token);
      written.push({ ...next, _deleted: _deleted === true });
    }
    const last = written.at(-1);
    if (last) {
      for (const stream of this.streams) {
        if (stream.key === key) stream.send({ documents: written, checkpoint: { id: last.id, updatedAt: last.updatedAt } });
      }
    }
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      throw new TypeError('Failed to fetch');
    }
    return ok(conflicts);
  };

  openStream = (address: string): EventSourceLike => {
    const url = new URL(address, 'http://shop.test');
    const collection = /^\/api\/replication\/(\w+)\/stream$/.exec(url.pathname)?.[1] ?? '';
    // Like the shop: a ticket is good once, for the collection it was asked for.
    const ticket = url.searchParams.get('ticket') ?? '';
    const key = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    this.streamAddresses.push(address);
    const stream = new FakeStream(key ?? '', this.streams);
    if (!key || key.slice(key.lastIndexOf('/') + 1) !== collection) {
      queueMicrotask(() => {
        stream.readyState = EVENT_SOURCE_CLOSED;
        stream.onerror?.({});
      });
      return stream;
    }
    this.streams.add(stream);
    queueMicrotask(() => {
      stream.readyState = 1;
      stream.send('RESYNC');
    });
    return stream;
  };
}

/**
 * A guest cart's replication of one test device against the fake server: the cart and wishlist, no leader election,
 * quick retries, no window events; `extra` adds or overrides options.
 */
export function replicateAgainst(server: FakeSyncServer, database: ShopDatabase, cartToken: string, extra: Partial<ReplicationOptions> = {}): ShopReplication {
  return startReplication({
    database,
    owner: { cartToken },
    collections: ['cart', 'wishlist'],
    waitForLeadership: false,
    retryTime: 50,
    baseUrl: 'http://shop.test',
    fetch: server.fetch,
    openStream: server.openStream,
    listenForOnline: false,
    ...extra,
  });
}

/** Write ids and times of one test device (a replica), in order. */
export function writer(replica: string) {
  let n = 0;
  return () => ({ id: `${replica}-${(n += 1)}`, at: Date.now() + n, replica });
}

/** One test device: its own local database replicating a guest cart against the fake server. */
export interface TestDevice {
  db: ShopDatabase;
  replication: ShopReplication;
  write: ReturnType<typeof writer>;
}

export async function testDevice(server: FakeSyncServer, token: string, replica = 'phone', extra: Partial<ReplicationOptions> = {}): Promise<TestDevice> {
  const db = await testDatabase();
  return { db, replication: replicateAgainst(server, db, token, extra), write: writer(replica) };
}
