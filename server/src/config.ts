import { z } from 'zod/mini';
import path from 'node:path';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.pipe(
  z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
  z.transform(Number),
).check(z.refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535'));

const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

const EnvSchema = z.object({
  PORT: z._default(port, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  /** Where the built client lives; served on the same port when present. */
  CLIENT_DIST: z.optional(z.string().check(z.minLength(1))),
  /** Seed the demo catalogue into an empty database on start. */
  SEED_DEMO: z._default(flag, true),
  DEMO_SEED: z._default(z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)), 20261122),
  DEMO_PRODUCTS: z._default(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)).check(
      z.refine((n) => n >= 1 && n <= 200_000, 'must be between 1 and 200000'),
    ),
    1600,
  ),
  /** The product slug is its url_key when on, else the slugified name plus the id (spec 1 §2). */
  USE_URL_KEYS: z._default(flag, true),
  /** Seconds a search answer is reused (spec 1 §9: 500); 0 turns the cache off. */
  SEARCH_CACHE_TTL: z._default(z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of seconds')), z.transform(Number)), 500),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  logLevel: (typeof LOG_LEVELS)[number];
  env: 'development' | 'production' | 'test';
  clientDist: string | null;
  seedDemo: boolean;
  demoSeed: number;
  demoProducts: number;
  useUrlKeys: boolean;
  searchCacheTtlSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  // Relative paths are taken from where the command was typed: pnpm runs scripts inside the package folder
  // but remembers the caller's folder in INIT_CWD.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, v.DATA_DIR);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'shop.sqlite'),
    logLevel: v.LOG_LEVEL,
    env: v.NODE_ENV,
    clientDist: v.CLIENT_DIST ? path.resolve(base, v.CLIENT_DIST) : null,
    seedDemo: v.SEED_DEMO,
    demoSeed: v.DEMO_SEED,
    demoProducts: v.DEMO_PRODUCTS,
    useUrlKeys: v.USE_URL_KEYS,
    searchCacheTtlSeconds: v.SEARCH_CACHE_TTL,
  };
}

/** A configuration for tests: a temp data dir, quiet logs, a small catalogue. */
export function testConfig(overrides: Partial<AppConfig> & { dataDir: string }): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', DEMO_PRODUCTS: '1600' }),
    databaseFile: path.join(overrides.dataDir, 'shop.sqlite'),
    ...overrides,
  };
}
