/** The statistics log (features/stats): public and write-only. */
import type { FuzzHints, OwnershipCases } from '../ownership-kit.ts';

export const ownership: OwnershipCases = {
  cases: {
    'POST /api/stats/log': { public: 'a write-only statistics log without personal data: it answers only that the event was logged' },
  },
};

export const fuzz: FuzzHints = {
  known: () => ({ event: ['product_view', 'search', 'form_view'], term: ['Rolex', 'contact'] }),
};
