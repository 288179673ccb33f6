/**
 * `pnpm shop <command>`: the shop operator's commands, run against DATA_DIR like the server.
 *
 *   pnpm shop import <file> [--replace]   check a catalogue file and load it (upsert; --replace empties first)
 *   pnpm shop export <file> [--format]    write the stored catalogue, one record per line (or --format json)
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
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { countProblemRecords, formatImportProblem } from '@shop/shared';
import { REVIEW_STATUS } from '@shop/shared/content/index';
import { ConfigError, loadConfig } from '../config.ts';
import { writeCatalogueFile, type CatalogueFileFormat } from '../features/catalogue/catalogue.export.ts';
import { catalogueFileFormat, importCatalogueLines } from '../features/catalogue/catalogue.import-file.ts';
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
  pnpm shop import <file> [--replace]   load a catalogue file: one JSON record per line (NDJSON, as export writes it:
                                        {"kind":"product",...}) or one JSON document { attributes?, categories?,
                                        products?, taxClasses?, taxRules? }; records are matched by id and updated,
                                        records the file leaves out are kept; --replace empties the catalogue first
  pnpm shop export <file> [--format ndjson|json]
                                        write the catalogue: one record per line (ndjson, the default, any size)
                                        or one JSON document (json, the format of earlier versions)
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

/**
 * One line of progress on stderr, rewritten in place; only on a terminal, so a script or a log sees the summary
 * alone. At most a few updates a second.
 */
function progressLine(stream: NodeJS.WriteStream = process.stderr): { show: (text: string) => void; clear: () => void } {
  let shown = false;
  let last = 0;
  return {
    show(text) {
      if (!stream.isTTY || performance.now() - last < 200) return;
      last = performance.now();
      stream.write(`\r\x1b[2K${text}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}

const percent = (done: number, total: number) => `${total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100}%`;

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
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { replace: { type: 'boolean', default: false }, format: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
  const [command, file, ...extra] = positionals;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (command === 'reviews') return reviews(positionals.slice(1));
  if ((command !== 'import' && command !== 'export') || !file || extra.length > 0) throw new UsageError(command ? `Unknown or incomplete command: ${positionals.join(' ')}` : 'No command given');
  if (command === 'export' && values.replace) throw new UsageError('--replace belongs to import');
  if (command === 'import' && values.format !== undefined) throw new UsageError('--format belongs to export: import tells the format from the file');

  const config = loadConfig(process.env);
  const target = operatorPath(file);
  const started = performance.now();

  if (command === 'import') {
    let format: CatalogueFileFormat;
    try {
      format = await catalogueFileFormat(target);
    } catch (error) {
      err(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
      return 1;
    }
    let json: unknown;
    if (format === 'document') {
      let text: string;
      try {
        text = fs.readFileSync(target, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ERR_STRING_TOO_LONG') err(`${file} is too large to read as one JSON document: write it with one record per line (NDJSON, what \`pnpm shop export\` writes). Nothing was imported.`);
        else err(`Cannot read ${target}: ${String(error)}`);
        return 1;
      }
      try {
        json = JSON.parse(text);
      } catch (error) {
        err(`${file} is not valid JSON: ${jsonErrorMessage(error, text)}. Nothing was imported.`);
        return 1;
      }
    }
    const db = await openDatabase(config);
    const progress = progressLine();
    try {
      await migrateToLatest(db);
      const mode = values.replace ? 'replace' : 'upsert';
      const options = { mode, useUrlKeys: config.useUrlKeys, now: new Date(), origin: target } as const;
      const summary =
        format === 'document'
          ? await importCatalogue(db, json, options)
          : await importCatalogueLines(db, target, {
              ...options,
              onProgress: (p) =>
                progress.show(p.step === 'checking' ? `Checking ${file}: ${percent(p.bytes, p.totalBytes)}` : `Writing products: ${p.products.toLocaleString('en')} of ${p.totalProducts.toLocaleString('en')}`),
            });
      progress.clear();
      out(
        `Imported ${file} into ${describeDatabase(config)} in ${seconds(started)} (${mode}): ${describeImport(summary)}; ${summary.urlRewrites} URL mappings (${summary.urlRewritesChanged} changed). A running server shows the changes after its next start.`,
      );
      return 0;
    } catch (error) {
      progress.clear();
      if (!(error instanceof CatalogueImportError)) throw error;
      for (const problem of error.problems) err(formatImportProblem(problem));
      const records = countProblemRecords(error.problems);
      err(`${file}: ${records} record${records === 1 ? '' : 's'} with problems (${error.problems.length} in all). Nothing was imported.`);
      return 1;
    } finally {
      await db.destroy();
    }
  }

  const format = (values.format ?? 'ndjson') === 'json' ? 'document' : (values.format ?? 'ndjson') === 'ndjson' ? 'lines' : null;
  if (!format) throw new UsageError(`--format is ndjson (one record per line, the default) or json (one document), not "${values.format}"`);
  const db = await openDatabase(config);
  const progress = progressLine();
  // Written beside the target and renamed when complete: a failed export never leaves half a file under its name.
  const partial = `${target}.partial`;
  let stream: fs.WriteStream | undefined;
  try {
    await migrateToLatest(db);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    stream = fs.createWriteStream(partial);
    const counts = await writeCatalogueFile(db, stream, {
      format,
      onProgress: (written, total) => progress.show(`Exporting products: ${written.toLocaleString('en')} of ${total.toLocaleString('en')}`),
    });
    await finished(stream.end());
    fs.renameSync(partial, target);
    progress.clear();
    out(
      `Exported ${counts.products} products, ${counts.categories} categories, ${counts.attributes} attributes, ${counts.taxClasses} tax classes and ${counts.taxRules} tax rules from ${describeDatabase(config)} to ${file} in ${seconds(started)}.`,
    );
    return 0;
  } finally {
    progress.clear();
    stream?.destroy();
    fs.rmSync(partial, { force: true });
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
