/**
 * Ownership cases of the boutique and appointment routes (loaded by security/ownership.test.ts, ownership-kit.ts). Boutiques
 * and free slots are the shop's own public information; a booking only adds a new appointment of its sender and
 * answers only that; defining a boutique takes the admin token.
 */
import type { OwnershipCases } from '../ownership-kit.ts';

type Attempt = { method: 'PUT'; path: string; payload: unknown; headers?: Record<string, string> };

const boutique = {
  name: 'Taken over',
  street: 'Nowhere 1',
  zip: '0000 AA',
  city: 'Nowhere',
  country: 'NL',
  timezone: 'Europe/Amsterdam',
  latitude: null,
  longitude: null,
  opening_hours: { weekly: {} },
};

export const BOUTIQUE_CASES: Record<string, { public: string } | { attempts: (owner: unknown, attacker: unknown) => Attempt[] }> = {
  'GET /api/boutiques': { public: 'the shop’s boutiques with address and opening hours' },
  'GET /api/boutiques/{id}/slots': { public: 'free appointment slots: no shopper is named, a taken slot is only left out' },
  'POST /api/forms/appointment': { public: 'a booking only adds its sender’s own appointment and answers only that; a task id of another request is refused (task_id_reused)' },
  // Without the admin token, or with a wrong one, nobody redefines a boutique.
  'PUT /api/admin/boutiques/{id}': {
    attempts: () => [
      { method: 'PUT', path: '/api/admin/boutiques/amsterdam', payload: boutique },
      { method: 'PUT', path: '/api/admin/boutiques/amsterdam', payload: boutique, headers: { authorization: 'Bearer wrong-admin-token' } },
    ],
  },
};

export const ownership: OwnershipCases = { cases: BOUTIQUE_CASES };
