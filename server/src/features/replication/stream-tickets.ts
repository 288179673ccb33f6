/**
 * Tickets for the replication event stream. EventSource cannot send headers, so a credential in the stream's address
 * would end up in logs and browser history: the client asks for a ticket with its bearer token or cart-id header
 * (POST /api/replication/:collection/stream-ticket) and opens the stream with `?ticket=`. A ticket is good for one
 * stream of one collection, once, within `TICKET_TTL_MS`; it lives in this process's memory, as the change feed the
 * stream listens to does (change-feed.ts). The stream keeps the credential the ticket was issued for and re-checks it
 * while it runs (replication.routes.ts).
 */
import { randomBytes } from 'node:crypto';
import type { CollectionName } from '@shop/shared/sync/collections';

export const TICKET_TTL_MS = 60_000;
/** Tickets not taken are forgotten at expiry; at most this many wait at once (the oldest go first). */
const MAX_WAITING = 10_000;

/** What named the owner when the ticket was asked for: re-checked while the stream runs. */
export interface StreamCredential {
  token?: string;
  cartId?: string;
}

interface Ticket {
  collection: CollectionName;
  owner: string;
  credential: StreamCredential;
  expiresAt: number;
}

export class StreamTickets {
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly now: () => number) {}

  issue(collection: CollectionName, owner: string, credential: StreamCredential): { ticket: string; expiresIn: number } {
    this.prune();
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { collection, owner, credential, expiresAt: this.now() + TICKET_TTL_MS });
    return { ticket, expiresIn: Math.round(TICKET_TTL_MS / 1000) };
  }

  /** The ticket's owner and credential, once: null when it is unknown, spent, expired or for another collection. */
  take(ticket: string, collection: CollectionName): { owner: string; credential: StreamCredential } | null {
    const found = this.tickets.get(ticket);
    if (!found) return null;
    this.tickets.delete(ticket);
    if (found.expiresAt <= this.now() || found.collection !== collection) return null;
    return { owner: found.owner, credential: found.credential };
  }

  private prune(): void {
    const now = this.now();
    // Every ticket lives as long, so the oldest expire first.
    for (const [ticket, { expiresAt }] of this.tickets) {
      if (expiresAt > now) break;
      this.tickets.delete(ticket);
    }
    while (this.tickets.size >= MAX_WAITING) this.tickets.delete(this.tickets.keys().next().value!);
  }
}
