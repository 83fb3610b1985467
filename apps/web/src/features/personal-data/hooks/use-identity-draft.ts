import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { useFieldChanges } from '../../../components/form';
import { type DraftTextKey, useRegistrationDraft } from '../stores/registration-draft';

/**
 * Keeps every change of a step's fields in the identity draft (spec section 3), so a reload keeps the
 * input: `fields` names each form field's draft text.
 */
export const useIdentityDraft = <F extends FieldValues>(
  watch: UseFormWatch<F>,
  fields: Readonly<Partial<Record<string, DraftTextKey>>>,
): void => {
  const patch = useRegistrationDraft((state) => state.patchIdentity);
  useFieldChanges(watch, (name, value) => {
    const key = fields[name];
    if (key && typeof value === 'string') patch({ [key]: value });
  });
};
