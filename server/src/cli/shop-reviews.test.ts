/** `pnpm shop reviews ...` as an operator runs it: a child process on a temp DATA_DIR holding a few reviews. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReviewsRepository } from '../features/reviews/reviews.repository.ts';
import { migrateToLatest } from '../storage/database.ts';
import { openTestDatabase } from '../test/open-test-database.ts';
import { shopCli } from '../test/shop-cli.ts';

const { work, shop } = shopCli('reviews');

async function withReviews<T>(use: (reviews: ReviewsRepository) => Promise<T>): Promise<T> {
  const db = await openTestDatabase(path.join(work, 'data'));
  try {
    await migrateToLatest(db);
    return await use(new ReviewsRepository(db, () => Date.parse('2026-06-15T12:00:00Z')));
  } finally {
    await db.destroy();
  }
}

describe('pnpm shop reviews', () => {
  it('lists the pending reviews, approves one and rejects another', { timeout: 60_000 }, async () => {
    const empty = await shop('reviews', 'pending');
    expect(empty.code).toBe(0);
    expect(empty.stdout.trim()).toBe('No reviews are waiting for moderation.');

    const [good, spam] = await withReviews(async (reviews) => [
      await reviews.create({ product_id: 1, nickname: 'Jan', title: 'Mooi', detail: 'Loopt precies.', rating: 5, ratings: [{ percent: 100 }] }, { customerId: null, store: 'nl' }),
      await reviews.create({ product_id: 1, nickname: 'Bot', title: 'Cheap watches', detail: 'Visit my site', rating: 1, ratings: [{ percent: 20 }] }, { customerId: null, store: 'en' }),
    ]);

    const pending = await shop('reviews', 'pending');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(`#${good!.id}  product 1  5/5  Jan (nl, 2026-06-15)`);
    expect(pending.stdout).toContain(`#${spam!.id}  product 1  1/5  Bot (en, 2026-06-15)`);
    expect(pending.stdout).toContain('2 reviews waiting');

    const approved = await shop('reviews', 'approve', String(good!.id));
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`Review #${good!.id} (Jan on product 1) is approved and listed.`);
    expect((await shop('reviews', 'reject', String(spam!.id))).code).toBe(0);

    const listed = await withReviews((reviews) => reviews.approved(1, 100));
    expect(listed.items.map((r) => r.id)).toEqual([good!.id]);
    expect((await shop('reviews', 'pending')).stdout.trim()).toBe('No reviews are waiting for moderation.');
  });

  it('says what is wrong with an unknown review or a wrong command', { timeout: 60_000 }, async () => {
    const unknown = await shop('reviews', 'approve', '99999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no review #99999.');
    const notANumber = await shop('reviews', 'reject', 'abc');
    expect(notANumber.code).toBe(2);
    expect(notANumber.stderr).toContain('The review id must be a whole number, not "abc"');
    const missing = await shop('reviews', 'approve');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage:');
  });
});
