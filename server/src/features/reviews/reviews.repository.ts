/** The `reviews` table (migration 005): product reviews and their moderation status (1 approved, 2 pending, 3 rejected). */
import { percentOfRatings, REVIEW_STATUS, type RatingVote, type Review, type ReviewInput, type ReviewStatus } from '@shop/shared/content/index';
import type { Generated, Selectable } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number | null;
  nickname: string;
  title: string;
  detail: string;
  rating: number;
  /** The votes in percent, as JSON (`[{"percent":80}]`), and their mean (migration 011). */
  ratings: string | null;
  percent: number | null;
  status: number;
  store: string;
  created_at: number;
  updated_at: number;
}

type ReviewRow = Selectable<ReviewsTable>;

/** A review as the shop operator sees it: with its store and author's customer id. */
export interface ModeratedReview extends Review {
  store: string;
  customer_id: number | null;
}

/** A review's votes: as stored, or for a row without them, its stars × 20%. */
function votesOf(row: ReviewRow): RatingVote[] {
  try {
    const votes = JSON.parse(row.ratings ?? 'null') as unknown;
    if (Array.isArray(votes) && votes.length && votes.every((vote) => typeof (vote as RatingVote | null)?.percent === 'number')) return votes.map((vote: RatingVote) => ({ percent: vote.percent }));
  } catch {
    // Not JSON: the stars stand for the votes.
  }
  return [{ percent: Number(row.rating) * 20 }];
}

function toReview(row: ReviewRow): Review {
  const ratings = votesOf(row);
  return {
    id: Number(row.id),
    product_id: Number(row.product_id),
    nickname: row.nickname,
    title: row.title,
    detail: row.detail,
    rating: Number(row.rating),
    ratings,
    percent: row.percent === null ? percentOfRatings(ratings) : Number(row.percent),
    review_status: Number(row.status),
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

function toModerated(row: ReviewRow): ModeratedReview {
  return { ...toReview(row), store: row.store, customer_id: row.customer_id === null ? null : Number(row.customer_id) };
}

export class ReviewsRepository {
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<{ reviews: ReviewsTable }>();
  }

  /** Whether the catalogue holds a product with this id (reviews are for products that exist). */
  async productExists(productId: number): Promise<boolean> {
    return (await this.db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()) !== undefined;
  }

  /**
   * Stores a new review as pending, with its score both as stars and as votes in percent (`reviewScores`); with `trx`,
   * in that transaction (a queued call's work, task-receipts.ts).
   */
  async create(input: Omit<ReviewInput, 'rating' | 'ratings'> & { rating: number; ratings: RatingVote[] }, author: { customerId: number | null; store: string }, trx?: Trx): Promise<Review> {
    const at = this.now();
    const { ratings, ...fields } = input;
    const row = await (trx ? trx.withTables<{ reviews: ReviewsTable }>() : this.db)
      .insertInto('reviews')
      .values({ ...fields, ratings: JSON.stringify(ratings), percent: percentOfRatings(ratings), customer_id: author.customerId, status: REVIEW_STATUS.pending, store: author.store, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toReview(row);
  }

  /** The approved reviews of a product, newest first, with their count and average rating. */
  async approved(productId: number, limit: number): Promise<{ items: Review[]; count: number; average: number | null; average_percent: number | null }> {
    const rows = await this.db
      .selectFrom('reviews')
      .selectAll()
      .where('product_id', '=', productId)
      .where('status', '=', REVIEW_STATUS.approved)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const stats = await this.db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number | null>('rating').as('average'), eb.fn.avg<number | null>('percent').as('average_percent')])
      .where('product_id', '=', productId)
      .where('status', '=', REVIEW_STATUS.approved)
      .executeTakeFirstOrThrow();
    const count = Number(stats.count);
    return {
      items: rows.map(toReview),
      count,
      average: count ? Math.round(Number(stats.average) * 100) / 100 : null,
      average_percent: count ? Math.round(Number(stats.average_percent)) : null,
    };
  }

  /** A customer's own reviews in every status, newest first. */
  async byCustomer(customerId: number, limit: number): Promise<Review[]> {
    const rows = await this.db.selectFrom('reviews').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toReview);
  }

  /** Reviews in one status for moderation, oldest first (the queue order). */
  async withStatus(status: ReviewStatus, limit: number): Promise<ModeratedReview[]> {
    const rows = await this.db.selectFrom('reviews').selectAll().where('status', '=', status).orderBy('id', 'asc').limit(limit).execute();
    return rows.map(toModerated);
  }

  /** Moves a review to a new status; null when there is no such review. */
  async setStatus(id: number, status: ReviewStatus): Promise<ModeratedReview | null> {
    const row = await this.db.updateTable('reviews').set({ status, updated_at: this.now() }).where('id', '=', id).returningAll().executeTakeFirst();
    return row ? toModerated(row) : null;
  }
}
