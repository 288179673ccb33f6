/**
 * The visualizer's redaction rules, in one place: every machine context, event payload and replicated document passes
 * through `redact` before the visualizer shows, sends to another tab or records it.
 *
 * A value is hidden when its key says what it is (token, password, e-mail, address, name, phone, tax id, card, IBAN)
 * or when it looks like one (an e-mail address, a bearer or signed token, a long random token, a card number that
 * passes Luhn, an IBAN that passes its check), so a secret under an unexpected key is still caught. A hidden value
 * becomes a marker naming its kind (`‹redacted e-mail›`); null, '' and booleans stay, so the developer still sees
 * whether there is a token. The result is plain JSON (Maps, Sets, Dates, errors, actors and cycles are described), the
 * input is never changed, and `redact` never throws.
 */

export type RedactionKind = 'token' | 'password' | 'secret' | 'e-mail' | 'address' | 'name' | 'phone' | 'tax id' | 'card' | 'iban';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface RedactOptions {
  /** Show everything: only for a developer who opts in on their own machine. Never used for exports. */
  reveal?: boolean;
  /** Containers deeper than this become `‹too deep›` (default 24). */
  maxDepth?: number;
}

const MARKER = /^‹redacted (token|password|secret|e-mail|address|name|phone|tax id|card|iban)›$/;

export function redactionMarker(kind: RedactionKind): string {
  return `‹redacted ${kind}›`;
}

export function isRedactionMarker(value: unknown): boolean {
  return typeof value === 'string' && MARKER.test(value);
}

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A marker inside a key (an e-mail address used as a key was redacted) says nothing about the key's value. */
const MARKERS_IN_TEXT = /‹redacted (?:token|password|secret|e-mail|address|name|phone|tax id|card|iban)›/g;

const EXACT_KEYS: Record<string, RedactionKind> = {
  authorization: 'token',
  proxyauthorization: 'token',
  cookie: 'token',
  setcookie: 'token',
  cartid: 'token',
  xcartid: 'token',
  bearer: 'token',
  jwt: 'token',
  ticket: 'token',
  hash: 'secret',
  signature: 'secret',
  salt: 'secret',
  otp: 'secret',
  pin: 'password',
  pwd: 'password',
  mail: 'e-mail',
  username: 'e-mail',
  street: 'address',
  zip: 'address',
  city: 'address',
  housenumber: 'address',
  pan: 'card',
  cvc: 'card',
  cvv: 'card',
  cvv2: 'card',
  cid: 'card',
  bic: 'iban',
  dob: 'name',
  dateofbirth: 'name',
};

/** Ordered: the first pattern that matches the normalised key decides (e-mail before address: `emailAddress`). */
const KEY_PATTERNS: ReadonlyArray<readonly [RegExp, RedactionKind]> = [
  [/password|passwd|passphrase/, 'password'],
  [/tokens?$|accesskey|apikey|ticket$/, 'token'],
  [/secret|privatekey|hash$|signature$/, 'secret'],
  [/email/, 'e-mail'],
  [/^(card|cc)(number|num|no|holder|name|exp|expiry|expmonth|expyear|cvc|cvv|securitycode)|cardnumber|securitycode|cardverification/, 'card'],
  [/iban|accountnumber|bankaccount/, 'iban'],
  [/vatid|taxid|taxvat|vatnumber|taxnumber|ssn|nationalid|passport/, 'tax id'],
  [/phone|telephone|mobile|^fax$/, 'phone'],
  [/streetaddress|^street|addressline|^address\d|apartment|postcode|postalcode|zipcode|^city$|housenumber/, 'address'],
  [/address(es)?$/, 'address'],
  [/^(first|last|middle|full|sur|given|family|customer)name$|^(first|last)name|^surname$/, 'name'],
];

/** The redaction kind a key's name asks for, or null. `X-Order-Token`, `refresh_token`, `cartId`… are all caught. */
export function sensitiveKeyKind(key: string): RedactionKind | null {
  const name = normalise(key.replace(MARKERS_IN_TEXT, ' '));
  if (name === '') return null;
  const exact = EXACT_KEYS[name];
  if (exact) return exact;
  for (const [pattern, kind] of KEY_PATTERNS) if (pattern.test(name)) return kind;
  return null;
}

/** Keys of an address whose values are only personal inside an address (`state`, `company`): a machine's `state` is not. */
const ADDRESS_ONLY_KEYS: Record<string, RedactionKind> = { state: 'address', company: 'name', region: 'address', address: 'address' };
/** `shippingAddress`, `addresses`: holding an address, not a field of one. */
const isAddressHolder = (normalised: string) => /address(es)?$/.test(normalised) && !/streetaddress$/.test(normalised);
const isAddressLike = (keys: readonly string[]) => keys.some((key) => sensitiveKeyKind(key) === 'address' && !isAddressHolder(normalise(key)));

