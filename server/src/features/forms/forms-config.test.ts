import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('the forms configuration', () => {
  it('has the documented defaults; the notifications go to SHOP_CONTACT_EMAIL unless FORMS_NOTIFY_TO names another', () => {
    expect(loadConfig({}).forms).toEqual({ notifyTo: 'shop@localhost', notifyLanguage: 'nl', keepDays: 180, uploadMaxBytes: 10 * 1024 * 1024, uploadRateMax: 60, statsRateMax: 300 });
    expect(loadConfig({ SHOP_CONTACT_EMAIL: 'info@horloge.example' }).forms.notifyTo).toBe('info@horloge.example');
    const set = loadConfig({ SHOP_CONTACT_EMAIL: 'info@horloge.example', FORMS_NOTIFY_TO: 'inkoop@horloge.example', FORMS_NOTIFY_LANGUAGE: 'de', INBOX_KEEP_DAYS: '30', UPLOAD_MAX_BYTES: '2097152', UPLOAD_RATE_MAX: '12', STATS_RATE_MAX: '50' }).forms;
    expect(set).toEqual({ notifyTo: 'inkoop@horloge.example', notifyLanguage: 'de', keepDays: 30, uploadMaxBytes: 2_097_152, uploadRateMax: 12, statsRateMax: 50 });
  });

  it.each([
    [{ FORMS_NOTIFY_TO: 'a@b.example, c@d.example' }, 'FORMS_NOTIFY_TO'],
    [{ FORMS_NOTIFY_LANGUAGE: 'fr' }, 'FORMS_NOTIFY_LANGUAGE'],
    [{ INBOX_KEEP_DAYS: '0' }, 'INBOX_KEEP_DAYS'],
    [{ STATS_RATE_MAX: '0' }, 'STATS_RATE_MAX'],
    [{ INBOX_KEEP_DAYS: 'half a year' }, 'INBOX_KEEP_DAYS'],
    [{ UPLOAD_MAX_BYTES: '10MB' }, 'UPLOAD_MAX_BYTES'],
    [{ UPLOAD_RATE_MAX: '0' }, 'UPLOAD_RATE_MAX'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
