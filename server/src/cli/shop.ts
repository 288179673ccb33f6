/**
 * `pnpm shop <command>`: the shop operator's commands, run against DATA_DIR like the server.
 *
 *   pnpm shop import <file> [--replace]   check a catalogue file and load it (upsert; --replace empties first)
 *   pnpm shop export <file>               write the stored catalogue in the same format
 *   pnpm shop reviews pending              list the reviews waiting for moderation
 *   pnpm shop reviews approve|reject <id>  publish or turn down a review
 *   pnpm shop serve [--instances N]        run N instances behind a round-robin proxy (serve.ts)
 *   pnpm shop migrate-to-postgres          move the SQLite shop into the PostgreSQL database DATABASE_URL names
 *   pnpm shop backup <file>                a consistent copy of the SQLite database (on PostgreSQL: says how with pg_dump)
 *   pnpm shop boutiques list|import <file> the boutiques of the store locator and the appointment book (boutiques.ts)
 *   pnpm shop inbox ... / forms ...        the forms' inbox and custom forms (inbox.ts)
 *   pnpm shop content export|import <file> the shop's content: CMS pages and blocks, the magazine, testimonials (content.ts)
 *
 * Exit codes: 0 done; 1 the file has problems (nothing was loaded) or something failed; 2 wrong usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countProblemRecords, formatImportProblem } from '@shop/shared';
import { REVIEW_STATUS } from '@shop/shared/content/index';
import { ConfigError, loadConfig } from '../config.ts';
import { catalogueJson, exportCatalogue } from '../features/catalogue/catalogue.export.ts';
import { CatalogueImportError, importCatalogue, type ImportCounts, type ImportSummary } from '../features/catalogue/catalogue.import.ts';
import { ReviewsRepository } from '../features/reviews/reviews.repository.ts';
import { describeDatabase, migrateToLatest, openDatabase } from '../storage/database.ts';
import { backupShop } from './backup.ts';
import { CONTENT_USAGE, contentCommand } from './content.ts';
import { jsonErrorMessage } from './json-file.ts';
import { BOUTIQUES_USAGE, boutiquesCommand } from './boutiques.ts';
import { formsCommand, INBOX_USAGE, inboxCommand, InboxUsageError } from './inbox.ts';
import { migrateToPostgres } from './migrate-to-postgres.ts';
import { SERVE_USAGE, serve, ServeUsageError } from './serve.ts';

const USAGE = `Usage:
  pnpm shop import <file> [--replace]   load a catalogue file (JSON: { attributes?, categories?, products?, taxClasses?, taxRules? });
                                        records are matched by id and updated, records the file leaves out are kept;
                                        --replace empties the catalogue first
  pnpm shop export <file>               write the catalogue in the same format
  pnpm shop reviews pending              list the reviews waiting for moderation (oldest first)
  pnpm shop reviews approve <id>         publish a review (status 1)
  pnpm shop reviews reject <id>          turn a review down (status 3)
${BOUTIQUES_USAGE}
${SERVE_USAGE}
  pnpm shop migrate-to-postgres          copy the SQLite shop in DATA_DIR into the empty PostgreSQL database DATABASE_URL
                                        names (stop the shop first); compares every table's row count
  pnpm shop backup <file>                a consistent copy of DATA_DIR/shop.sqlite, also while the shop runs
                                        (on PostgreSQL it prints the pg_dump command to use)
${INBOX_USAGE}
${CONTENT_USAGE}
DATA_DIR (default ./data) names the shop's data folder, as for the server.`;

class UsageError extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

/** pnpm runs scripts inside the package folder; a path the operator typed is relative to where they typed it. */
function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

const KINDS: Array<[keyof ImportCounts, string]> = [
  ['products', 'products'],
  ['categories', 'categories'],
  ['attributes', 'attributes'],
  ['taxClasses', 'tax classes'],
  ['taxRules', 'tax rules'],
];

function describeImport(summary: ImportSummary): string {
  const kinds = KINDS.filter(([key]) => summary[key] > 0).map(([key, name]) => `${name} ${summary.created[key]} new, ${summary.updated[key]} updated`);
  return kinds.length ? kinds.join('; ') : 'the file holds no records';
}

