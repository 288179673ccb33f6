import { CURRENCY_CODES, DEFAULT_CURRENCY_RATES, DEFAULT_LOCATION_COUNTRY, DEFAULT_TAX_COUNTRY, type CurrencyCode, type CurrencyRates } from '@shop/shared';
import { ibanValid, normaliseIban } from '@shop/shared/orders/bank-transfer';
import { z } from 'zod/mini';
import path from 'node:path';
import { testDatabase } from './test/test-database.ts';

/** The shop's company details: the operator's settings (SHOP_COMPANY_NAME, SHOP_ADDRESS, SHOP_KVK, SHOP_VAT_ID, SHOP_PHONE). */
export interface ShopCompany {
  name: string;
  address: string;
  kvk: string;
  vatId: string;
  phone: string;
}

/** The demo shop's company details, the defaults of those settings (the demo legal notice names the same). */
export const SHOP_COMPANY_DEFAULTS = Object.freeze({
  name: 'Horloge & Diamant B.V.',
  address: 'P.C. Hooftstraat 48, 1071 BZ Amsterdam',
  kvk: '87654321',
  vatId: 'NL864512379B01',
  phone: '+31 20 555 0100',
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.pipe(
  z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
  z.transform(Number),
).check(z.refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535'));

const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

/** A switch: on/off, or any of the flag's spellings. */
const onOff = z.pipe(
  z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no']),
  z.transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes'),
);

/**
 * "USD=1.17,GBP=0.87": units of a currency for 1 EUR. Currencies not named keep their default rate; EUR is the
 * catalogue's currency and always 1. Returns the rates, or a message saying what is wrong.
 */
export function parseCurrencyRates(text: string): CurrencyRates | string {
  const rates: Record<CurrencyCode, number> = { ...DEFAULT_CURRENCY_RATES };
  const seen = new Set<string>();
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*=\s*(\S+)$/.exec(entry);
    if (!match) return `"${entry}" is not CODE=RATE; write e.g. USD=1.17,GBP=0.87`;
    const code = match[1]!.toUpperCase();
    const rate = Number(match[2]);
    if (!(CURRENCY_CODES as readonly string[]).includes(code)) return `unknown currency ${code}; use ${CURRENCY_CODES.filter((c) => c !== 'EUR').join(', ')}`;
    if (seen.has(code)) return `${code} is given twice`;
    seen.add(code);
    if (!/^\d+(\.\d+)?$/.test(match[2]!) || !(rate > 0)) return `the rate of ${code} must be a number above 0, not "${match[2]}"`;
    if (code === 'EUR' && rate !== 1) return 'EUR is the catalogue currency: its rate is always 1';
    rates[code as CurrencyCode] = rate;
  }
  return rates;
}

const currencyRates = z.pipe(
  z.string(),
  z.transform((text, ctx) => {
    const parsed = parseCurrencyRates(text);
    if (typeof parsed !== 'string') return parsed;
    ctx.issues.push({ code: 'custom', message: parsed, input: text });
    return z.NEVER;
  }),
);

const bounded = (min: number, max: number) =>
  z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)).check(
    z.refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`),
  );

const countryCode = z.pipe(z.string(), z.transform((v) => v.trim().toUpperCase())).check(
  z.refine((v) => /^[A-Z]{2}$/.test(v), 'must be a two-letter country code such as NL'),
);

/** "banktransfer, checkmo": lower-case method codes. */
const codeList = z.pipe(
  z.string().check(z.regex(/^\s*[A-Za-z0-9_]+(\s*,\s*[A-Za-z0-9_]+)*\s*$/, 'must be method codes separated by commas, e.g. banktransfer,cashondelivery')),
  z.transform((v) => v.split(',').map((code) => code.trim().toLowerCase())),
);

/**
 * Which proxies in front of the shop may name the client's address (X-Forwarded-For): `false` (none: the socket's
 * address is the client), `true` (any: only behind a proxy that overwrites the header), a number of hops, or a
 * comma-separated list of addresses and CIDR ranges. The throttles count per client address, so behind a proxy this
 * must be set or every shopper shares the proxy's address.
 */
const trustProxy = z.pipe(
  z.string().check(
    z.refine(
      (v) => /^(true|false|\d{1,2})$/.test(v.trim()) || /^\s*[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*\s*$/.test(v),
      'must be true, false, a number of proxy hops, or addresses and CIDR ranges separated by commas',
    ),
  ),
  z.transform((v): boolean | number | string[] => {
    const text = v.trim();
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^\d+$/.test(text)) return Number(text);
    return text.split(',').map((part) => part.trim());
  }),
);

const countryList = z.pipe(
  z.string().check(z.regex(/^\s*[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*\s*$/, 'must be two-letter country codes separated by commas, e.g. DE,NL')),
  z.transform((v) => v.split(',').map((code) => code.trim().toUpperCase())),
);

const cmsUrl = /^https?:\/\/[^\s?#,=]+$/;
const cmsUrls = z.pipe(
  z.string().check(
    z.refine(
      (v) => cmsUrl.test(v.trim()) || v.split(',').every((part) => /^\s*[a-z]{2}\s*=/.test(part) && cmsUrl.test(part.split('=').slice(1).join('=').trim())),
      'must be an address such as https://cms.example.com, or per store: nl=https://cms.example.nl,en=https://cms.example.com',
    ),
  ),
  z.transform((v): Record<string, string> =>
    cmsUrl.test(v.trim())
      ? { '*': v.trim().replace(/\/+$/, '') }
      : Object.fromEntries(v.split(',').map((part) => [part.split('=')[0]!.trim(), part.split('=').slice(1).join('=').trim().replace(/\/+$/, '')])),
  ),
);

/** A PostgreSQL connection URL; its password is never shown back (`redactDatabaseUrl`). */
const postgresUrl = z.string().check(
  z.refine((v) => {
    try {
      const url = new URL(v.trim());
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a PostgreSQL address such as postgres://shop:secret@db.example.com:5432/shop'),
);

/** The URL with its password replaced, for messages and logs; text that is no scheme://… address is hidden whole. */
export function redactDatabaseUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return '***';
  try {
    const url = new URL(text.trim());
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '***';
  }
}

const EnvSchema = z.object({
  PORT: z._default(port, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  /** Set to a postgres:// address, the shop runs on PostgreSQL; unset, on SQLite in DATA_DIR/shop.sqlite. */
  DATABASE_URL: z.optional(postgresUrl),
  /** Connections each server instance keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: z._default(bounded(1, 1000), 10),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  /** auto: one readable line per event on a terminal, JSON anywhere else; pretty or json force one. */
  LOG_FORMAT: z._default(z.enum(['auto', 'pretty', 'json']), 'auto'),
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  /** Where the built client lives; served on the same port when present. */
  CLIENT_DIST: z.optional(z.string().check(z.minLength(1))),
  /** Render store pages on the server for their first request (with the built `dist-ssr/` beside CLIENT_DIST). */
  SERVER_RENDER: z._default(onOff, true),
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
  /** The country whose tax rates catalogue prices include (spec 1 §9: NL). */
  TAX_DEFAULT_COUNTRY: z._default(countryCode, DEFAULT_TAX_COUNTRY),
  /** Children of configurable products (visibility 1) open their parent instead of themselves (spec 1 §4). */
  PREVENT_CHILD_DIRECT_ACCESS: z._default(flag, true),
  /** Seconds a search answer is reused (spec 1 §9: 500); 0 turns the cache off. */
  SEARCH_CACHE_TTL: z._default(z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of seconds')), z.transform(Number)), 500),
  /**
   * Where the catalogue's search index is built: `auto` (on a worker thread from 5,000 products on, so the shop keeps
   * answering), `worker` (always there) or `here` (on the main thread, as before).
   */
  CATALOGUE_BUILD: z._default(z.enum(['auto', 'worker', 'here'], { error: 'must be auto, worker or here' }), 'auto'),
  /** Stock synchronisation; when off every stock answer is 'volatile' (spec 1 §4). */
  STOCK_SYNC: z._default(flag, true),
  /**
   * Product answers wait for the price sync (prices computed at the request, `price_is_current: true`); false answers
   * with the indexed prices at once (`price_is_current: false`) and the storefront asks the fresh ones (spec 1 §4).
   */
  PRICE_SYNC_WAIT: z._default(flag, true),
  /** Out-of-stock products may stay in the cart (spec 1 §9), marked; false removes them when the cart syncs. */
  CART_ALLOW_OUT_OF_STOCK: z._default(flag, true),
  /** The visitor's country when the location header names none (spec 2 §9: NL). */
  DEFAULT_COUNTRY: z._default(countryCode, DEFAULT_LOCATION_COUNTRY),
  /** The request header a proxy puts the visitor's country in (e.g. cf-ipcountry behind Cloudflare). */
  LOCATION_HEADER: z._default(z.string().check(z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name such as x-country-code')), 'x-country-code'),
  /** Exchange rates from EUR, e.g. "USD=1.17,GBP=0.87"; currencies not named keep their default. */
  CURRENCY_RATES: z._default(currencyRates, DEFAULT_CURRENCY_RATES),
  /** E-mail is always written to the outbox table; with smtp://user:pass@host:port (or smtps://) it is also delivered. */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\/\S+$/, 'must be an address such as smtp://user:password@mail.example.com:587'))),
  MAIL_FROM: z._default(z.string().check(z.minLength(3), z.maxLength(200)), 'Horloge shop <shop@localhost>'),
  /** The developers' mailbox (/dev/mailbox); on unless NODE_ENV=production, where DEV_MAILBOX=true turns it on. */
  DEV_MAILBOX: z.optional(flag),
  /** The developers' visualizer (/__devtools, issue 15); on unless NODE_ENV=production, where DEVTOOLS=on turns it on. */
  DEVTOOLS: z.optional(onOff),
  /** Days a mail stays in the outbox (it holds customers' names and addresses); older ones are removed daily. */
  MAIL_KEEP_DAYS: z._default(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of days')), z.transform(Number)).check(z.refine((n) => n >= 1 && n <= 3650, 'must be between 1 and 3650')),
    30,
  ),
  /** Where the shop's form notifications go (contact, trade-in, ...); default SHOP_CONTACT_EMAIL. */
  FORMS_NOTIFY_TO: z.optional(z.string().check(z.regex(/^[^\s@<>,;]+@[^\s@<>,;]+$/, 'must be one e-mail address'))),
  /** The language of the shop's form notifications (the shopper's confirmation is in the shopper's language). */
  FORMS_NOTIFY_LANGUAGE: z._default(z.enum(['en', 'nl', 'de']), 'nl'),
  /** Days a form submission keeps its personal data and photos; after that they are removed (the counts stay). */
  INBOX_KEEP_DAYS: z._default(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of days')), z.transform(Number)).check(z.refine((n) => n >= 1 && n <= 3650, 'must be between 1 and 3650')),
    180,
  ),
  /** The largest photo a form may upload, in bytes (10 MiB); a larger one is refused with 413. */
  UPLOAD_MAX_BYTES: z._default(bounded(1024, 100 * 1024 * 1024), 10 * 1024 * 1024),
  /** Photo uploads per client address within FORM_RATE_WINDOW seconds (6 photos a form). */
  UPLOAD_RATE_MAX: z._default(bounded(1, 1_000_000), 60),
  /** Statistics events (POST /api/stats/log) per client address a minute; past it a 429 until the minute is over. */
  STATS_RATE_MAX: z._default(bounded(1, 100_000_000), 300),
  /** pow: the shop's own proof-of-work captcha; recaptcha: Google reCAPTCHA (needs the two keys); off: every check passes. */
  CAPTCHA_PROVIDER: z._default(z.enum(['pow', 'recaptcha', 'off']), 'pow'),
  /** Leading zero bits the proof-of-work needs; each bit doubles the browser's work (18: a fraction of a second). */
  CAPTCHA_DIFFICULTY: z._default(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number)).check(z.refine((n) => n >= 1 && n <= 32, 'must be between 1 and 32')),
    18,
  ),
  RECAPTCHA_SECRET: z.optional(z.string().check(z.maxLength(200))),
  RECAPTCHA_SITE_KEY: z.optional(z.string().check(z.maxLength(200))),
  /** local: the shop's own subscriber list; mailchimp: a Mailchimp audience (needs the API key and list id). */
  NEWSLETTER_PROVIDER: z._default(z.enum(['local', 'mailchimp']), 'local'),
  MAILCHIMP_API_KEY: z.optional(z.string().check(z.regex(/^[0-9a-f]+-[a-z]+\d+$/, 'must be a Mailchimp API key ending in its datacenter, such as 0123abcd-us21'))),
  MAILCHIMP_LIST_ID: z.optional(z.string().check(z.regex(/^[0-9a-zA-Z]{1,40}$/, 'must be the audience (list) id from Mailchimp'))),
  /** Bearer token of the admin calls (/api/admin/...); without it they answer 403. */
  TRUST_PROXY: z._default(trustProxy, false),
  ADMIN_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  /** Seconds a customer's access token is valid (15 minutes); refresh tokens renew it. */
  ACCESS_TOKEN_TTL: z._default(bounded(10, 86_400), 900),
  /** Seconds a refresh token is valid after it was issued (30 days); every refresh issues a new one. */
  REFRESH_TOKEN_TTL: z._default(bounded(60, 31_536_000), 2_592_000),
  /** The key that signs access tokens; unset, one is made once and kept in DATA_DIR/token-secret. */
  TOKEN_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /** Where shoppers reach the shop (e.g. https://shop.example.com): links in mails start with it. Default http://HOST:PORT. */
  PUBLIC_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/?#]+$/, 'must be an origin such as https://shop.example.com (no path)'))),
  /** Accept the customer token as ?token= on the spec's compatibility calls (the event stream always accepts it). */
  USER_TOKEN_IN_URL: z._default(flag, true),
  /** Failed logins (and reset requests) counted per account and per client address within this many seconds. */
  LOGIN_RATE_WINDOW: z._default(bounded(1, 86_400), 900),
  LOGIN_RATE_MAX_PER_ACCOUNT: z._default(bounded(1, 10_000), 5),
  LOGIN_RATE_MAX_PER_ADDRESS: z._default(bounded(1, 100_000), 20),
  /** Seconds an (address, account) pair waits after its LOGIN_RATE_MAX_PER_ACCOUNT-th failure, doubled each further one. */
  LOGIN_BACKOFF_BASE: z._default(bounded(1, 86_400), 30),
  /** Failures after which the next login or reset request for the account must carry a solved captcha. */
  LOGIN_CAPTCHA_AFTER: z._default(bounded(1, 10_000), 3),
  /** Registrations and reviews per client address within FORM_RATE_WINDOW seconds, and the count from which they need a captcha. */
  FORM_RATE_WINDOW: z._default(bounded(1, 86_400), 3600),
  FORM_RATE_MAX: z._default(bounded(1, 1_000_000), 10),
  FORM_CAPTCHA_AFTER: z._default(bounded(0, 1_000_000), 2),
  /** Also ask the Have I Been Pwned range API about new passwords (off: only the built-in list of common breached passwords). */
  PASSWORD_BREACH_ONLINE: z._default(flag, false),
  /** The payment method codes offered (the mapping of spec 2 §5), e.g. "banktransfer,cashondelivery,multisafepay_ideal". */
  PAYMENT_METHODS: z.optional(codeList),
  /** Sorts the offered payment methods in this order (sorting is off when unset). */
  PAYMENT_METHODS_ORDER: z.optional(codeList),
  /**
   * Euros (incl. VAT) up to which an order may be paid by cheque or cash on delivery; above it they are not offered
   * and an order placed with one is refused. `none` (or `off`): no limit.
   */
  PAYMENT_OFFLINE_MAX: z._default(
    z.pipe(
      z.string().check(z.regex(/^\s*(\d+|none|off)\s*$/i, 'must be a whole number of euros such as 1000, or none')),
      z.transform((v) => (/^\s*\d+\s*$/.test(v) ? Number(v) : null)),
    ),
    1000,
  ),
  /** The company behind the shop, as the footer and the legal notice show it (demo values by default). */
  SHOP_COMPANY_NAME: z._default(z.string().check(z.minLength(2), z.maxLength(100)), SHOP_COMPANY_DEFAULTS.name),
  SHOP_ADDRESS: z._default(z.string().check(z.minLength(2), z.maxLength(200)), SHOP_COMPANY_DEFAULTS.address),
  /** Chamber of Commerce (KvK) number: 8 digits. */
  SHOP_KVK: z._default(z.pipe(z.string(), z.transform((v) => v.trim())).check(z.regex(/^\d{8}$/, 'must be the 8 digits of a Chamber of Commerce (KvK) number')), SHOP_COMPANY_DEFAULTS.kvk),
  /** VAT identification number, e.g. NL864512379B01. */
  SHOP_VAT_ID: z._default(
    z.pipe(z.string(), z.transform((v) => v.replace(/\s+/g, '').toUpperCase())).check(z.regex(/^[A-Z]{2}[A-Z0-9]{2,13}$/, 'must be a VAT identification number such as NL864512379B01')),
    SHOP_COMPANY_DEFAULTS.vatId,
  ),
  /** The customer service's phone number (footer, checkout's help). */
  SHOP_PHONE: z._default(z.pipe(z.string(), z.transform((v) => v.trim())).check(z.regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'must be a phone number such as +31 20 555 0100')), SHOP_COMPANY_DEFAULTS.phone),
  /** Countries the shop ships to (spec 2 §1). */
  SHIP_TO_COUNTRIES: z._default(countryList, ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FR', 'GB', 'IT', 'LU', 'NL', 'SE', 'US']),
  /** The address failed-order messages name ('..., contact {email}'); default the MAIL_FROM address. */
  SHOP_CONTACT_EMAIL: z.optional(z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'))),
  /** sandbox: the shop's own test provider with a hosted payment page; multisafepay or mollie: their APIs (need the API key). */
  PAYMENT_PROVIDER: z._default(z.enum(['sandbox', 'multisafepay', 'mollie']), 'sandbox'),
  /** Base path of the payment service calls (spec 2 §7 'Payment service 1'). */
  PAYMENT_SERVICE_BASE: z._default(z.string().check(z.regex(/^(\/[A-Za-z0-9_-]+)+$/, 'must be a path such as /api/payment')), '/api/payment'),
  MULTISAFEPAY_API_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{20,100}$/, 'must be the website API key from the MultiSafepay dashboard'))),
  /** test: testapi.multisafepay.com; live: api.multisafepay.com. */
  MULTISAFEPAY_ENVIRONMENT: z._default(z.enum(['test', 'live']), 'test'),
  MOLLIE_API_KEY: z.optional(z.string().check(z.regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must be a Mollie API key such as test_...'))),
  /** Minutes an order waits for its online payment (stock reserved) before it is canceled and its stock released. */
  PAYMENT_WINDOW_MINUTES: z._default(bounded(5, 43_200), 60),
  /** The account bank transfers are paid to (shown with the amount and the order number as reference). */
  BANK_ACCOUNT_HOLDER: z._default(z.string().check(z.minLength(2), z.maxLength(70)), 'Horloge & Diamant B.V.'),
  BANK_IBAN: z._default(
    z.pipe(z.string(), z.transform(normaliseIban)).check(z.refine(ibanValid, 'must be a valid IBAN such as NL91 ABNA 0417 1643 00 (its check digits do not match)')),
    'NL91ABNA0417164300',
  ),
  BANK_BIC: z._default(z.pipe(z.string(), z.transform((v) => v.trim().toUpperCase())).check(z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters such as ABNANL2A')), 'ABNANL2A'),
  /**
   * Origins besides PUBLIC_URL a payer may be sent back to after paying, e.g. "http://localhost:5173". Unset, and with
   * PUBLIC_URL unset, the shop's own loopback addresses (see `localReturnOrigins`).
   */
  PAYMENT_REDIRECT_ORIGINS: z.optional(z.pipe(
    z.string().check(z.regex(/^\s*https?:\/\/[^\s/?#,]+(\s*,\s*https?:\/\/[^\s/?#,]+)*\s*$/, 'must be origins separated by commas, e.g. http://localhost:5173')),
    z.transform((v) => v.split(',').map((origin) => origin.trim())),
  )),
  /** Checkout runs on an external CMS (spec 1 §1, spec 2 §2): /checkout sends the browser there. Off: the shop's own. */
  EXTERNAL_CHECKOUT: z._default(flag, false),
  /** The CMS address of the external checkout: one origin for every store, or per store "nl=https://...,en=https://...". */
  CMS_URL: z.optional(cmsUrls),
  /** The brand variant that adds /country/{code} to the external checkout address. */
  EXTERNAL_CHECKOUT_COUNTRY_IN_PATH: z._default(flag, false),
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);
/** The Vite dev server's port (client/vite.config.ts, `pnpm dev`), which proxies the API to this server. */
const DEV_SERVER_PORT = 5173;

/**
 * Where a payer may return to on a shop that was given no PUBLIC_URL and listens on this machine: the names the
 * machine itself reaches it by (localhost, 127.0.0.1, [::1]) at its port, and, outside production, at the Vite dev
 * server's port. Taken from configuration alone (never a request's Host header); a shop others reach sets
 * PUBLIC_URL (and PAYMENT_REDIRECT_ORIGINS for any other origin it is served from).
 */
export function localReturnOrigins(host: string, port: number, env: string): string[] {
  if (!LOOPBACK_HOSTS.has(host)) return [];
  const ports = env === 'production' ? [port] : [port, DEV_SERVER_PORT];
  return ports.flatMap((at) => [`http://localhost:${at}`, `http://127.0.0.1:${at}`, `http://[::1]:${at}`]);
}

