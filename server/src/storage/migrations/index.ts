import type { Migration } from 'kysely';
import * as m001 from './001-catalogue.ts';
import * as m002 from './002-catalogue-changes.ts';
import * as m003 from './003-replication.ts';
import * as m004 from './004-accounts.ts';
import * as m005 from './005-content.ts';
import * as m006 from './006-orders.ts';
import * as m007 from './007-payments.ts';
import * as m008 from './008-outbox-queue.ts';
import * as m009 from './009-payment-attempts.ts';
import * as m010 from './010-order-language.ts';
import * as m011 from './011-review-ratings.ts';
import * as m012 from './012-category-thumbnail-landing-page.ts';
import * as m013 from './013-replication-log-head.ts';
import * as m014 from './014-shared-state.ts';
import * as m015 from './015-forms-inbox.ts';
import * as m016 from './016-content-store.ts';
import * as m017 from './017-stock-alerts.ts';

/**
 * Versioned migrations, applied in name order. Never change what a released one builds: add the next number. The
 * only edits allowed are the per-engine helpers of dialect.ts, which build the same SQLite schema (the fixture test).
 */
export const migrations: Record<string, Migration> = {
  '001-catalogue': m001,
  '002-catalogue-changes': m002,
  '003-replication': m003,
  '004-accounts': m004,
  '005-content': m005,
  '006-orders': m006,
  '007-payments': m007,
  '008-outbox-queue': m008,
  '009-payment-attempts': m009,
  '010-order-language': m010,
  '011-review-ratings': m011,
  '012-category-thumbnail-landing-page': m012,
  '013-replication-log-head': m013,
  '014-shared-state': m014,
  '015-forms-inbox': m015,
  '016-content-store': m016,
  '017-stock-alerts': m017,
};