async function run(argv: string[]): Promise<number> {
  // Commands with options of their own parse them themselves.
  if (argv[0] === 'serve') return serve(argv.slice(1), { out, err });
  if (argv[0] === 'migrate-to-postgres' || argv[0] === 'backup') return operations(argv);
  if (argv[0] === 'boutiques') return boutiquesCommand(argv.slice(1), { out, err });
  if (argv[0] === 'inbox') return inboxCommand(argv.slice(1), loadConfig(process.env), { out, err, operatorPath });
  if (argv[0] === 'forms') return formsCommand(argv.slice(1), loadConfig(process.env), { out, err, operatorPath });
  if (argv[0] === 'content') return contentCommand(argv.slice(1), () => loadConfig(process.env), { out, err, operatorPath });
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { replace: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  const [command, file, ...extra] = positionals;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (command === 'reviews') return reviews(positionals.slice(1));
  if ((command !== 'import' && command !== 'export') || !file || extra.length > 0) throw new UsageError(command ? `Unknown or incomplete command: ${positionals.join(' ')}` : 'No command given');
  if (command === 'export' && values.replace) throw new UsageError('--replace belongs to import');

  const config = loadConfig(process.env);
  const target = operatorPath(file);
  const started = performance.now();

  if (command === 'import') {
    let text: string;
    try {
      text = fs.readFileSync(target, 'utf8');
    } catch (error) {
      err(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
      return 1;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      err(`${file} is not valid JSON: ${jsonErrorMessage(error, text)}. Nothing was imported.`);
      return 1;
    }
    const db = await openDatabase(config);
    try {
      await migrateToLatest(db);
      const mode = values.replace ? 'replace' : 'upsert';
      const summary = await importCatalogue(db, json, { mode, useUrlKeys: config.useUrlKeys, now: new Date(), origin: target });
      out(
        `Imported ${file} into ${describeDatabase(config)} in ${seconds(started)} (${mode}): ${describeImport(summary)}; ${summary.urlRewrites} URL mappings (${summary.urlRewritesChanged} changed). A running server shows the changes after its next start.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof CatalogueImportError)) throw error;
      for (const problem of error.problems) err(formatImportProblem(problem));
      const records = countProblemRecords(error.problems);
      err(`${file}: ${records} record${records === 1 ? '' : 's'} with problems (${error.problems.length} in all). Nothing was imported.`);
      return 1;
    } finally {
      await db.destroy();
    }
  }

  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const catalogue = await exportCatalogue(db);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, catalogueJson(catalogue));
    out(
      `Exported ${catalogue.products.length} products, ${catalogue.categories.length} categories, ${catalogue.attributes.length} attributes, ${catalogue.taxClasses.length} tax classes and ${catalogue.taxRules.length} tax rules from ${describeDatabase(config)} to ${file} in ${seconds(started)}.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

/** Moving to PostgreSQL and backing up (decision 041). */
async function operations(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [command, file, ...extra] = positionals;
  if (command === 'migrate-to-postgres') {
    if (file) throw new UsageError('migrate-to-postgres takes no file: it reads DATA_DIR/shop.sqlite and writes to DATABASE_URL');
    return migrateToPostgres(loadConfig(process.env), { out, err });
  }
  if (!file || extra.length > 0) throw new UsageError('backup takes one file name: pnpm shop backup <file>');
  return backupShop(loadConfig(process.env), operatorPath(file), { out, err });
}

/** Review moderation (decision content): the operator's side of "listed only when approved". */
async function reviews(args: string[]): Promise<number> {
  const [action, id, ...extra] = args;
  const moderate = action === 'approve' || action === 'reject';
  if (!(action === 'pending' && !id) && !(moderate && id && extra.length === 0)) throw new UsageError(`Unknown or incomplete command: reviews ${args.join(' ')}`.trim());
  if (moderate && !/^\d{1,12}$/.test(id!)) throw new UsageError(`The review id must be a whole number, not "${id}"`);
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const repository = new ReviewsRepository(db, () => Date.now());
    if (action === 'pending') {
      const pending = await repository.withStatus(REVIEW_STATUS.pending, 1000);
      if (!pending.length) out('No reviews are waiting for moderation.');
      for (const review of pending) {
        out(`#${review.id}  product ${review.product_id}  ${review.rating}/5  ${review.nickname} (${review.store}, ${review.created_at.slice(0, 10)})`);
        out(`    ${review.title}: ${review.detail.replace(/\s+/g, ' ').slice(0, 200)}`);
      }
      if (pending.length) out(`${pending.length} review${pending.length === 1 ? '' : 's'} waiting; approve with \`pnpm shop reviews approve <id>\` or reject with \`pnpm shop reviews reject <id>\`.`);
      return 0;
    }
    const review = await repository.setStatus(Number(id), action === 'approve' ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected);
    if (!review) {
      err(`There is no review #${id}.`);
      return 1;
    }
    out(`Review #${review.id} (${review.nickname} on product ${review.product_id}) is ${action === 'approve' ? 'approved and listed' : 'rejected and not listed'}.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof ServeUsageError || error instanceof InboxUsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    err(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    err(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  }
}
