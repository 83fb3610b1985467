import type { AppConfig, FeatureFlags, PlatformFees } from '@bw/contracts';
import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { BUILD_APP_ID } from '../config/env';
import type { Family, ScreenRef } from '../config/paths';
import { createEncryptedStorage } from '../lib/encrypted-storage';
import { currentPlatform } from '../lib/platform';
import { emptyPersistedShell, flagsOff, type PersistedShell, type SessionUser, zeroFees } from '../lib/startup';

export type Toast = { readonly id: number; readonly message: string };

export type ShellState = PersistedShell & {
  readonly ready: boolean;
  readonly platform: Family;
  readonly config: AppConfig | null;
  readonly flags: FeatureFlags;
  readonly fees: PlatformFees;
  readonly user: SessionUser | null;
  readonly online: boolean;
  readonly guestDialogOpen: boolean;
  readonly toast: Toast | null;
};

type ShellActions = {
  readonly patch: (patch: Partial<ShellState>) => void;
  readonly showToast: (message: string) => void;
  readonly dismissToast: () => void;
  readonly openGuestDialog: () => void;
  readonly closeGuestDialog: () => void;
  readonly saveTarget: (target: ScreenRef | null) => void;
};

const persistedKeys = Object.keys(emptyPersistedShell) as (keyof PersistedShell)[];

const pickPersisted = (state: ShellState): PersistedShell =>
  Object.fromEntries(persistedKeys.map((key) => [key, state[key]])) as PersistedShell;

let toastSequence = 0;

/**
 * The part of `patch` that changes anything. A value equal to the current one keeps the current
 * object (structural sharing, as TanStack Query does for query data): a refreshed config, flag set
 * or asset list that did not change neither re-renders its readers nor rewrites the encrypted
 * store (issue 6: every such render is main-thread time on a phone).
 */
export const changedPart = <T extends object>(current: T, patch: Partial<T>): Partial<T> | null => {
  const changed: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(patch) as (keyof T)[]) {
    const next = replaceEqualDeep(current[key], patch[key]);
    if (Object.is(next, current[key])) continue;
    changed[key] = next as T[keyof T];
    any = true;
  }
  return any ? changed : null;
};

/** The shell's state; the `PersistedShell` part is stored encrypted under the build's app id. */
export const useShellStore = create<ShellState & ShellActions>()(
  persist(
    (set, get) => ({
      ...emptyPersistedShell,
      ready: false,
      platform: typeof window === 'undefined' ? 'desktopWeb' : currentPlatform(),
      config: null,
      flags: flagsOff,
      fees: zeroFees,
      user: null,
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      guestDialogOpen: false,
      toast: null,
      patch: (patch) => {
        const changed = changedPart<ShellState>(get(), patch);
        if (changed) set(changed);
      },
      showToast: (message) => set({ toast: { id: ++toastSequence, message } }),
      dismissToast: () => set({ toast: null }),
      openGuestDialog: () => set({ guestDialogOpen: true }),
      closeGuestDialog: () => set({ guestDialogOpen: false }),
      saveTarget: (target) => set({ targetScreen: target }),
    }),
    {
      name: 'shell',
      version: 1,
      skipHydration: true,
      storage: createJSONStorage(() => createEncryptedStorage(window.localStorage, window.crypto, BUILD_APP_ID)),
      partialize: (state) => pickPersisted(state),
    },
  ),
);

export const shellStore = useShellStore;
