import { z } from 'zod/mini';
import type { ErrorCode } from '../errors.ts';

/** Every API answer is `{ code, result, meta? }` with the HTTP status equal to `code` (ARCHITECTURE §3). */
export interface ApiSuccess<T> {
  code: number;
  result: T;
  meta?: Record<string, unknown>;
}

export interface ApiErrorBody {
  code: number;
  result: { error: ErrorCode; message: string; details?: unknown };
}

export const ApiErrorSchema = z.object({
  code: z.number(),
  result: z.object({ error: z.string(), message: z.string(), details: z.optional(z.unknown()) }),
});
