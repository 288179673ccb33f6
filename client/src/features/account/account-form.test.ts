import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { serverFieldErrors } from './account-form.tsx';
import de from '../../locales/de/account.json';
import en from '../../locales/en/account.json';
import nl from '../../locales/nl/account.json';

const breached = (path: string) =>
  new ApiError(400, 'bad_request', 'Invalid password: This password appears in a list of leaked passwords; please choose another one', {
    fields: [{ path, message: 'This password appears in a list of leaked passwords; please choose another one', key: 'passwordBreached' }],
  });

describe("the server's field messages on an account form", () => {
  it('puts a breached password on the password field, under the form name the server path maps to', () => {
    expect(serverFieldErrors(breached('password'), ['email', 'password', 'repeat'])).toEqual({ password: 'passwordBreached' });
    expect(serverFieldErrors(breached('newPassword'), ['current', 'password', 'repeat'], { newPassword: 'password' })).toEqual({ password: 'passwordBreached' });
  });

  it('ignores fields the form does not have, unknown keys, and answers that are no field refusal', () => {
    expect(serverFieldErrors(breached('newPassword'), ['current', 'password'])).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'bad_request', 'x', { fields: [{ path: 'password', key: 'notAKey' }] }), ['password'])).toEqual({});
    expect(serverFieldErrors(new ApiError(401, 'account_sign_in_incorrect', 'x'), ['password'])).toEqual({});
    expect(serverFieldErrors(new Error('x'), ['password'])).toEqual({});
  });

  it('has the breached-password message in en, nl and de', () => {
    expect(en.validation.passwordBreached).toBe('This password appears in a list of leaked passwords; please choose another one');
    expect(nl.validation.passwordBreached).toMatch(/wachtwoord/);
    expect(de.validation.passwordBreached).toMatch(/Passw/);
  });
});
