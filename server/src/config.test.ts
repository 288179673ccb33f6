import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseCurrencyRates } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ engine: 'sqlite', file: expect.stringMatching(/data\/shop\.sqlite$/) });
    expect(config.seedDemo).toBe(true);
  });

  it('reads PORT, HOST and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/shop-x' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/tmp/shop-x', database: { engine: 'sqlite', file: '/tmp/shop-x/shop.sqlite' } });
  });

  it('resolves a relative DATA_DIR from the folder the command was typed in', () => {
    expect(loadConfig({ DATA_DIR: 'shop-data', INIT_CWD: '/srv/shop' }).dataDir).toBe('/srv/shop/shop-data');
  });

  it('names the variable and the value when one is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud"/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO="maybe"/);
    expect(() => loadConfig({ SEARCH_CACHE_TTL: '-1' })).toThrow(/SEARCH_CACHE_TTL="-1": must be a whole number of seconds/);
    expect(() => loadConfig({ CATALOGUE_BUILD: 'sometimes' })).toThrow(/CATALOGUE_BUILD="sometimes": must be auto, worker or here/);
  });

  it('builds the catalogue where CATALOGUE_BUILD says, on a worker thread when large by default', () => {
    expect(loadConfig({}).catalogueBuild).toBe('auto');
    expect(loadConfig({ CATALOGUE_BUILD: 'here' }).catalogueBuild).toBe('here');
    expect(loadConfig({ CATALOGUE_BUILD: 'worker' }).catalogueBuild).toBe('worker');
  });
});

describe('loadConfig: the database', () => {
  it('runs on SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/shop-x', DATABASE_POOL_SIZE: '4' }).database).toEqual({ engine: 'sqlite', file: '/tmp/shop-x/shop.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://shop:secret@db.example.com:5432/shop' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://shop:secret@db.example.com:5432/shop',
      poolSize: 10,
      createIfMissing: false,
    });
    expect(loadConfig({ DATABASE_URL: ' postgresql://127.0.0.1/shop ', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({
      engine: 'postgres',
      url: 'postgresql://127.0.0.1/shop',
      poolSize: 25,
    });
  });

  it('names a bad DATABASE_URL or DATABASE_POOL_SIZE and never shows the password', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    const mysql = message({ DATABASE_URL: 'mysql://shop:hunter2@db/shop' });
    expect(mysql).toMatch(/DATABASE_URL="mysql:\/\/shop:\*\*\*@db\/shop": must be a PostgreSQL address/);
    expect(mysql).not.toContain('hunter2');
    const garbled = message({ DATABASE_URL: 'shop:hunter2@db' });
    expect(garbled).toMatch(/DATABASE_URL=.*must be a PostgreSQL address/);
    expect(garbled).not.toContain('hunter2');
    expect(message({ DATABASE_URL: 'postgres:///shop' })).toMatch(/DATABASE_URL/);
    expect(message({ DATABASE_POOL_SIZE: '0' })).toMatch(/DATABASE_POOL_SIZE="0": must be between 1 and 1000/);
    expect(message({ DATABASE_POOL_SIZE: 'many' })).toMatch(/DATABASE_POOL_SIZE="many": must be a whole number/);
  });
});

describe('loadConfig: stock, location and currencies', () => {
  it('synchronises stock, locates visitors in NL by x-country-code and uses the default rates unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.stockSync).toBe(true);
    expect(config.defaultCountry).toBe('NL');
    expect(config.locationHeader).toBe('x-country-code');
    expect(config.currencyRates).toEqual({ EUR: 1, GBP: 0.87, USD: 1.17, SEK: 10.95, DKK: 7.46 });
  });

  it('reads STOCK_SYNC, DEFAULT_COUNTRY, LOCATION_HEADER and CURRENCY_RATES', () => {
    const config = loadConfig({ STOCK_SYNC: 'false', DEFAULT_COUNTRY: 'be', LOCATION_HEADER: 'CF-IPCountry', CURRENCY_RATES: 'usd=1.1, GBP=0.85' });
    expect(config).toMatchObject({ stockSync: false, defaultCountry: 'BE', locationHeader: 'cf-ipcountry' });
    expect(config.currencyRates).toEqual({ EUR: 1, GBP: 0.85, USD: 1.1, SEK: 10.95, DKK: 7.46 });
  });

  it('reads PRICE_SYNC_WAIT: on unless set to false', () => {
    expect(loadConfig({}).priceSyncWait).toBe(true);
    expect(loadConfig({ PRICE_SYNC_WAIT: 'false' }).priceSyncWait).toBe(false);
    expect(() => loadConfig({ PRICE_SYNC_WAIT: 'later' })).toThrow(/PRICE_SYNC_WAIT="later"/);
  });

  it('names the variable and says what is wrong', () => {
    expect(() => loadConfig({ STOCK_SYNC: 'sometimes' })).toThrow(/STOCK_SYNC="sometimes"/);
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'NLD' })).toThrow(/DEFAULT_COUNTRY="NLD": must be a two-letter country code such as NL/);
    expect(() => loadConfig({ LOCATION_HEADER: 'x country' })).toThrow(/LOCATION_HEADER="x country": must be an HTTP header name/);
    expect(() => loadConfig({ CURRENCY_RATES: 'JPY=160' })).toThrow(/CURRENCY_RATES="JPY=160": unknown currency JPY; use GBP, USD, SEK, DKK/);
    expect(() => loadConfig({ CURRENCY_RATES: 'USD' })).toThrow(ConfigError);
  });
});