/** Keys that describe a register rather than hold the secret: `{ value: 'Anna', at: 10, replica: 'tab-a' }` under `firstName`. */
const STRUCTURAL_KEYS = new Set(['at', 'replica', 'updatedat', 'writeid', 'createdat', 'expiresat', 'expiresin', 'kind', 'type', 'length']);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function ibanValid(compact: string): boolean {
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+(?!‹)[A-Za-z0-9._~+/=-]{8,}/gi;
const SIGNED_TOKEN = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9_-]*)?/g;
/** Card numbers start with 2–6 (Mastercard, Amex, Visa, Discover…): a 13-digit time in ms starts with 1. */
const CARD = /(?<![\d.])[2-6]\d(?:[ -]?\d){11,17}(?![\d.])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
/** Query parameters and path parts such as `?hash=…&token=…` or `/order-status/<token>`. */
const QUERY_PARAM = /([?&;#])([^=&#\s?]+)=([^&#\s]*)/g;
const ORDER_STATUS_PATH = /(\/order-status\/)(?!by-transaction\b)(?!‹)([^/?#\s]+)/g;
/**
 * A long random token (32+ characters of base64url or hex, as the shop's cart, order and refresh tokens are) holding
 * letters and digits; a long camelCase name has no digit, and UUIDs are ids, not secrets.
 */
const OPAQUE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The string with every secret-looking part replaced by its marker; markers already there stay. A string that is one
 * secret as a whole becomes exactly the marker.
 */
export function redactText(text: string): string {
  if (isRedactionMarker(text)) return text;
  return text
    .replace(QUERY_PARAM, (whole, lead: string, name: string, value: string) => {
      const kind = sensitiveKeyKind(safeDecode(name));
      return kind && value !== '' && !isRedactionMarker(safeDecode(value)) ? `${lead}${name}=${redactionMarker(kind)}` : whole;
    })
    .replace(ORDER_STATUS_PATH, (_whole, path: string) => `${path}${redactionMarker('token')}`)
    .replace(AUTH_SCHEME, (_whole, scheme: string) => `${scheme} ${redactionMarker('token')}`)
    .replace(SIGNED_TOKEN, () => redactionMarker('token'))
    .replace(EMAIL, () => redactionMarker('e-mail'))
    .replace(CARD, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? redactionMarker('card') : run;
    })
    .replace(IBAN, (run) => (ibanValid(run.replace(/ /g, '')) ? redactionMarker('iban') : run))
    .replace(OPAQUE, (run) => (UUID.test(run) ? run : redactionMarker('token')));
}

/** The kind of secret the whole string is, judged by its shape alone, or null. */
export function sensitiveValueKind(text: string): RedactionKind | null {
  const match = MARKER.exec(redactText(text));
  return match ? (match[1] as RedactionKind) : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface Walk {
  reveal: boolean;
  maxDepth: number;
  /** The containers on the current path, for cycles (a value seen twice on different branches is shown twice). */
  path: Set<object>;
}

/** Redacts `value` into plain JSON; see the header. `{ reveal: true }` only converts. */
export function redact(value: unknown, options: RedactOptions = {}): JsonValue {
  const walk: Walk = { reveal: options.reveal === true, maxDepth: options.maxDepth ?? 24, path: new Set() };
  try {
    return convert(value, null, 0, walk);
  } catch {
    return '‹unreadable›';
  }
}

function leaf(value: JsonValue, kind: RedactionKind | null, walk: Walk): JsonValue {
  if (walk.reveal) return value;
  if (typeof value === 'string') {
    if (value === '' || isRedactionMarker(value)) return value;
    return kind ? redactionMarker(kind) : redactText(value);
  }
  if (typeof value === 'number' && kind) return redactionMarker(kind);
  return value;
}

function read(target: object, key: PropertyKey): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: (target as Record<PropertyKey, unknown>)[key] };
  } catch {
    return { ok: false };
  }
}

function constructorName(target: object): string {
  try {
    const proto = Object.getPrototypeOf(target) as { constructor?: { name?: unknown } } | null;
    const name = proto?.constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'Object';
  } catch {
    return 'Object';
  }
}

function isActorRef(target: object): target is { id?: unknown; sessionId?: unknown; getSnapshot: () => unknown } {
  const candidate = target as { sessionId?: unknown; send?: unknown; getSnapshot?: unknown };
  return typeof candidate.sessionId === 'string' && typeof candidate.send === 'function' && typeof candidate.getSnapshot === 'function';
}

function convert(value: unknown, inherited: RedactionKind | null, depth: number, walk: Walk): JsonValue {
  switch (typeof value) {
    case 'undefined':
      return null;
    case 'string':
      return leaf(value, inherited, walk);
    case 'number':
      if (Object.is(value, -0)) return leaf(0, inherited, walk);
      return Number.isFinite(value) ? leaf(value, inherited, walk) : `‹${String(value)}›`;
    case 'boolean':
      return value;
    case 'bigint':
      return leaf(`${value.toString()}n`, inherited, walk);
    case 'symbol':
      return `‹${value.toString()}›`;
    case 'function':
      return `‹function ${value.name || 'anonymous'}›`;
  }
  if (value === null) return null;
  const target = value as object;
  if (walk.path.has(target)) return '‹circular›';
  if (depth >= walk.maxDepth) return '‹too deep›';
  walk.path.add(target);
  try {
    return convertObject(target, inherited, depth, walk);
  } finally {
    walk.path.delete(target);
  }
}

/** Own data properties only (`__proto__` from JSON stays a key); a key redacted into an existing one gets a number. */
function put(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  let name = key;
  for (let count = 2; Object.prototype.hasOwnProperty.call(target, name); count += 1) name = `${key} #${count}`;
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

function convertObject(target: object, inherited: RedactionKind | null, depth: number, walk: Walk): JsonValue {
  const next = (value: unknown, kind: RedactionKind | null) => convert(value, kind, depth + 1, walk);
  if (Array.isArray(target)) {
    const items: JsonValue[] = [];
    for (let index = 0; index < target.length; index += 1) {
      const entry = read(target, index);
      items.push(entry.ok ? next(entry.value, inherited) : '‹unreadable›');
    }
    return items;
  }
  if (target instanceof Date) {
    const time = target.getTime();
    return Number.isNaN(time) ? '‹Invalid Date›' : leaf(target.toISOString(), inherited, walk);
  }
  if (target instanceof Map) {
    const entries: JsonValue[] = [];
    for (const [key, item] of target) {
      const kind = typeof key === 'string' ? (sensitiveKeyKind(key) ?? inherited) : inherited;
      entries.push([next(key, inherited), next(item, kind)]);
    }
    return { $type: 'Map', entries };
  }
  if (target instanceof Set) return { $type: 'Set', values: [...target].map((item) => next(item, inherited)) };
  if (target instanceof RegExp) return leaf(String(target), inherited, walk);
  if (typeof URL !== 'undefined' && target instanceof URL) return leaf(target.href, inherited, walk);
  if (ArrayBuffer.isView(target) || target instanceof ArrayBuffer) return `‹${constructorName(target)} ${target.byteLength} bytes›`;
  if (target instanceof Promise || target instanceof WeakMap || target instanceof WeakSet) return `‹${constructorName(target)}›`;
  if (isActorRef(target)) {
    const id = read(target, 'id');
    let status: JsonValue = null;
    try {
      const snapshot = target.getSnapshot() as { status?: unknown } | undefined;
      status = typeof snapshot?.status === 'string' ? snapshot.status : null;
    } catch {
      status = '‹unreadable›';
    }
    return { $type: 'Actor', id: id.ok && typeof id.value === 'string' ? id.value : null, status };
  }

  const result: Record<string, JsonValue> = {};
  const type = constructorName(target);
  if (target instanceof Error) {
    result.$type = type;
    result.name = leaf(String(target.name), inherited, walk);
    result.message = leaf(String(target.message), inherited, walk);
    if (target.cause !== undefined) result.cause = next(target.cause, inherited);
  } else if (type !== 'Object') {
    result.$type = type;
  }
  let keys: string[];
  try {
    keys = Object.keys(target);
  } catch {
    return '‹unreadable›';
  }
  const addressLike = isAddressLike(keys);
  for (const key of keys) {
    const entry = read(target, key);
    if (!entry.ok) {
      put(result, walk.reveal ? key : redactText(key), '‹unreadable›');
      continue;
    }
    if (entry.value === undefined) continue;
    const normalised = normalise(key);
    let kind = sensitiveKeyKind(key) ?? (addressLike ? (ADDRESS_ONLY_KEYS[normalised] ?? null) : null);
    if (!kind && inherited && !STRUCTURAL_KEYS.has(normalised)) kind = inherited;
    // `shippingAddress`, `addresses`: the fields inside decide, so the country and region id stay readable.
    if (kind === 'address' && entry.value !== null && typeof entry.value === 'object' && isAddressHolder(normalised)) kind = inherited;
    put(result, walk.reveal ? key : redactText(key), next(entry.value, kind));
  }
  return result;
}
