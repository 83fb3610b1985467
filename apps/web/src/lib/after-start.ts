/**
 * Work that no first screen needs (the open-step banner, the realtime connection) waits until the
 * first screen has been shown and the main thread is idle, so it neither delays the first paint
 * nor joins the startup's long tasks (issue 6: Lighthouse on a phone). After the start it runs at
 * the next idle moment.
 */

/** An idle moment comes at the latest this late, even on a main thread that never rests. */
export const IDLE_TIMEOUT_MS = 1_000;

export type IdleTarget = {
  readonly setTimeout: (callback: () => void, delayMs: number) => unknown;
  readonly requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown;
};

/** Runs `callback` when the main thread is idle (or after a zero timer where there is no idle callback). */
export const whenIdle = (callback: () => void, target: IdleTarget = window): void => {
  if (typeof target.requestIdleCallback === 'function') {
    target.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return;
  }
  target.setTimeout(callback, 0);
};

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
/** The root layout calls this once its first screen is on the page. */
export const firstScreenShown = (): void => markShown();

/**
 * Resolves once the first screen has been shown and the main thread was idle after it. Each caller
 * waits for an idle moment of its own, so deferred pieces of work run as separate short tasks.
 */
export const afterStart = (): Promise<void> => shown.then(() => new Promise<void>((resolve) => whenIdle(resolve)));

type YieldingScheduler = { readonly yield?: () => Promise<void> };

/**
 * Lets the browser handle input and paint before the startup goes on: one long task becomes
 * several short ones (a phone counts every task over 50 ms as blocking). `scheduler.yield()`
 * where the browser has it (it keeps the continuation ahead of other tasks), else a zero timer.
 */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Runs `steps` one per task, yielding to the browser before each: several requests started at once
 * cost a phone a long task (each `fetch` call and its bookkeeping takes its share), one at a time
 * they are short ones (issue 27: the realtime catch-up after connecting).
 */
export const inTurns = async (steps: readonly (() => void)[]): Promise<void> => {
  for (const step of steps) {
    await yieldToMain();
    step();
  }
};
