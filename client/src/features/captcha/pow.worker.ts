/** The proof-of-work search off the page's thread: one challenge in, its captcha token out (pow-solver.ts). */
import { solvePow } from '@shop/shared/content/pow';
import type { SolveRequest } from './pow-solver.ts';

// The client is typed for the DOM; of the worker's global scope this file needs only these two.
const scope = self as unknown as { onmessage: ((event: MessageEvent<SolveRequest>) => void) | null; postMessage(message: { token: string }): void };

scope.onmessage = (event) => {
  const { challenge, difficulty } = event.data;
  const nonce = solvePow(challenge, difficulty);
  scope.postMessage({ token: `${challenge}:${nonce}` });
};
