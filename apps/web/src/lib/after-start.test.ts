import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, whenIdle } from './after-start';

const fresh = async () => {
  vi.resetModules();
  return import('./after-start');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deferred start work (issue 6)', () => {
  it('runs in an idle callback with a deadline where the browser has one, else after a zero timer', () => {
    const idle = vi.fn((callback: () => void) => callback());
    const timer = vi.fn((callback: () => void) => callback());
    const work = vi.fn();
    whenIdle(work, { setTimeout: timer, requestIdleCallback: idle });
    expect(idle).toHaveBeenCalledWith(work, { timeout: IDLE_TIMEOUT_MS });
    expect(timer).not.toHaveBeenCalled();
    whenIdle(work, { setTimeout: timer });
    expect(timer).toHaveBeenCalledWith(work, 0);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('waits until the first screen is shown, then for an idle moment per caller', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { afterStart, firstScreenShown } = await fresh();
    const done: string[] = [];
    void afterStart().then(() => done.push('banner'));
    void afterStart().then(() => done.push('realtime'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(0);
    firstScreenShown();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(2);
    expect(done).toEqual([]);
    idle[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toEqual(['banner']);
    idle[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toEqual(['banner', 'realtime']);
  });

  it('yields with scheduler.yield where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    const { yieldToMain } = await fresh();
    await yieldToMain();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('runs steps one per task, each after a yield to the browser (issue 27)', async () => {
    const turns: (() => void)[] = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => turns.push(resolve)) });
    const { inTurns } = await fresh();
    const done: string[] = [];
    const running = inTurns([() => done.push('user'), () => done.push('payment'), () => done.push('assets')]);
    expect(done).toEqual([]);
    for (const expected of [['user'], ['user', 'payment'], ['user', 'payment', 'assets']]) {
      await vi.waitFor(() => expect(turns).toHaveLength(1));
      turns.shift()?.();
      await vi.waitFor(() => expect(done).toEqual(expected));
    }
    await running;
  });
});
