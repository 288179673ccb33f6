/**
 * New passwords found in a breached-password list are refused (OWASP ASVS 5.0 V6.2.4; NIST SP 800-63B 3.1.1.2).
 *
 * Offline by default: the list is the "passwords-common" dictionary of @zxcvbn-ts/language-common (MIT, maintained,
 * about 49,000 of the passwords seen most often in breach corpora, compressed in the package), of which the shop keeps
 * the ones long enough to pass the spec's minimum (about 18,000; shorter ones are refused by the minimum anyway). An
 * npm package, rather than a list file generated at build, because it is versioned and updated upstream, needs no
 * network at build or at run time, and costs nothing in the browser bundle (only the server checks it).
 *
 * With PASSWORD_BREACH_ONLINE=true the shop also asks the Have I Been Pwned range API (k-anonymity: only the first
 * five hex digits of the password's SHA-1 leave the server); when that call fails the built-in list decides alone.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@shop/shared';
import { FIELD_MESSAGES, PASSWORD_MIN_LENGTH } from '@shop/shared/account/index';
import type { FastifyBaseLogger } from 'fastify';
import type { FetchLike } from '../captcha/captcha.ts';

export const PWNED_RANGE_URL = 'https://api.pwnedpasswords.com/range/';

let common: Promise<Set<string>> | null = null;

/** The built-in list, loaded on first use (the package decompresses it when imported). */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH)));
  return common;
}

/** Whether the password (or its lower-case form: the lists are lower case) is in the built-in list. */
export async function isCommonBreachedPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}

export interface PasswordPolicy {
  /** Throws a 400 naming `field` with the breached-password message. */
  check(password: string, field: string): Promise<void>;
}

export function passwordPolicy(options: { online: boolean; fetch?: FetchLike; log?: FastifyBaseLogger }): PasswordPolicy {
  const fetch = options.fetch ?? (globalThis.fetch as FetchLike);
  const pwned = async (password: string): Promise<boolean> => {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    try {
      const response = await fetch(`${PWNED_RANGE_URL}${sha1.slice(0, 5)}`, { method: 'GET', headers: { 'add-padding': 'true' }, signal: AbortSignal.timeout(3000) });
      if (response.status !== 200) return false;
      const text = await (response as unknown as { text(): Promise<string> }).text();
      return text.split('\n').some((line) => {
        const [suffix, count] = line.trim().split(':');
        return suffix === sha1.slice(5) && Number(count) > 0;
      });
    } catch (error) {
      options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'the breached-password service could not be asked');
      return false;
    }
  };
  return {
    async check(password, field) {
      if ((await isCommonBreachedPassword(password)) || (options.online && (await pwned(password)))) {
        const message = FIELD_MESSAGES.passwordBreached;
        throw new DomainError('bad_request', `Invalid password: ${message}`, { details: { fields: [{ path: field, message, key: 'passwordBreached' }] } });
      }
    },
  };
}