describe('parseCurrencyRates', () => {
  it('overrides the named currencies only', () => {
    expect(parseCurrencyRates('SEK=11.5')).toEqual({ EUR: 1, GBP: 0.87, USD: 1.17, SEK: 11.5, DKK: 7.46 });
    expect(parseCurrencyRates('EUR=1,DKK=7.45')).toMatchObject({ EUR: 1, DKK: 7.45 });
  });

  it('explains a bad entry', () => {
    expect(parseCurrencyRates('USD:1.1')).toBe('"USD:1.1" is not CODE=RATE; write e.g. USD=1.17,GBP=0.87');
    expect(parseCurrencyRates('USD=0')).toBe('the rate of USD must be a number above 0, not "0"');
    expect(parseCurrencyRates('USD=-1')).toBe('the rate of USD must be a number above 0, not "-1"');
    expect(parseCurrencyRates('GBP=abc')).toBe('the rate of GBP must be a number above 0, not "abc"');
    expect(parseCurrencyRates('USD=1.1,USD=1.2')).toBe('USD is given twice');
    expect(parseCurrencyRates('EUR=1.1')).toBe('EUR is the catalogue currency: its rate is always 1');
  });
});

describe('loadConfig: bank transfer and the payment window', () => {
  it('has demo bank details and a 60-minute payment window; reads its own, the IBAN as banks print it', () => {
    expect(loadConfig({}).orders.bankAccount).toEqual({ account_holder: 'Horloge & Diamant B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' });
    expect(loadConfig({}).payments.windowMinutes).toBe(60);
    const config = loadConfig({ BANK_ACCOUNT_HOLDER: 'Juwelier B.V.', BANK_IBAN: 'de89 3704 0044 0532 0130 00', BANK_BIC: 'cobadeffxxx', PAYMENT_WINDOW_MINUTES: '30' });
    expect(config.orders.bankAccount).toEqual({ account_holder: 'Juwelier B.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(config.payments.windowMinutes).toBe(30);
  });

  it('refuses an IBAN whose check digits are wrong, a malformed BIC and a window out of range, naming them', () => {
    expect(() => loadConfig({ BANK_IBAN: 'NL92 ABNA 0417 1643 00' })).toThrow(/BANK_IBAN="NL92 ABNA 0417 1643 00": must be a valid IBAN/);
    expect(() => loadConfig({ BANK_BIC: 'ABN' })).toThrow(/BANK_BIC="ABN": must be a BIC/);
    expect(() => loadConfig({ PAYMENT_WINDOW_MINUTES: '1' })).toThrow(/PAYMENT_WINDOW_MINUTES="1": must be between 5 and 43200/);
  });
});

describe('loadConfig: the developers\' visualizer (DEVTOOLS)', () => {
  it('is on outside production and off in production unless DEVTOOLS turns it on', () => {
    expect(loadConfig({}).devtools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devtools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devtools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEVTOOLS: 'on' }).devtools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEVTOOLS: 'true' }).devtools).toBe(true);
  });

  it('reads off (and false) as off, in development too', () => {
    expect(loadConfig({ DEVTOOLS: 'off' }).devtools).toBe(false);
    expect(loadConfig({ DEVTOOLS: 'false' }).devtools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEVTOOLS: 'off' }).devtools).toBe(false);
  });

  it('names the variable when the value is neither on nor off', () => {
    expect(() => loadConfig({ DEVTOOLS: 'maybe' })).toThrow(/DEVTOOLS="maybe"/);
  });
});
