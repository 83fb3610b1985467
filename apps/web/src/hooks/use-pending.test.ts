import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePending } from './use-pending';

const deferred = () => {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('usePending', () => {
  it('is pending while the work runs and ignores a second run meanwhile', async () => {
    const { result } = renderHook(() => usePending());
    const first = deferred();
    let calls = 0;
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(() => {
        calls += 1;
        return first.promise;
      });
    });
    expect(result.current.pending).toBe(true);
    await act(() =>
      result.current.run(async () => {
        calls += 1;
      }),
    );
    expect(calls).toBe(1);
    await act(async () => {
      first.resolve();
      await running;
    });
    expect(result.current.pending).toBe(false);
    await act(() =>
      result.current.run(async () => {
        calls += 1;
      }),
    );
    expect(calls).toBe(2);
  });

  it('is no longer pending after work that fails, and passes the failure on', async () => {
    const { result } = renderHook(() => usePending());
    const failing = deferred();
    let outcome: Promise<void> = Promise.resolve();
    act(() => {
      outcome = result.current.run(() => failing.promise);
    });
    await act(async () => {
      failing.reject(new Error('kaputt'));
      await expect(outcome).rejects.toThrow('kaputt');
    });
    expect(result.current.pending).toBe(false);
  });
});
