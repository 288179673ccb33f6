/**
 * `pnpm shop content export [file]` and `pnpm shop content import <file>`: the shop's content (CMS pages and blocks,
 * the page hierarchy, the magazine, testimonials) in one JSON file (shared/src/content/content.schema.ts
 * `ContentFileSchema`). An import checks the whole file first and lists every problem with its place; with none it
 * replaces all content in one transaction, else it loads nothing. A related sku or landing category the catalogue
 * does not hold is a warning: it is loaded (features/content/content.import.ts says why).
 *
 * Exit codes: 0 done; 1 the file has problems (nothing was loaded) or cannot be read; 2 wrong usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { ContentImportError, contentJson, exportContent, formatContentProblem, importContent, type ContentImportSummary } from '../features/content/content.import.ts';
import { describeDatabase, migrateToLatest, openDatabase } from '../storage/database.ts';
import { jsonErrorMessage } from './json-file.ts';

export const CONTENT_USAGE = `  pnpm shop content export [file]        write the content (CMS pages and blocks, hierarchy, magazine, testimonials) as
                                        JSON to the file, or to the output without one
  pnpm shop content import <file>        check a content file and replace all content with it (nothing is loaded when
                                        any record has a problem; every problem is listed with its place)`;

interface Io {
  out(line: string): void;
  err(line: string): void;
  operatorPath(file: string): string;
}

function describe(summary: ContentImportSummary): string {
  const parts: Array<[number, string]> = [
    [summary.pages, 'pages'],
    [summary.blocks, 'blocks'],
    [summary.hierarchy, 'hierarchy nodes'],
    [summary.categories, 'magazine categories'],
    [summary.tags, 'tags'],
    [summary.posts, 'posts'],
    [summary.testimonials, 'testimonials'],
  ];
  return parts.map(([n, name]) => `${n} ${name}`).join(', ');
}

/** Runs `content <args>`; answers the exit code. */
export async function contentCommand(args: string[], config: () => AppConfig, io: Io): Promise<number> {
  const [action, file, ...extra] = args;
  if (!((action === 'export' && extra.length === 0) || (action === 'import' && file && extra.length === 0))) {
    io.err(`Unknown or incomplete command: content ${args.join(' ')}`.trim());
    io.err(`\nUsage:\n${CONTENT_USAGE}`);
    return 2;
  }
  const settings = config();
  if (action === 'import') {
    const target = io.operatorPath(file!);
    let text: string;
    try {
      text = fs.readFileSync(target, 'utf8');
    } catch (error) {
      io.err(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
      return 1;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      io.err(`${file} is not valid JSON: ${jsonErrorMessage(error, text)}. Nothing was imported.`);
      return 1;
    }
    const db = await openDatabase(settings);
    try {
      await migrateToLatest(db);
      const summary = await importContent(db, json);
      for (const warning of summary.warnings) io.out(`warning: ${formatContentProblem(warning)}`);
      io.out(`Imported ${file} into ${describeDatabase(settings)}: ${describe(summary)}; all earlier content replaced. A running shop shows it at once.`);
      return 0;
    } catch (error) {
      if (!(error instanceof ContentImportError)) throw error;
      for (const problem of error.problems) io.err(formatContentProblem(problem));
      io.err(`${file}: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}. Nothing was imported.`);
      return 1;
    } finally {
      await db.destroy();
    }
  }

  const db = await openDatabase(settings);
  try {
    await migrateToLatest(db);
    const content = await exportContent(db);
    const text = contentJson(content);
    if (!file) {
      process.stdout.write(text);
      return 0;
    }
    const target = io.operatorPath(file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    io.out(
      `Exported ${content.pages.length} pages, ${content.blocks.length} blocks, ${content.posts.length} posts and ${content.testimonials.length} testimonials from ${describeDatabase(settings)} to ${file}.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
