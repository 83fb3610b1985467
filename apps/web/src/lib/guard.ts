/**
 * Hand-written response guards for the startup path (issue 6: the marketplace route's initial
 * JavaScript stays under 170 KB, and zod alone is 23 KB of it). A guard checks what the contract
 * schema checks for shape (types, enums, patterns) and, like a zod object, drops unknown keys.
 * Each guard sits next to its fetcher with a compile-time proof that its output type equals the
 * contract's `z.infer` type, and a unit test that runs it against the zod schema on real fixtures,
 * so the contract in `@bw/contracts` stays the one source of the shape.
 */

import type { Parser } from './api-client';

export type { Parser };

export class GuardError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`Unerwartete Antwort: ${path} ist kein ${expected}`);
    this.name = 'GuardError';
  }
}

export type Check<T> = (input: unknown, path: string) => T;
export type Checked<C> = C extends Check<infer T> ? T : never;

const fail = (path: string, expected: string): never => {
  throw new GuardError(path, expected);
};

export const str: Check<string> = (input, path) => (typeof input === 'string' ? input : fail(path, 'string'));
export const num: Check<number> = (input, path) =>
  typeof input === 'number' && Number.isFinite(input) ? input : fail(path, 'number');
export const int: Check<number> = (input, path) =>
  Number.isSafeInteger(input) ? (input as number) : fail(path, 'int');
export const bool: Check<boolean> = (input, path) => (typeof input === 'boolean' ? input : fail(path, 'boolean'));

export const matching =
  (pattern: RegExp, what: string): Check<string> =>
  (input, path) =>
    typeof input === 'string' && pattern.test(input) ? input : fail(path, what);

export const intBetween =
  (min: number, max: number): Check<number> =>
  (input, path) => {
    const value = int(input, path);
    return value >= min && value <= max ? value : fail(path, `int ${min}..${max}`);
  };

export const oneOf =
  <const V extends readonly string[]>(values: V): Check<V[number]> =>
  (input, path) =>
    typeof input === 'string' && values.includes(input) ? (input as V[number]) : fail(path, values.join('|'));

/** One allowed value; `literal(null)` is zod's `z.null()`, a field that is always there and always null. */
export const literal =
  <const V extends string | number | boolean | null>(value: V): Check<V> =>
  (input, path) =>
    input === value ? value : fail(path, String(value));

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (input, path) =>
    input === null ? null : check(input, path);

export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (input, path) =>
    Array.isArray(input) ? input.map((item, index) => check(item, `${path}[${index}]`)) : fail(path, 'array');

type Shape = Readonly<Record<string, Check<unknown>>>;
export type ShapeOf<S extends Shape> = { -readonly [K in keyof S]: Checked<S[K]> };

export const objectOf =
  <S extends Shape>(shape: S): Check<ShapeOf<S>> =>
  (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail(path, 'object');
    const source = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) out[key] = check(source[key], `${path}.${key}`);
    return out as ShapeOf<S>;
  };

export const guard = <T>(check: Check<T>): Parser<T> => ({ parse: (input) => check(input, 'data') });

/** `true` only when A and B are the same type: `const proof: SameType<A, B> = true` fails to compile otherwise. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
