import { describe, expect, it, vi } from 'vitest';
import { createRepeatGuard } from './repeat-guard';

describe('createRepeatGuard (spec section 2: ignore repeats within 500 ms)', () => {
  it('acts on the first click and drops repeats inside the window', () => {
    let now = 0;
    const handler = vi.fn();
    const click = createRepeatGuard(500, () => now)(handler);
    expect(click('a')).toBe(true);
    now = 499;
    expect(click('b')).toBe(false);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('a');
  });

  it('acts again once 500 ms passed since the last accepted click', () => {
    let now = 0;
    const handler = vi.fn();
    const click = createRepeatGuard(500, () => now)(handler);
    click();
    now = 300;
    click();
    now = 500;
    expect(click()).toBe(true);
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
