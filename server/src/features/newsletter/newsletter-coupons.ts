/**
 * The newsletter's welcome offer (spec 2 §9: 10% off): one coupon code per e-mail address, stored in the cart's
 * `coupons` table so POST /api/cart/apply-coupon accepts it.
 */
import { randomBytes } from 'node:crypto';
import { NEWSLETTER_COUPON_PERCENT } from '@shop/shared/content/index';
import type { Db } from '../../storage/database.ts';

interface NewsletterCouponsTable {
  email: string;
  coupon_code: string;
  created_at: number;
}

/** Letters and digits that cannot be mistaken for each other when typed from a mail. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = randomBytes(8);
  let code = 'NEWS10-';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}

export class NewsletterCoupons {
  private readonly db;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.withTables<{ newsletter_coupons: NewsletterCouponsTable }>();
  }

  /**
   * The address's coupon code; `created` is true only the first time (then the code is new). The address's row is
   * claimed first (`on conflict do nothing`): two subscriptions of one address at once (two instances) make one code,
   * and the second one answers it.
   */
  async issue(email: string): Promise<{ code: string; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const code = newCode();
      const claimed = await trx.insertInto('newsletter_coupons').values({ email, coupon_code: code, created_at: this.now() }).onConflict((oc) => oc.column('email').doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
        const existing = await trx.selectFrom('newsletter_coupons').select('coupon_code').where('email', '=', email).executeTakeFirstOrThrow();
        return { code: existing.coupon_code, created: false };
      }
      await trx
        .insertInto('coupons')
        .values({ code, kind: 'percent', amount: NEWSLETTER_COUPON_PERCENT, active: 1, description: `${NEWSLETTER_COUPON_PERCENT}% off for newsletter subscriber ${email}` })
        .execute();
      return { code, created: true };
    });
  }
}
