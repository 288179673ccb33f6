import { ACCOUNT_MESSAGES } from '@shop/shared/account/account.schema';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/account.json';
import en from '../../locales/en/account.json';
import nl from '../../locales/nl/account.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('account texts', () => {
  it('have the same keys in en, nl and de', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it("keep the spec's messages word for word in English", () => {
    expect(en.notices.loggedOut).toBe("You're logged out");
    expect(en.errors.loginRequired).toBe(ACCOUNT_MESSAGES.loginRequired);
    expect(en.errors.offlinePassword).toBe('Reset password feature does not work while offline!');
    expect(en.errors.account_email_exists).toBe(ACCOUNT_MESSAGES.emailExists);
    expect(en.errors.account_sign_in_incorrect).toBe(ACCOUNT_MESSAGES.signInIncorrect);
    expect(en.errors.account_email_unknown).toBe(ACCOUNT_MESSAGES.emailUnknown);
    expect(en.errors.account_refresh_refused).toBe(ACCOUNT_MESSAGES.refreshRefused);
    expect(en.errors.unauthorized).toBe(ACCOUNT_MESSAGES.tokenInvalid);
    expect(en.notices.accountUpdated).toBe(ACCOUNT_MESSAGES.accountUpdated);
    expect(en.notices.passwordChanged).toBe(ACCOUNT_MESSAGES.passwordChanged);
    for (const [key, message] of Object.entries(FIELD_MESSAGES)) expect(en.validation[key as keyof typeof en.validation]).toBe(message);
  });

  it('label addresses as spec 2 §3 does', () => {
    expect(Object.values(en.address)).toEqual(
      expect.arrayContaining(['First name', 'Middle name', 'Last name', 'Company name', 'Street name', 'House/Apartment number', 'Addition', 'City', 'Zip-code', 'State / Province', 'Country', 'Phone Number', 'Tax ID']),
    );
  });
});
