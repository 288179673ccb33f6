/**
 * What the two security suites share with the per-feature case files in `security/cases/` (issue 17: several features
 * add routes at once, and each adds its ownership cases and fuzz hints in a file of its own, so their changes do not
 * meet in `ownership.test.ts` or `openapi.fuzz.test.ts`).
 *
 * A case file `security/cases/<feature>.ts` exports `ownership` (an `OwnershipCases`) and/or `fuzz` (a `FuzzHints`);
 * both suites load every file of the folder (`caseFiles()`), so a new file needs no line anywhere else. A route of
 * `/api/openapi.json` must have exactly one case across `ownership.test.ts` and the case files: a route with none, a
 * case of a route that is gone, or a route with two cases fails the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the suite itself gives every owner (the base objects of `ownership.test.ts`). */
export interface Owned {
  orderId: string;
  orderToken: string;
  hash: string;
  incrementId: string;
  paymentUrl: string | null;
  reviewId: number | null;
  cartItemId: string | null;
  coupon: string | null;
}

export interface Actor {
  name: 'alice' | 'bob' | 'guest' | 'nobody';
  kind: 'customer' | 'guest' | 'nobody';
  email: string;
  /** A string only this actor's data holds (letters only: it is also the owner's first name). */
  marker: string;
  /** The customer's access token (customers). */
  token: string | null;
  /** The guest's cart token, or the customer's own cart token (which is no credential on its own). */
  cart: string | null;
  customerId: number | null;
  owned: Owned | null;
  /** What a case file's `own` made for this actor, under the file's name (e.g. `extra.forms`). */
  extra: Record<string, unknown>;
}

export interface Attempt {
  method: Method;
  path: string;
  payload?: unknown;
  headers?: Record<string, string>;
  query?: string;
  /** The attempt must be answered with an error status (no answer about the caller's own data makes sense). */
  expectRefusal?: boolean;
  /** A request for something that does not exist, which "not yours" must answer exactly like. */
  likeNothing?: Omit<Attempt, 'likeNothing'>;
}

/** The requests an attacker makes against one owner. */
export type AttemptsCase = { attempts: (owner: Actor, attacker: Actor) => Attempt[] };
/** A route's case: public (with the reason, more than a few words), or its attempts. */
export type Case = { public: string } | AttemptsCase;

/** The suite's app and its ways to call it, for the case files. */
export interface OwnershipKit {
  app: FastifyInstance;
  /** One request as the actor (their own credentials added; null: none); a 5xx fails the test. */
  call(actor: Actor | null, method: Method, path: string, options?: { payload?: unknown; headers?: Record<string, string>; query?: string }): Promise<LightMyRequestResponse>;
  /** Expects a 200. */
  ok(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse>;
  /** The actor without any credential. */
  nobody: Actor;
}

export interface OwnershipCases {
  /** Gives an actor (alice, bob, guest) the feature's own objects, after the suite's base objects; keep ids in `actor.extra`. */
  own?(actor: Actor, kit: OwnershipKit): Promise<void>;
  /** The owner's data of the feature, read by the owner or from the tables: no attempt may change it. */
  snapshot?(owner: Actor, kit: OwnershipKit): Promise<unknown>;
  /** More strings only the owner's data holds: no attacker's answer may show one it did not send. */
  secrets?(owner: Actor): string[];
  /** By route as `/api/openapi.json` names it: "POST /api/forms/contacts". */
  cases: Record<string, Case>;
}

export interface FuzzHints {
  /** Values that reach past the first checks, by parameter or field name (made once, after the app is built). */
  known?(app: FastifyInstance): Promise<Record<string, unknown[]>> | Record<string, unknown[]>;
  /** Routes whose documented answers are not the JSON envelope: the content types allowed. */
  nonJson?: Record<string, RegExp>;
}

export interface CaseFile {
  name: string;
  ownership?: OwnershipCases;
  fuzz?: FuzzHints;
}

const CASES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases');

/** Every case file of `security/cases/`, by name. */
export async function caseFiles(): Promise<CaseFile[]> {
  const names = fs.existsSync(CASES_DIR) ? fs.readdirSync(CASES_DIR).filter((file) => /^[\w-]+\.ts$/.test(file) && !file.endsWith('.test.ts')).sort() : [];
  const files: CaseFile[] = [];
  for (const file of names) {
    const loaded = (await import(pathToFileURL(path.join(CASES_DIR, file)).href)) as { ownership?: OwnershipCases; fuzz?: FuzzHints };
    if (!loaded.ownership && !loaded.fuzz) throw new Error(`security/cases/${file} exports neither "ownership" nor "fuzz"`);
    files.push({ name: file.replace(/\.ts$/, ''), ...(loaded.ownership ? { ownership: loaded.ownership } : {}), ...(loaded.fuzz ? { fuzz: loaded.fuzz } : {}) });
  }
  return files;
}

/** The suite's own cases with every case file's, refusing a route two places claim. */
export function mergedCases(own: Record<string, Case>, files: readonly CaseFile[]): { cases: Record<string, Case>; twice: string[] } {
  const cases: Record<string, Case> = { ...own };
  const where = new Map<string, string>(Object.keys(own).map((route) => [route, 'ownership.test.ts']));
  const twice: string[] = [];
  for (const file of files) {
    for (const [route, entry] of Object.entries(file.ownership?.cases ?? {})) {
      const earlier = where.get(route);
      if (earlier) twice.push(`${route}: in ${earlier} and in cases/${file.name}.ts`);
      where.set(route, `cases/${file.name}.ts`);
      cases[route] = entry;
    }
  }
  return { cases, twice };
}

/** A route that reads or writes the caller's own data: whatever the attacker sends, they reach only their own. */
export function ownScoped(method: Method, path: string, payloads: (owner: Actor) => unknown[] = () => [undefined]): AttemptsCase {
  return {
    attempts: (owner) => [
      ...payloads(owner).map((payload) => ({ method, path, payload })),
      // The owner's cart token where the attacker is a guest: a customer's cart is no guest credential.
      ...(owner.kind === 'customer' ? [{ method, path, query: `cartId=${owner.cart}`, ...(payloads(owner)[0] === undefined ? {} : { payload: payloads(owner)[0] }) }] : []),
    ],
  };
}
