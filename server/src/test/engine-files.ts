/**
 * The server test files that the server-pg Vitest project leaves out (vitest.config.ts); every other server test
 * file runs on both engines. Paths are relative to server/. engine-files.test.ts keeps the lists true.
 */

/** Tests that never open a database: running them twice would prove nothing. */
export const NO_DATABASE = [
  'src/server.test.ts',
  'src/config.test.ts',
  'src/cli/shop.test.ts',
  'src/features/replication/event-stream-reader.test.ts',
  'src/cli/round-robin-proxy.test.ts',
  'src/plugins/log-format.test.ts',
  'src/test/no-network.test.ts',
  'src/features/accounts/passwords.test.ts',
  'src/features/captcha/content-config.test.ts',
  'src/features/captcha/pow-node.test.ts',
  'src/features/catalogue/search/search-cache.test.ts',
  'src/features/catalogue/search/text.test.ts',
  'src/features/media/image-resizer.test.ts',
  'src/features/media/media-files.test.ts',
  'src/features/media/product-image.test.ts',
  'src/features/media/svg-kit.test.ts',
  'src/features/newsletter/mailchimp.test.ts',
  'src/features/mail/smtp-sink.test.ts',
  'src/features/orders/order-mail.test.ts',
  'src/storage/seed/generator/generate-catalogue.test.ts',
  'src/storage/seed/content/generate-content.test.ts',
  'src/storage/seed/generator/random.test.ts',
];

/** Tests of SQLite's own machinery, with the reason. */
export const SQLITE_ONLY: Record<string, string> = {
  'src/storage/database.test.ts': "better-sqlite3's statement cache and file modes, and the SQLite schema fixture (sqlite_master)",
  'src/storage/checkpointer.test.ts': "the WAL checkpointer, which PostgreSQL does not need",
};

export const NOT_ON_POSTGRES = [...NO_DATABASE, ...Object.keys(SQLITE_ONLY)];
