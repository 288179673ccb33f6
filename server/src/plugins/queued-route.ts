/**
 * What the queued routes share besides the receipt itself (task-receipts.ts): the `X-Task-Id` header in their OpenAPI
 * description, and the receipt of a route whose effect is outside the database.
 *
 * A route that calls another service (the newsletter's Mailchimp) cannot put that call in the receipt's transaction:
 * it runs the effect first and keeps the receipt after (`keepAfterEffect`). A task sent again after its answer was
 * lost is then answered from the receipt; two copies arriving at the same moment may both reach the other service,
 * which is why such a route's effect must be safe to repeat (Mailchimp's member PUT is), and the copy whose receipt
 * comes second answers the first one's answer, marked as a replay.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../storage/engine.ts';
import { findReceipt, keepReceipt, replay, TASK_ID_HEADER, type TaskAnswer, type TaskScope } from './task-receipts.ts';

/** The `X-Task-Id` header as a queued route's description names it (`schema.headers.properties`). */
export const TASK_ID_HEADER_DOC = {
  [TASK_ID_HEADER]: {
    type: 'string',
    pattern: '^[A-Za-z0-9:_-]{8,128}$',
    description: 'The sync task id: the same task sent again gets its first answer back (header x-task-replayed: 1) and changes nothing; another request under a used id is a 409 task_id_reused',
  },
} as const;

/**
 * Answers `answer` after an effect outside the database, keeping it as the task's receipt (no receipt without a task
 * id, or for a refusal). A copy of the task that kept its receipt first wins: its answer is sent as a replay.
 */
export async function keepAfterEffect(request: FastifyRequest, reply: FastifyReply, scope: TaskScope, answer: TaskAnswer, now: number): Promise<FastifyReply> {
  try {
    await keepReceipt(request.server.db, request, scope, answer, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await findReceipt(request, scope);
    if (first) return replay(reply, first);
  }
  return reply.status(answer.status).send(answer.body);
}
