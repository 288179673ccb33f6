/**
 * `pnpm shop boutiques list|import <file>`: the shop's boutiques (store locator, appointment book) as the operator
 * keeps them. The file is JSON: an array of boutiques, or `{ "boutiques": [...] }`, each with its `id` and the fields
 * of PUT /api/admin/boutiques/:id. Every boutique is checked before any is written; then all are written in one
 * transaction (created or replaced by id; boutiques the file leaves out stay).
 *
 * Exit codes: 0 done; 1 the file has problems (nothing was written); 2 wrong usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BOUTIQUE_ID, BoutiqueInputSchema, type BoutiqueInput } from '@shop/shared/forms/appointment.schema';
import { isTimeZone } from '@shop/shared/forms/slots';
import { loadConfig } from '../config.ts';
import { BoutiquesRepository } from '../features/boutiques/boutiques.repository.ts';
import { describeIssues } from '../features/replication/replication.protocol.ts';
import { describeDatabase, migrateToLatest, openDatabase } from '../storage/database.ts';

export const BOUTIQUES_USAGE = `  pnpm shop boutiques list               the boutiques with address, time zone and whether they take appointments
  pnpm shop boutiques import <file>      create or replace boutiques by id (JSON: [{ id, name, street, zip, city, country,
                                        timezone, opening_hours, ... }]); boutiques the file leaves out stay`;

interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Checks every boutique of the file; answers them, or the problems (one line each). */
export function readBoutiques(json: unknown): { boutiques: Array<{ id: string; input: BoutiqueInput }>; problems: string[] } {
  const list = Array.isArray(json) ? json : (json as { boutiques?: unknown } | null)?.boutiques;
  if (!Array.isArray(list)) return { boutiques: [], problems: ['the file must hold an array of boutiques, or { "boutiques": [...] }'] };
  const boutiques: Array<{ id: string; input: BoutiqueInput }> = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((entry: unknown, index) => {
    const { id, ...fields } = (entry ?? {}) as { id?: unknown };
    const where = `boutique ${index + 1}${typeof id === 'string' ? ` (${id})` : ''}`;
    if (typeof id !== 'string' || !BOUTIQUE_ID.test(id)) return problems.push(`${where}: id must be 1 to 63 lower-case letters, digits and hyphens`);
    if (seen.has(id)) return problems.push(`${where}: the id appears twice`);
    seen.add(id);
    const parsed = BoutiqueInputSchema.safeParse(fields);
    if (!parsed.success) return problems.push(`${where}: ${describeIssues(parsed.error)}`);
    if (!isTimeZone(parsed.data.timezone)) return problems.push(`${where}: timezone ${parsed.data.timezone} is not a time zone such as Europe/Amsterdam`);
    boutiques.push({ id, input: parsed.data });
  });
  return { boutiques, problems };
}

/** Runs `boutiques <args>`; answers the exit code. */
export async function boutiquesCommand(args: string[], io: Output): Promise<number> {
  const [action, file, ...extra] = args;
  if (!((action === 'list' && !file) || (action === 'import' && file && extra.length === 0))) {
    io.err(`Unknown or incomplete command: boutiques ${args.join(' ')}`.trim());
    io.err(`\nUsage:\n${BOUTIQUES_USAGE}`);
    return 2;
  }
  let entries: Array<{ id: string; input: BoutiqueInput }> = [];
  if (action === 'import') {
    const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file!);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(target, 'utf8'));
    } catch (error) {
      io.err(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)}. Nothing was imported.`);
      return 1;
    }
    const { boutiques, problems } = readBoutiques(json);
    if (problems.length) {
      for (const problem of problems) io.err(problem);
      io.err(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}. Nothing was imported.`);
      return 1;
    }
    entries = boutiques;
  }
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const repository = new BoutiquesRepository(db, () => Date.now());
    if (action === 'import') {
      const created = await db.transaction().execute(async (trx) => {
        let count = 0;
        for (const { id, input } of entries) if ((await repository.upsert(id, input, trx)).created) count++;
        return count;
      });
      io.out(`Imported ${entries.length} boutique${entries.length === 1 ? '' : 's'} into ${describeDatabase(config)}: ${created} new, ${entries.length - created} replaced.`);
      return 0;
    }
    const boutiques = await repository.list({ all: true });
    if (!boutiques.length) io.out('The shop has no boutiques.');
    for (const b of boutiques) {
      io.out(`${b.id}  ${b.name}, ${b.street}, ${b.zip} ${b.city} (${b.country})  ${b.timezone}  ${b.active ? `appointments of ${b.slot_minutes} min` : 'inactive'}  stores ${b.stores.join(',')}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}
