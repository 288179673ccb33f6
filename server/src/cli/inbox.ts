/**
 * `pnpm shop inbox ...` and `pnpm shop forms ...`: the operator's side of the shop's forms (decision 043).
 *
 *   inbox list [--kind K] [--status new|handled] [--since YYYY-MM-DD]   what came in, newest first
 *   inbox show <id>                                                    every field, its photos (paths, sizes)
 *   inbox export <dir> [--kind K] [--since YYYY-MM-DD]                  submissions.jsonl + files/<id>/<n>.<ext>
 *   inbox handled <id>                                                 mark it dealt with
 *   inbox erase <id>                                                   personal data and photos removed now
 *   inbox cancel <id>                                                  cancel its appointment (the slot is free again)
 *   inbox prune                                                        apply INBOX_KEEP_DAYS now
 *   forms import <slug> <file> [--inactive] / forms list               custom form definitions
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CustomFormDefinitionSchema, FormSlugSchema } from '@shop/shared/forms/custom-form.schema';
import type { AppConfig } from '../config.ts';
import { inboxFilterOf } from '../features/forms/inbox.admin.routes.ts';
import { cancelAppointment, getSubmission, listFormDefinitions, listSubmissions, markHandled, putFormDefinition, type SubmissionRow } from '../features/forms/inbox.repository.ts';
import { applyRetention, eraseSubmission } from '../features/forms/retention.ts';
import { readInboxFile } from '../features/forms/uploads.ts';
import { migrateToLatest, openDatabase, type Db } from '../storage/database.ts';
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../storage/owner-only.ts';

export const INBOX_USAGE = `  pnpm shop inbox list [--kind K] [--status new|handled] [--since YYYY-MM-DD]
                                        what came in through the forms, newest first (K: contact, tradeIn,
                                        appointment, customForm, invoice, sendInvoice)
  pnpm shop inbox show <id>              one submission: every field, its photos (paths and sizes), its appointment
  pnpm shop inbox export <dir> [--kind K] [--since YYYY-MM-DD]
                                        write submissions.jsonl and files/<id>/<n>.<ext> (owner-only) into <dir>
  pnpm shop inbox handled <id>           mark a submission handled
  pnpm shop inbox erase <id>             remove a submission's personal data and photos now (an erasure request)
  pnpm shop inbox cancel <id>            cancel the appointment of a submission (its slot is free again)
  pnpm shop inbox prune                  apply INBOX_KEEP_DAYS now (the server also does it daily)
  pnpm shop forms import <slug> <file> [--inactive]
                                        create or replace a custom form (/{store}/forms/<slug>) from a JSON file
  pnpm shop forms list                   the custom forms`;

export class InboxUsageError extends Error {}

interface Io {
  out(line: string): void;
  err(line: string): void;
  /** A path the operator typed, made absolute. */
  operatorPath(file: string): string;
}

function idOf(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw new InboxUsageError(`The submission id must be a whole number, not "${value ?? ''}"`);
  return Number(value);
}

function summary(row: SubmissionRow): string {
  if (row.redacted_at !== null) return '(personal data removed)';
  const data = row.data;
  const text = [data.subject, data.brand, data.model, data.message, data.order_number, data.slug].filter((value) => typeof value === 'string' && value).join(' · ');
  return text.replace(/\s+/g, ' ').slice(0, 80);
}

function line(row: SubmissionRow): string {
  return `#${row.id}  ${new Date(row.created_at).toISOString().slice(0, 16).replace('T', ' ')}  ${row.kind.padEnd(11)} ${row.status.padEnd(7)} ${row.name ?? '-'} <${row.email ?? '-'}>  ${summary(row)}`;
}

async function withDb<T>(config: AppConfig, use: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    return await use(db);
  } finally {
    await db.destroy();
  }
}

