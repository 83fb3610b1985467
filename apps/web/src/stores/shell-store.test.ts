import { describe, expect, it, vi } from 'vitest';
import { changedPart, useShellStore } from './shell-store';

describe('changedPart', () => {
  it('is null when every patched value equals the current one', () => {
    const current = { flags: { enableChart: true }, list: [{ id: 'a', price: 1 }], name: 'x' };
    expect(changedPart(current, { flags: { enableChart: true }, list: [{ id: 'a', price: 1 }] })).toBeNull();
  });

  it('keeps the unchanged parts of a changed value by reference', () => {
    const first = { id: 'a', price: 1 };
    const current = { list: [first, { id: 'b', price: 2 }] };
    const changed = changedPart(current, {
      list: [
        { id: 'a', price: 1 },
        { id: 'b', price: 3 },
      ],
    });
    expect(changed?.list?.[0]).toBe(first);
    expect(changed?.list?.[1]).toEqual({ id: 'b', price: 3 });
  });

  it('takes a new value for a key that was not set before, and null over a value', () => {
    expect(changedPart<{ user?: { email: string } | null }>({}, { user: { email: 'a@b.at' } })).toEqual({
      user: { email: 'a@b.at' },
    });
    expect(changedPart<{ user: { email: string } | null }>({ user: { email: 'a@b.at' } }, { user: null })).toEqual({
      user: null,
    });
  });
});

describe('the shell store', () => {
  it('does not notify its readers of a patch that changes nothing', () => {
    useShellStore.getState().patch({ flags: { ...useShellStore.getState().flags } });
    const listener = vi.fn();
    const unsubscribe = useShellStore.subscribe(listener);
    const flags = useShellStore.getState().flags;
    useShellStore.getState().patch({ flags: { ...flags }, online: useShellStore.getState().online });
    expect(listener).not.toHaveBeenCalled();
    expect(useShellStore.getState().flags).toBe(flags);
    useShellStore.getState().patch({ online: !useShellStore.getState().online });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
