/**
 * SHA-256 and the register's canonical JSON. Pure JavaScript (@noble/hashes), so the browser
 * verifier, the command line and the server compute the same bytes with the same code.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { toHex, utf8 } from './bytes.js';

export const sha256 = (bytes: Uint8Array): Uint8Array => nobleSha256(bytes);

export const sha256Hex = (bytes: Uint8Array): string => toHex(nobleSha256(bytes));

/** What canonical JSON may hold: strings, non-negative safe integers, null, arrays and plain objects. */
export type CanonicalValue =
  | null
  | string
  | number
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue };

/**
 * Canonical JSON: objects with keys sorted by UTF-16 code units (JavaScript's default sort, as the
 * security app's canonical payload), arrays in order, strings escaped like JSON.stringify, numbers
 * only as non-negative safe integers in decimal, null as null, no whitespace. One value has exactly
 * one text. Throws on anything else (a float, a negative number, undefined, a class instance), so
 * no ambiguous value is ever hashed.
 */
export const canonicalJson = (value: CanonicalValue): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`not a canonical number: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: CanonicalValue) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as { readonly [key: string]: CanonicalValue };
    const keys = Object.keys(record).sort();
    return `{${keys
      .map((key) => {
        const item = record[key];
        if (item === undefined) throw new TypeError(`undefined value at ${key}`);
        return `${JSON.stringify(key)}:${canonicalJson(item)}`;
      })
      .join(',')}}`;
  }
  throw new TypeError('not a canonical value');
};

export const canonicalBytes = (value: CanonicalValue): Uint8Array => utf8(canonicalJson(value));
