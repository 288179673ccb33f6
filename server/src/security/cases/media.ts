/** Content pictures (features/media, issue 18): public files, answered as pictures, never as the JSON envelope. */
import type { FuzzHints, OwnershipCases } from '../ownership-kit.ts';

export const ownership: OwnershipCases = {
  cases: {
    'GET /media/content/{name}': { public: 'the magazine’s and CMS pages’ pictures, shown to every visitor' },
  },
};

export const fuzz: FuzzHints = {
  known: () => ({ name: ['trio-navy-1.svg', 'dial-ink-1.svg', '..%2F..%2Fshop.db', 'missing.svg'], size: ['310', '744', 'hero'] }),
  nonJson: { 'GET /media/content/{name}': /^image\// },
};
