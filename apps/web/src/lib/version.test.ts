import { describe, expect, it } from 'vitest';
import { compareVersions } from './version';

describe('compareVersions', () => {
  it.each([
    ['1.7.5', '1.7.5', 0],
    ['1.7.6', '1.7.5', 1],
    ['1.10.0', '1.9.9', 1],
    ['1.7', '1.7.0', 0],
    ['v2.0.0', '1.99.99', 1],
    ['1.7.4', '1.7.5', -1],
    ['1.8.0-beta.1', '1.7.5', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});