export async function inboxCommand(args: string[], config: AppConfig, io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { kind: { type: 'string' }, status: { type: 'string' }, since: { type: 'string' } } });
  const [action, target, ...extra] = positionals;
  if (extra.length > 0) throw new InboxUsageError(`Too many arguments: inbox ${args.join(' ')}`);
  const filter = (() => {
    try {
      return inboxFilterOf({ kind: values.kind, status: values.status, since: values.since });
    } catch (error) {
      throw new InboxUsageError((error as Error).message);
    }
  })();
  const now = Date.now();
  switch (action) {
    case 'list':
      return withDb(config, async (db) => {
        const rows = await listSubmissions(db, filter);
        if (rows.length === 0) io.out('Nothing came in (for this filter).');
        for (const row of rows) io.out(line(row));
        return 0;
      });
    case 'show':
      return withDb(config, async (db) => {
        const found = await getSubmission(db, idOf(target));
        if (!found) {
          io.err(`There is no submission #${target}.`);
          return 1;
        }
        io.out(line(found));
        io.out(`  store ${found.store}, language ${found.language}${found.customer_id === null ? '' : `, customer ${found.customer_id}`}, task ${found.task_id}`);
        if (found.phone) io.out(`  phone: ${found.phone}`);
        if (found.matched_order) io.out(`  order: ${found.matched_order}`);
        for (const [key, value] of Object.entries(found.data)) io.out(`  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
        if (found.appointment) io.out(`  appointment: ${found.appointment.boutique_id} ${found.appointment.slot_local} (${found.appointment.reason})${found.appointment.canceled_at === null ? '' : ' canceled'}`);
        for (const file of found.files) io.out(`  photo ${file.position ?? '-'}: ${path.join(config.dataDir, 'inbox', file.path)} (${file.content_type}, ${file.bytes} bytes${file.width ? `, ${file.width}×${file.height}` : ''}${file.normalised ? '' : ', kept as sent'})`);
        return 0;
      });
    case 'export':
      if (!target) throw new InboxUsageError('export takes a folder: pnpm shop inbox export <dir>');
      return withDb(config, async (db) => {
        const dir = io.operatorPath(target);
        fs.mkdirSync(path.join(dir, 'files'), { recursive: true, mode: OWNER_DIR_MODE });
        const rows = await listSubmissions(db, { ...filter, limit: 1_000_000 });
        const lines: string[] = [];
        let files = 0;
        for (const row of rows) {
          const detail = (await getSubmission(db, row.id))!;
          const exported = [];
          for (const [n, file] of detail.files.entries()) {
            const name = `files/${row.id}/${n + 1}.${file.path.split('.').pop()}`;
            const bytes = await readInboxFile(config.dataDir, file.path).catch(() => null);
            if (!bytes) continue;
            fs.mkdirSync(path.join(dir, 'files', String(row.id)), { recursive: true, mode: OWNER_DIR_MODE });
            fs.writeFileSync(path.join(dir, name), bytes, { mode: OWNER_FILE_MODE });
            exported.push({ file: name, content_type: file.content_type, bytes: file.bytes });
            files += 1;
          }
          lines.push(JSON.stringify({ ...row, files: exported, appointment: detail.appointment }));
        }
        fs.writeFileSync(path.join(dir, 'submissions.jsonl'), lines.length ? `${lines.join('\n')}\n` : '', { mode: OWNER_FILE_MODE });
        io.out(`Exported ${rows.length} submission${rows.length === 1 ? '' : 's'} and ${files} photo${files === 1 ? '' : 's'} to ${dir}.`);
        return 0;
      });
    case 'handled':
    case 'cancel':
    case 'erase': {
      const id = idOf(target);
      return withDb(config, async (db) => {
        const done = action === 'handled' ? await markHandled(db, id, now) : action === 'cancel' ? await cancelAppointment(db, id, now) : await eraseSubmission(db, config.dataDir, id, now);
        if (!done) {
          io.err(action === 'cancel' ? `Submission #${id} has no active appointment.` : `There is no submission #${id}.`);
          return 1;
        }
        io.out(action === 'handled' ? `Submission #${id} is handled.` : action === 'cancel' ? `The appointment of submission #${id} is canceled; its slot is free again.` : `The personal data and photos of submission #${id} are removed.`);
        return 0;
      });
    }
    case 'prune':
      if (target) throw new InboxUsageError('prune takes no argument');
      return withDb(config, async (db) => {
        const result = await applyRetention(db, { dataDir: config.dataDir, keepDays: config.forms.keepDays, now });
        io.out(`Older than ${config.forms.keepDays} days: ${result.redacted} submissions redacted, ${result.files} photos removed; ${result.unlinked} photos no form took removed; ${result.receipts} task receipts removed.`);
        return 0;
      });
    default:
      throw new InboxUsageError(`Unknown or incomplete command: inbox ${args.join(' ')}`.trim());
  }
}

export async function formsCommand(args: string[], config: AppConfig, io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { inactive: { type: 'boolean', default: false } } });
  const [action, slug, file, ...extra] = positionals;
  if (action === 'list' && !slug) {
    return withDb(config, async (db) => {
      const forms = await listFormDefinitions(db);
      if (forms.length === 0) io.out('No custom forms.');
      for (const form of forms) io.out(`${form.slug}  ${form.active ? 'active' : 'inactive'}  ${new Date(form.updated_at).toISOString().slice(0, 10)}`);
      return 0;
    });
  }
  if (action !== 'import' || !slug || !file || extra.length > 0) throw new InboxUsageError(`Unknown or incomplete command: forms ${args.join(' ')}`.trim());
  if (!FormSlugSchema.safeParse(slug).success) throw new InboxUsageError(`The form name must be lower-case words joined by hyphens, not "${slug}"`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(io.operatorPath(file), 'utf8'));
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const parsed = CustomFormDefinitionSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) io.err(`${issue.path.join('.') || '(the file)'}: ${issue.message}`);
    io.err(`${file} is no form definition. Nothing was imported.`);
    return 1;
  }
  return withDb(config, async (db) => {
    await putFormDefinition(db, slug, parsed.data, !values.inactive, Date.now());
    io.out(`Form ${slug} imported (${parsed.data.fields.length} fields, ${values.inactive ? 'inactive' : 'active'}).`);
    return 0;
  });
}
