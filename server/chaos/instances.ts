/**
 * The chaos run's server instances: real processes of the built bundle (dist/server.mjs, as `pnpm start` runs it),
 * each on a free port (PORT=0, read from its "Shop open at" line), all on one database and one DATA_DIR. They are
 * killed with SIGKILL and started again; every life of an instance has its own name ("i2-3": instance 2, 3rd life),
 * which is also its SMTP login, so the mail sink knows which process sent a mail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain ES module without types; it holds the flags `pnpm start` runs the server with
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = path.join(SERVER_DIR, 'dist', 'server.mjs');

/** Builds the server bundle once when it is missing (or older than the sources would need: pass `force`). */
export function ensureBundle(force = false): void {
  if (!force && fs.existsSync(BUNDLE)) return;
  const result = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the server bundle failed');
}

export interface Kill {
  slot: number;
  /** The life that was killed (its SMTP login). */
  name: string;
  at: number;
}

interface Slot {
  slot: number;
  life: number;
  name: string;
  child: ChildProcess | null;
  url: string | null;
}

export interface InstancesOptions {
  count: number;
  /** Environment for every instance (DATABASE_URL, DATA_DIR, TOKEN_SECRET, ...). */
  env: Record<string, string>;
  /** The SMTP address an instance life logs in with. */
  smtpUrlFor: (name: string) => string;
  /** Each instance's log goes to <logDir>/instance-<slot>.log. */
  logDir: string;
  now?: () => number;
}

export class Instances {
  readonly kills: Kill[] = [];
  readonly restarts: number[] = [];
  private readonly slots: Slot[];
  private readonly now: () => number;

  constructor(private readonly options: InstancesOptions) {
    this.now = options.now ?? Date.now;
    this.slots = Array.from({ length: options.count }, (_, slot) => ({ slot, life: 0, name: '', child: null, url: null }));
  }

  /** The addresses of the instances that are up. */
  urls(): string[] {
    return this.slots.flatMap((slot) => (slot.url ? [slot.url] : []));
  }

  /** The slots that are up. */
  up(): number[] {
    return this.slots.filter((slot) => slot.child && slot.url).map((slot) => slot.slot);
  }

  /** Starts the instance of `slot` and resolves once it answers /health. */
  async start(slot: number): Promise<void> {
    const state = this.slots[slot]!;
    if (state.child) return;
    state.life += 1;
    state.name = `i${slot + 1}-${state.life}`;
    const log = fs.createWriteStream(path.join(this.options.logDir, `instance-${slot + 1}.log`), { flags: 'a' });
    log.write(`--- ${state.name} starting at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [...(SERVER_NODE_FLAGS as string[]), BUNDLE], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...this.options.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', SMTP_URL: this.options.smtpUrlFor(state.name) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    state.child = child;
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen = (seen + chunk.toString('utf8')).slice(-20_000);
        const open = /Shop open at (http:\/\/127\.0\.0\.1:\d+)\/nl/.exec(seen);
        if (open) {
          child.stdout!.off('data', onData);
          resolve(open[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`instance ${state.name} stopped while starting (${code ?? signal}); see ${this.options.logDir}/instance-${slot + 1}.log:\n${seen.slice(-2000)}`)));
    });
    child.once('exit', () => {
      state.child = null;
      state.url = null;
      log.end();
    });
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`${url}/health`).then((response) => response.ok, () => false);
      if (ok) break;
      if (tries > 600) throw new Error(`instance ${state.name} never answered /health`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    state.url = url;
    this.restarts.push(this.now());
  }

  async startAll(): Promise<void> {
    // The first one migrates and seeds (the others would wait on the startup lock anyway).
    await this.start(0);
    await Promise.all(this.slots.slice(1).map((slot) => this.start(slot.slot)));
  }

  /** SIGKILL: no clean close, whatever it was doing is cut off. Resolves once the process is gone. */
  async kill(slot: number): Promise<Kill | null> {
    const state = this.slots[slot]!;
    const child = state.child;
    if (!child) return null;
    state.url = null;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    const kill: Kill = { slot, name: state.name, at: this.now() };
    child.kill('SIGKILL');
    await gone;
    this.kills.push(kill);
    return kill;
  }

  /** Stops every instance cleanly (SIGTERM), or with SIGKILL after 15 s. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.slots.map(async (state) => {
        const child = state.child;
        if (!child) return;
        state.url = null;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await gone;
        clearTimeout(timer);
      }),
    );
  }
}
