/** A real app on a temp SQLite file with a clock the test moves, and small helpers for the account calls. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig, type AppConfig } from '../../config.ts';
import { importCatalogue } from '../catalogue/catalogue.import.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

export interface MovableClock {
  now: () => Date;
  advance(seconds: number): void;
}

export function movableClock(start: Date = TEST_NOW): MovableClock {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (seconds) => void (at += seconds * 1000) };
}

export interface AccountsTestApp {
  app: FastifyInstance;
  clock: MovableClock;
  dataDir: string;
  /** Closes the app and builds a new one on the same data folder (a server restart). */
  restart(): Promise<FastifyInstance>;
}

export async function buildAccountsTestApp(config: Partial<AppConfig> = {}): Promise<AccountsTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-accounts-'));
  const clock = movableClock();
  const make = async () => {
    const base = testConfig({ dataDir, seedDemo: false });
    const app = await buildApp({ ...base, ...config, accounts: { ...base.accounts, ...config.accounts } }, { clock: clock.now });
    await app.catalogue.ready();
    return app;
  };
  const state: AccountsTestApp = {
    app: await make(),
    clock,
    dataDir,
    restart: async () => {
      await state.app.close();
      state.app = await make();
      return state.app;
    },
  };
  await importCatalogue(state.app.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
  await state.app.catalogue.refresh();
  cleanUpLater(async () => {
    await state.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return state;
}

export const PASSWORD = 'correct horse 1';

export function customerBody(email: string, overrides: Record<string, unknown> = {}) {
  return { customer: { email, firstname: 'Anna', lastname: 'Jansen', ...overrides }, password: PASSWORD };
}

type Method = 'GET' | 'POST' | 'DELETE';

export function client(target: () => FastifyInstance) {
  return async function call(method: Method, url: string, options: { payload?: unknown; token?: string; ip?: string } = {}) {
    const response = await target().inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
}
