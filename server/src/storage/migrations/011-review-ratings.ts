import { sql, type Kysely } from 'kysely';

/**
 * `reviews.ratings` and `reviews.percent` (spec 1 §3 'Review': ratings (percent)): a review's votes in percent as
 * JSON, and their mean. Reviews written before had stars only: one vote of stars × 20%.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('ratings', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('percent', 'integer').execute();
  await sql`update reviews set percent = rating * 20, ratings = '[{"percent":' || (rating * 20) || '}]'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('percent').execute();
  await db.schema.alterTable('reviews').dropColumn('ratings').execute();
}
