import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseFile.endsWith('data/shop.sqlite')).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('reads PORT, HOST and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/shop-x' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/tmp/shop-x', databaseFile: '/tmp/shop-x/shop.sqlite' });
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
  });
});
