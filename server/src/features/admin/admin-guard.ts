/**
 * The shop operator's calls are guarded by ADMIN_TOKEN as a bearer token, compared in constant time. Without a
 * configured token every admin call answers 403: an unconfigured shop has no admin door at all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../replication/owner.ts';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function adminGuard(adminToken: string | null): (request: FastifyRequest) => Promise<void> {
  const expected = adminToken ? digest(adminToken) : null;
  return async (request) => {
    if (!expected) throw new DomainError('forbidden', 'Admin calls are turned off: set ADMIN_TOKEN to use them', { status: 403 });
    const given = bearerToken(request.headers.authorization);
    // Digests of equal length, so neither the comparison nor an early length check tells how close a guess was.
    if (!given || !timingSafeEqual(digest(given), expected)) throw new DomainError('forbidden', 'The admin token is missing or wrong', { status: 403 });
  };
}
