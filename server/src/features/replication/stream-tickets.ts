/**
 * Tickets for the replication event stream. EventSource cannot send headers, so a credential in the stream's address
 * would end up in logs and browser history: the client asks for a ticket with its bearer token or cart-id header
 * (POST /api/replication/:collection/stream-ticket) and opens the stream with `?ticket=`. A ticket is good for one
 * stream of one collection, once, within `TICKET_TTL_MS`. The stream keeps the credential the ticket was issued for
 * and re-checks it while it runs (replication.routes.ts).
 *
 * Tickets live in the database (`stream_tickets`, migration 014), so a ticket issued by one server instance opens the
 * stream on another behind a load balancer. The row holds a hash of the ticket, never the ticket, and the credential
 * for at most TICKET_TTL_MS (decision 041): taking a ticket deletes its row, and every issue drops the expired ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CollectionName } from '@shop/shared/sync/collections';
import type { Db } from '../../storage/database.ts';

export const TICKET_TTL_MS = 60_000;

/** What named the owner when the ticket was asked for: re-checked while the stream runs. */
export interface StreamCredential {
  token?: string;
  cartId?: string;
}

export interface StreamTicketsTable {
  /** SHA-256 of the ticket (base64url): the ticket itself is only in the client's hands. */
  ticket_hash: string;
  collection: string;
  owner: string;
  /** The StreamCredential as JSON. */
  credential: string;
  expires_at: number;
}

export class StreamTickets {
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<{ stream_tickets: StreamTicketsTable }>();
  }

  async issue(collection: CollectionName, owner: string, credential: StreamCredential): Promise<{ ticket: string; expiresIn: number }> {
    const now = this.now();
    await this.db.deleteFrom('stream_tickets').where('expires_at', '<=', now).execute();
    const ticket = randomBytes(24).toString('base64url');
    const stored: StreamCredential = credential.token ? { token: credential.token } : { cartId: credential.cartId ?? '' };
    await this.db
      .insertInto('stream_tickets')
      .values({ ticket_hash: hashOf(ticket), collection, owner, credential: JSON.stringify(stored), expires_at: now + TICKET_TTL_MS })
      .execute();
    return { ticket, expiresIn: Math.round(TICKET_TTL_MS / 1000) };
  }

  /** The ticket's owner and credential, once: null when it is unknown, spent, expired or for another collection. */
  async take(ticket: string, collection: CollectionName): Promise<{ owner: string; credential: StreamCredential } | null> {
    // Deleting is the taking: of two instances handed the same ticket at once, only one gets the row back.
    const found = await this.db.deleteFrom('stream_tickets').where('ticket_hash', '=', hashOf(ticket)).returningAll().executeTakeFirst();
    if (!found || Number(found.expires_at) <= this.now() || found.collection !== collection) return null;
    return { owner: found.owner, credential: JSON.parse(found.credential) as StreamCredential };
  }
}

function hashOf(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}
