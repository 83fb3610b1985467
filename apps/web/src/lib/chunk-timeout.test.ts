import { afterEach, describe, expect, it, vi } from 'vitest';
import { withChunkTimeout } from './chunk-timeout';

afterEach(() => vi.useRealTimers());

describe('withChunkTimeout (spec section 7: 120 s for chunks)', () => {
  it('gives the chunk when it arrives in time', async () => {
    await expect(withChunkTimeout(Promise.resolve('screen'), () => 'network error', 1_000)).resolves.toBe('screen');
  });

  it('shows the fallback when the chunk takes longer than the limit', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const result = withChunkTimeout(never, () => 'network error', 120_000);
    vi.advanceTimersByTime(119_999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(result).resolves.toBe('network error');
  });

  it('passes a failed load on', async () => {
    await expect(withChunkTimeout(Promise.reject(new Error('404')), () => 'x', 1_000)).rejects.toThrow('404');
  });
});
