/**
 * The welcome coupon of one address asked for at the same moment (two shop instances on PostgreSQL, one on SQLite):
 * one code is made, and every caller gets it.
 */
import { describe, expect, it } from 'vitest';
import { appsOnOneDatabase } from '../orders/orders.test-support.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { NewsletterCoupons } from './newsletter-coupons.ts';

const { apps } = await appsOnOneDatabase(fixtureCatalogue());
const coupons = apps.map((app) => new NewsletterCoupons(app.db, () => TEST_NOW.getTime()));

describe('newsletter coupons asked for at the same moment', () => {
  it('make one code per address: one caller creates it, the others get the same code, no error', async () => {
    for (const email of ['race-1@example.com', 'race-2@example.com', 'race-3@example.com']) {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => coupons[i % coupons.length]!.issue(email)));
      expect(answers.filter((answer) => answer.created)).toHaveLength(1);
      expect(new Set(answers.map((answer) => answer.code)).size).toBe(1);
      const made = await apps[0]!.db.selectFrom('coupons').select('code').where('description', 'like', `%${email}`).execute();
      expect(made.map((row) => row.code)).toEqual([answers[0]!.code]);
    }
  });
});
