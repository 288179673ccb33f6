/**
 * PostgreSQL notifications for the instances of one shop (LISTEN): the replication log feed (`shop_events`) and the
 * catalogue watcher (`shop_catalogue`) hear through it what another instance committed. One dedicated connection,
 * outside the pool (a pooled connection is handed to others between queries, and LISTEN belongs to a session).
 *
 * A notification is only a hint to look now: listeners always read the database itself, and poll it as well, so a
 * notification lost while the connection was down only delays. A dropped connection is opened again after a
 * growing wait (RECONNECT_MS), for as long as the app runs.
 */
import pg from 'pg';

/** The waits before each new try to connect; the last one repeats. */
export const RECONNECT_MS = [250, 1000, 2000, 5000, 15_000, 30_000];

export class PostgresNotifications {
  private client: pg.Client | null = null;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private failures = 0;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly options: { onError?: (error: Error) => void; onConnect?: () => void } = {},
  ) {}

  /** Calls `listener` with each notification's payload on `channel` (a plain lower-case name); answers the stop. */
  listen(channel: string, listener: (payload: string) => void): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      if (this.client) this.client.query(`listen ${channel}`).catch((error: Error) => this.failed(error));
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Connects (again); a failure is reported and retried later, never thrown. */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'horloge-shop-listen', keepAlive: true });
    client.on('notification', ({ channel, payload }) => this.listeners.get(channel)?.forEach((listener) => listener(payload ?? '')));
    client.on('error', (error) => this.failed(error, client));
    client.on('end', () => this.failed(new Error('the notification connection ended'), client));
    this.client = client;
    try {
      await client.connect();
      for (const channel of this.listeners.keys()) await client.query(`listen ${channel}`);
      if (this.client !== client) return;
      this.failures = 0;
      this.options.onConnect?.();
    } catch (error) {
      this.failed(error as Error, client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    this.reconnect = null;
    const client = this.client;
    this.client = null;
    this.listeners.clear();
    await client?.end().catch(() => undefined);
  }

  private failed(error: Error, client = this.client): void {
    if (this.closed || !client || this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    this.options.onError?.(error);
    const wait = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)]!;
    this.failures++;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.start();
    }, wait);
    this.reconnect.unref();
  }
}
