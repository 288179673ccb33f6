#!/usr/bin/env node
/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, in a temporary folder that is deleted when it stops.
 * Used by the server tests' PostgreSQL half (server/src/test/postgres-global-setup.ts), and from the command line:
 *
 *   node scripts/postgres-cluster.mjs                 start one, print DATABASE_URL=..., stop on Ctrl-C or SIGTERM
 *   node scripts/postgres-cluster.mjs -- <command>    run <command> with DATABASE_URL set, then stop
 *   node scripts/postgres-cluster.mjs --check         start, run one query, stop, and say whether it all worked
 *
 * `--durable` keeps PostgreSQL's crash safety (fsync and friends); without it the cluster trades it for speed, which
 * only tests may do. Binaries: Debian's PostgreSQL 15 in /usr/lib/postgresql/15/bin, or SHOP_PG_BIN. PostgreSQL
 * refuses to run as root, so as root the folder is handed to the `postgres` user and every binary runs as that user;
 * any other user runs them directly.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_BIN = process.env.SHOP_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PREFIX = 'shop-pg-';
const SERVICE_USER = 'postgres';

/** Whether this machine can start a cluster: the binaries are there and, as root, so is the `postgres` user. */
export function clusterAvailable() {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return { ok: false, why: `no PostgreSQL binaries in ${PG_BIN}` };
  if (isRoot() && serviceUser() === null) return { ok: false, why: `running as root and there is no '${SERVICE_USER}' user to run PostgreSQL as` };
  return { ok: true, why: '' };
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function serviceUser() {
  const result = spawnSync('id', ['-u', SERVICE_USER], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const gid = spawnSync('id', ['-g', SERVICE_USER], { encoding: 'utf8' });
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function runPg(binary, args, options = {}) {
  const file = path.join(PG_BIN, binary);
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', SERVICE_USER, '--', file, ...args]] : [file, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops and deletes clusters whose starting process died without stopping them (a killed test run, say). */
export function sweepAbandoned() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner;
    try {
      owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue; // Not one of ours, or still being set up.
    }
    if (!owner || alive(owner)) continue;
    try {
      if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) runPg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts a cluster and answers `{ url, port, dir, stop }`. `url` reaches the maintenance database `postgres` as the
 * superuser `postgres` (trust authentication, loopback only). `stop()` stops the server and deletes the folder.
 */
export async function startCluster({ durable = false, log = () => {} } = {}) {
  const available = clusterAvailable();
  if (!available.ok) throw new Error(`Cannot start a PostgreSQL cluster: ${available.why}.`);
  sweepAbandoned();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
  const user = isRoot() ? serviceUser() : null;
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const started = performance.now();
    runPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', ...(durable ? [] : ['--no-sync'])]);
    const settings = ['-c listen_addresses=127.0.0.1', `-k ${dir}`, '-c max_connections=300'];
    if (!durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
    // The free port can be taken between our probe and PostgreSQL's bind: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        runPg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} ${settings.join(' ')}`, 'start']);
      } catch (error) {
        if (attempt < 3) continue;
        throw new Error(`pg_ctl could not start PostgreSQL: ${error.stderr || error.message}\n${readLog(dir)}`);
      }
      log(`PostgreSQL ${durable ? '' : '(test settings) '}on 127.0.0.1:${port} in ${dir}, started in ${Math.round(performance.now() - started)} ms`);
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        try {
          runPg('pg_ctl', ['-D', data, '-m', durable ? 'fast' : 'immediate', '-w', 'stop']);
        } finally {
          remove();
        }
      };
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
    }
  } catch (error) {
    remove();
    throw error;
  }
}

function readLog(dir) {
  try {
    return fs.readFileSync(path.join(dir, 'log'), 'utf8');
  } catch {
    return '';
  }
}

/** Runs SQL through psql on a cluster's URL (as whoever we are: psql connects over TCP, trust authentication). */
export function psql(url, sql) {
  const bin = fs.existsSync(path.join(PG_BIN, 'psql')) ? path.join(PG_BIN, 'psql') : 'psql';
  return execFileSync(bin, ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

async function main(argv) {
  const separator = argv.indexOf('--');
  const command = separator >= 0 ? argv.slice(separator + 1) : [];
  const flags = separator >= 0 ? argv.slice(0, separator) : argv;
  const cluster = await startCluster({ durable: flags.includes('--durable'), log: (line) => console.error(line) });
  const onSignal = () => {
    cluster.stop();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (flags.includes('--check')) {
    let code = 0;
    try {
      const answer = psql(cluster.url, 'select 1 + 1');
      if (answer !== '2') throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
      console.log(`PostgreSQL cluster check passed: ${cluster.url} answered, ${psql(cluster.url, 'show server_version')}`);
    } catch (error) {
      console.error(`PostgreSQL cluster check failed: ${error.stderr || error.message}`);
      code = 1;
    }
    cluster.stop();
    if (fs.existsSync(cluster.dir)) {
      console.error(`PostgreSQL cluster check failed: ${cluster.dir} was left behind`);
      code = 1;
    }
    process.exit(code);
  }
  console.log(`DATABASE_URL=${cluster.url}`);
  if (command.length === 0) {
    console.error('Stop it with Ctrl-C.');
    setInterval(() => {}, 1 << 30); // Stay up until a signal stops the cluster.
    return;
  }
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
  child.on('exit', (code, signal) => {
    cluster.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
