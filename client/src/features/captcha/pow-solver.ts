/**
 * Solving a proof-of-work challenge (decision content: find a nonce so that sha256(`challenge:nonce`) starts with
 * `difficulty` zero bits) with the shared rule the server checks. In the browser the search runs in a Web Worker,
 * so the page stays responsive; where there is no Worker it runs here in slices, yielding between them.
 */
import { solvePow } from '@shop/shared/content/pow';

/** Hashes per slice: small enough for the page to answer between slices, large enough to be quick. */
export const SLICE = 4000;

export interface SolveRequest {
  challenge: string;
  difficulty: number;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function aborted(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new DOMException('The captcha was abandoned', 'AbortError');
}

/** The captcha token `challenge:nonce` for the challenge, found in slices on this thread. */
export async function solveHere({ challenge, difficulty }: SolveRequest, signal?: AbortSignal): Promise<string> {
  for (let from = 0; ; from += SLICE) {
    if (signal?.aborted) throw aborted(signal);
    const nonce = solvePow(challenge, difficulty, from, SLICE);
    if (nonce !== null) return `${challenge}:${nonce}`;
    await yieldToPage();
  }
}

/** The captcha token for the challenge, found in a Web Worker (or here where there is none). */
export function solve(request: SolveRequest, signal?: AbortSignal): Promise<string> {
  if (typeof Worker === 'undefined') return solveHere(request, signal);
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(aborted(signal));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ token: string }>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      resolve(event.data.token);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      // A worker that cannot start (a strict content policy, say) still leaves the page able to solve.
      solveHere(request, signal).then(resolve, reject);
    };
    worker.postMessage(request);
  });
}
