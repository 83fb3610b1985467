import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './deferred';

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Lets one scheduled batch run and React commit it. */
  const nextBatch = () => act(() => vi.advanceTimersToNextTimer());

  it('shows the first items at once and the rest in batches, one per commit, until all are shown', async () => {
    const { result } = renderHook(() => useProgressiveCount(8, 1, 3));
    expect(result.current).toBe(1);
    await nextBatch();
    expect(result.current).toBe(4);
    await nextBatch();
    expect(result.current).toBe(7);
    await nextBatch();
    expect(result.current).toBe(8);
    await nextBatch();
    expect(result.current).toBe(8);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more than there are, and continues in batches when the list grows', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 2, 3), {
      initialProps: { total: 1 },
    });
    expect(result.current).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 9 });
    expect(result.current).toBe(2);
    await nextBatch();
    expect(result.current).toBe(5);
    await nextBatch();
    await nextBatch();
    expect(result.current).toBe(9);
  });

  it('starts from nothing when nothing is urgent', async () => {
    const { result } = renderHook(() => useProgressiveCount(2, 0, 3));
    expect(result.current).toBe(0);
    await nextBatch();
    expect(result.current).toBe(2);
  });
});