/**
 * Which database the shop runs on (opened by `openDatabase` in storage/database.ts): SQLite in one file (the
 * default), or PostgreSQL at `url` with a pool of `poolSize` connections; `createIfMissing` creates the database
 * named in the URL first (from `template` when given: tests, trying the shop out), never set from the environment.
 */
export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; poolSize: number; createIfMissing: boolean; template?: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: (typeof LOG_LEVELS)[number];
  logFormat: 'auto' | 'pretty' | 'json';
  env: 'development' | 'production' | 'test';
  clientDist: string | null;
  /** Store pages are rendered on the server when the client's server build is there (decision 048). */
  serverRender: boolean;
  seedDemo: boolean;
  demoSeed: number;
  demoProducts: number;
  useUrlKeys: boolean;
  preventChildDirectAccess: boolean;
  taxCountry: string;
  searchCacheTtlSeconds: number;
  /** Where the catalogue's index is built (CATALOGUE_BUILD). */
  catalogueBuild: 'auto' | 'worker' | 'here';
  stockSync: boolean;
  priceSyncWait: boolean;
  allowOutOfStockInCart: boolean;
  defaultCountry: string;
  /** Lower case, as Node gives header names. */
  locationHeader: string;
  currencyRates: CurrencyRates;
  mail: { smtpUrl: string | null; from: string; devMailbox: boolean; keepDays: number };
  /** The developers' visualizer: the served page names it (a meta tag) and /__devtools is an address of the shop. */
  devtools: boolean;
  captcha: { provider: 'pow' | 'recaptcha' | 'off'; difficulty: number; recaptchaSecret: string | null; recaptchaSiteKey: string | null };
  newsletter: { provider: 'local' | 'mailchimp'; mailchimpApiKey: string | null; mailchimpListId: string | null };
  adminToken: string | null;
  /** Fastify's trustProxy: which proxies may name the client's address (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  accounts: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** null: made once per data dir (features/accounts/token-secret.ts). */
    tokenSecret: string | null;
    tokenInUrl: boolean;
    /** The origin links in account mails start with; never taken from a request's Host header. */
    publicUrl: string;
    rateLimit: { windowSeconds: number; maxPerAccount: number; maxPerAddress: number; backoffBaseSeconds: number; captchaAfter: number };
    forms: { windowSeconds: number; max: number; captchaAfter: number };
    breachOnline: boolean;
  };
  orders: {
    /** Payment method codes offered; null: the shop's default mapping. */
    paymentMethods: string[] | null;
    /** Sort order of the payment methods; null: sorting off. */
    paymentMethodsOrder: string[] | null;
    shipToCountries: string[];
    /** Euros (incl. VAT) up to which cheque and cash on delivery may pay an order (PAYMENT_OFFLINE_MAX); null: no limit. */
    offlinePaymentMax: number | null;
    contactEmail: string;
    /** The account bank transfers are paid to. */
    bankAccount: { account_holder: string; iban: string; bic: string };
  };
  payments: {
    provider: 'sandbox' | 'multisafepay' | 'mollie';
    basePath: string;
    multisafepay: { apiKey: string | null; environment: 'test' | 'live' };
    mollie: { apiKey: string | null };
    redirectOrigins: string[];
    /** Minutes an order waits for its online payment before it is canceled (stock released). */
    windowMinutes: number;
  };
  /** The shop's forms and their inbox (features/forms). */
  forms: { notifyTo: string; notifyLanguage: 'en' | 'nl' | 'de'; keepDays: number; uploadMaxBytes: number; uploadRateMax: number; statsRateMax: number };
  /** The company behind the shop (footer, checkout's help): name, address, KvK and VAT numbers, customer service phone. */
  company: ShopCompany;
  /** The external checkout (spec 2 §2); off by default. `cmsUrls` by store code, '*' for every store. */
  checkout: { external: boolean; cmsUrls: Record<string, string>; countryInPath: boolean };
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
      const value = env[name] ?? '';
      return `  ${name}=${JSON.stringify(name === 'DATABASE_URL' ? redactDatabaseUrl(value) : value)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const missing = [
    v.CAPTCHA_PROVIDER === 'recaptcha' && !v.RECAPTCHA_SECRET && '  RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER=recaptcha',
    v.CAPTCHA_PROVIDER === 'recaptcha' && !v.RECAPTCHA_SITE_KEY && '  RECAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER=recaptcha',
    v.NEWSLETTER_PROVIDER === 'mailchimp' && !v.MAILCHIMP_API_KEY && '  MAILCHIMP_API_KEY: required when NEWSLETTER_PROVIDER=mailchimp',
    v.NEWSLETTER_PROVIDER === 'mailchimp' && !v.MAILCHIMP_LIST_ID && '  MAILCHIMP_LIST_ID: required when NEWSLETTER_PROVIDER=mailchimp',
    v.PAYMENT_PROVIDER === 'multisafepay' && !v.MULTISAFEPAY_API_KEY && '  MULTISAFEPAY_API_KEY: required when PAYMENT_PROVIDER=multisafepay',
    v.PAYMENT_PROVIDER === 'mollie' && !v.MOLLIE_API_KEY && '  MOLLIE_API_KEY: required when PAYMENT_PROVIDER=mollie',
    v.EXTERNAL_CHECKOUT && !v.CMS_URL && '  CMS_URL: required when EXTERNAL_CHECKOUT=true',
  ].filter(Boolean);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  // Relative paths are taken from where the command was typed: pnpm runs scripts inside the package folder
  // but remembers the caller's folder in INIT_CWD.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, v.DATA_DIR);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    database: v.DATABASE_URL
      ? { engine: 'postgres', url: v.DATABASE_URL.trim(), poolSize: v.DATABASE_POOL_SIZE, createIfMissing: false }
      : { engine: 'sqlite', file: path.join(dataDir, 'shop.sqlite') },
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    env: v.NODE_ENV,
    clientDist: v.CLIENT_DIST ? path.resolve(base, v.CLIENT_DIST) : null,
    serverRender: v.SERVER_RENDER,
    seedDemo: v.SEED_DEMO,
    demoSeed: v.DEMO_SEED,
    demoProducts: v.DEMO_PRODUCTS,
    useUrlKeys: v.USE_URL_KEYS,
    preventChildDirectAccess: v.PREVENT_CHILD_DIRECT_ACCESS,
    taxCountry: v.TAX_DEFAULT_COUNTRY,
    searchCacheTtlSeconds: v.SEARCH_CACHE_TTL,
    catalogueBuild: v.CATALOGUE_BUILD,
    stockSync: v.STOCK_SYNC,
    priceSyncWait: v.PRICE_SYNC_WAIT,
    allowOutOfStockInCart: v.CART_ALLOW_OUT_OF_STOCK,
    defaultCountry: v.DEFAULT_COUNTRY,
    locationHeader: v.LOCATION_HEADER.toLowerCase(),
    currencyRates: v.CURRENCY_RATES,
    mail: { smtpUrl: v.SMTP_URL ?? null, from: v.MAIL_FROM, devMailbox: v.NODE_ENV !== 'production' || v.DEV_MAILBOX === true, keepDays: v.MAIL_KEEP_DAYS },
    devtools: v.DEVTOOLS ?? v.NODE_ENV !== 'production',
    captcha: { provider: v.CAPTCHA_PROVIDER, difficulty: v.CAPTCHA_DIFFICULTY, recaptchaSecret: v.RECAPTCHA_SECRET ?? null, recaptchaSiteKey: v.RECAPTCHA_SITE_KEY ?? null },
    newsletter: { provider: v.NEWSLETTER_PROVIDER, mailchimpApiKey: v.MAILCHIMP_API_KEY ?? null, mailchimpListId: v.MAILCHIMP_LIST_ID ?? null },
    adminToken: v.ADMIN_TOKEN ?? null,
    trustProxy: v.TRUST_PROXY,
    accounts: {
      accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL,
      refreshTokenTtlSeconds: v.REFRESH_TOKEN_TTL,
      tokenSecret: v.TOKEN_SECRET ?? null,
      tokenInUrl: v.USER_TOKEN_IN_URL,
      publicUrl: v.PUBLIC_URL ?? `http://${v.HOST === '0.0.0.0' || v.HOST === '::' ? 'localhost' : v.HOST}:${v.PORT}`,
      rateLimit: {
        windowSeconds: v.LOGIN_RATE_WINDOW,
        maxPerAccount: v.LOGIN_RATE_MAX_PER_ACCOUNT,
        maxPerAddress: v.LOGIN_RATE_MAX_PER_ADDRESS,
        backoffBaseSeconds: v.LOGIN_BACKOFF_BASE,
        captchaAfter: v.LOGIN_CAPTCHA_AFTER,
      },
      forms: { windowSeconds: v.FORM_RATE_WINDOW, max: v.FORM_RATE_MAX, captchaAfter: v.FORM_CAPTCHA_AFTER },
      breachOnline: v.PASSWORD_BREACH_ONLINE,
    },
    orders: {
      paymentMethods: v.PAYMENT_METHODS ?? null,
      paymentMethodsOrder: v.PAYMENT_METHODS_ORDER ?? null,
      shipToCountries: v.SHIP_TO_COUNTRIES,
      offlinePaymentMax: v.PAYMENT_OFFLINE_MAX,
      contactEmail: v.SHOP_CONTACT_EMAIL ?? /<([^>]+)>/.exec(v.MAIL_FROM)?.[1] ?? v.MAIL_FROM,
      bankAccount: { account_holder: v.BANK_ACCOUNT_HOLDER.trim(), iban: v.BANK_IBAN, bic: v.BANK_BIC },
    },
    payments: {
      provider: v.PAYMENT_PROVIDER,
      basePath: v.PAYMENT_SERVICE_BASE,
      multisafepay: { apiKey: v.MULTISAFEPAY_API_KEY ?? null, environment: v.MULTISAFEPAY_ENVIRONMENT },
      mollie: { apiKey: v.MOLLIE_API_KEY ?? null },
      redirectOrigins: v.PAYMENT_REDIRECT_ORIGINS ?? (v.PUBLIC_URL === undefined ? localReturnOrigins(v.HOST, v.PORT, v.NODE_ENV) : []),
      windowMinutes: v.PAYMENT_WINDOW_MINUTES,
    },
    forms: {
      notifyTo: v.FORMS_NOTIFY_TO ?? v.SHOP_CONTACT_EMAIL ?? /<([^>]+)>/.exec(v.MAIL_FROM)?.[1] ?? v.MAIL_FROM,
      notifyLanguage: v.FORMS_NOTIFY_LANGUAGE,
      keepDays: v.INBOX_KEEP_DAYS,
      uploadMaxBytes: v.UPLOAD_MAX_BYTES,
      uploadRateMax: v.UPLOAD_RATE_MAX,
      statsRateMax: v.STATS_RATE_MAX,
    },
    company: { name: v.SHOP_COMPANY_NAME.trim(), address: v.SHOP_ADDRESS.trim(), kvk: v.SHOP_KVK, vatId: v.SHOP_VAT_ID, phone: v.SHOP_PHONE },
    checkout: { external: v.EXTERNAL_CHECKOUT, cmsUrls: v.CMS_URL ?? {}, countryInPath: v.EXTERNAL_CHECKOUT_COUNTRY_IN_PATH },
  };
}

/**
 * A configuration for tests: a temp data dir, quiet logs, a small catalogue, and the data dir's database on the engine
 * under test (test/test-database.ts: SQLite in the `server` Vitest project, PostgreSQL in `server-pg`).
 */
export function testConfig(overrides: Partial<AppConfig> & { dataDir: string }): AppConfig {
  return {
    // Test files register many customers and write many reviews from one address: the form throttles are the
    // security tests' own (they set them), not every suite's. Server rendering is the page-render tests' own too: it
    // looks for a server build beside the client folder, and a test's folder in the system's temporary directory
    // must not pick up whatever `dist-ssr` lies there.
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', DEMO_PRODUCTS: '1600', FORM_RATE_MAX: '1000000', FORM_CAPTCHA_AFTER: '1000000', SERVER_RENDER: 'off' }),
    database: testDatabase(overrides.dataDir),
    ...overrides,
  };
}
