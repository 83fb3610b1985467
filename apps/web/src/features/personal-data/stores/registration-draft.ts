import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { BUILD_APP_ID } from '../../../config/env';
import { createEncryptedStorage } from '../../../lib/encrypted-storage';

/** Spec section 3, Registration draft (client-held): the identity part. */
export type IdentityDraft = {
  readonly citizenship: string;
  readonly citizenshipCountryCode: string;
  readonly birthCountry: string;
  readonly birthCountryCode: string;
  readonly birthCity: string;
  readonly birthdayDay: string;
  readonly birthdayMonth: string;
  readonly birthdayYear: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly postcode: string;
  readonly city: string;
  readonly identificationDocument: string;
  readonly pep: boolean | null;
  readonly iban: string;
  readonly usaTaxes: boolean | null;
  readonly stageComplete: boolean;
  readonly uploadSent: boolean;
};

/** Spec section 3, Registration draft: the phone part. */
export type PhoneDraft = { readonly callCode: string; readonly number: string };

export const emptyIdentity: IdentityDraft = {
  citizenship: '',
  citizenshipCountryCode: '',
  birthCountry: '',
  birthCountryCode: '',
  birthCity: '',
  birthdayDay: '',
  birthdayMonth: '',
  birthdayYear: '',
  street: '',
  houseNumber: '',
  postcode: '',
  city: '',
  identificationDocument: '',
  pep: null,
  iban: '',
  usaTaxes: null,
  stageComplete: false,
  uploadSent: false,
};

/** Austria: the platform's home market (spec section 5). */
export const DEFAULT_CALL_CODE = '+43';
export const emptyPhone: PhoneDraft = { callCode: DEFAULT_CALL_CODE, number: '' };

type DraftState = {
  /** Whose draft it is: another user on the same device starts empty. */
  readonly ownerId: string | null;
  readonly identity: IdentityDraft;
  readonly phone: PhoneDraft;
};

type DraftActions = {
  readonly claim: (userId: string) => void;
  readonly patchIdentity: (patch: Partial<IdentityDraft>) => void;
  readonly patchPhone: (patch: Partial<PhoneDraft>) => void;
  readonly clear: () => void;
};

const emptyDraft: DraftState = { ownerId: null, identity: emptyIdentity, phone: emptyPhone };

/**
 * The identity and phone parts of the registration draft, kept while the user walks the steps and
 * persisted with the app's encrypted local storage (spec section 9), so a reload keeps the input.
 */
export const useRegistrationDraft = create<DraftState & DraftActions>()(
  persist(
    (set, get) => ({
      ...emptyDraft,
      claim: (userId) => {
        if (get().ownerId !== userId) set({ ...emptyDraft, ownerId: userId });
      },
      patchIdentity: (patch) => set((state) => ({ identity: { ...state.identity, ...patch } })),
      patchPhone: (patch) => set((state) => ({ phone: { ...state.phone, ...patch } })),
      clear: () => set({ ...emptyDraft }),
    }),
    {
      name: 'registration-draft',
      version: 1,
      storage: createJSONStorage(() => createEncryptedStorage(window.localStorage, window.crypto, BUILD_APP_ID)),
      partialize: (state): DraftState => ({ ownerId: state.ownerId, identity: state.identity, phone: state.phone }),
    },
  ),
);

/** True once the encrypted draft has been read (the storage is asynchronous). */
export const useDraftHydrated = (): boolean => {
  const [hydrated, setHydrated] = useState(() => useRegistrationDraft.persist.hasHydrated());
  useEffect(() => {
    if (hydrated) return;
    const unsubscribe = useRegistrationDraft.persist.onFinishHydration(() => setHydrated(true));
    if (useRegistrationDraft.persist.hasHydrated()) setHydrated(true);
    return unsubscribe;
  }, [hydrated]);
  return hydrated;
};

/** The text parts of the identity draft. */
export type DraftTextKey = {
  [K in keyof IdentityDraft]: IdentityDraft[K] extends string ? K : never;
}[keyof IdentityDraft];

/** A form's starting text: the draft's, else what the server already has. */
export const draftText = (key: DraftTextKey, saved: string | null | undefined): string =>
  useRegistrationDraft.getState().identity[key] || saved || '';
