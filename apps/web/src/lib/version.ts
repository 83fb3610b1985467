/** Compares dotted numeric versions ("1.7.5" vs "1.10.0"); a pre-release suffix is ignored. */
export const compareVersions = (a: string, b: string): number => {
  const parts = (version: string) =>
    version
      .trim()
      .replace(/^v/i, '')
      .split(/[-+]/)[0]
      ?.split('.')
      .map((part) => Number.parseInt(part, 10))
      .map((part) => (Number.isFinite(part) ? part : 0)) ?? [];
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
};
