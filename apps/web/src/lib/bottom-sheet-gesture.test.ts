import { describe, expect, it } from 'vitest';
import { isSwipeEnabled, releaseVelocity, shouldCloseOnRelease } from './bottom-sheet-gesture';

describe('bottom sheet thresholds (spec section 9)', () => {
  const height = 400;

  it('enables swipe 200 ms after opening, not before', () => {
    expect(isSwipeEnabled(1000, 1199)).toBe(false);
    expect(isSwipeEnabled(1000, 1200)).toBe(true);
  });

  it('closes on a downward swipe faster than 0.75 px/ms, even when short', () => {
    expect(shouldCloseOnRelease({ dragDistancePx: 30, velocityPxPerMs: 0.76, sheetHeightPx: height })).toBe(true);
    expect(shouldCloseOnRelease({ dragDistancePx: 30, velocityPxPerMs: 0.75, sheetHeightPx: height })).toBe(false);
  });

  it('closes on a slow drag past half its height', () => {
    expect(shouldCloseOnRelease({ dragDistancePx: 201, velocityPxPerMs: 0.1, sheetHeightPx: height })).toBe(true);
    expect(shouldCloseOnRelease({ dragDistancePx: 200, velocityPxPerMs: 0.1, sheetHeightPx: height })).toBe(false);
  });

  it('never closes on an upward drag', () => {
    expect(shouldCloseOnRelease({ dragDistancePx: -300, velocityPxPerMs: 2, sheetHeightPx: height })).toBe(false);
  });

  it('measures release velocity in px per ms', () => {
    expect(releaseVelocity(100, 1000, 180, 1100)).toBeCloseTo(0.8);
    expect(releaseVelocity(100, 1000, 180, 1000)).toBe(0);
  });
});
