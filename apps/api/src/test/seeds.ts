/**
 * Seeded randomness for the invariant tests: a failure names its seed and replays with it
 * (`npm run test:bank`, docs/reliability.md).
 */

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
export const mulberry32 = (start: number): (() => number) => {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/**
 * The seeds to run: `list` is "7,8,9" or a range "100..199"; without it the single seed, else
 * `fallback` (a fixed seed, or the clock).
 */
export const seedsOf = (list: string | undefined, single: string | undefined, fallback: number): number[] => {
  const range = list?.match(/^(\d+)\.\.(\d+)$/);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  }
  if (list) return list.split(',').map((part) => Number(part.trim()));
  return [single ? Number(single) : fallback];
};
