import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type CodeFields, type ServerErrors, serverErrors } from '../../auth/lib/server-errors';
import { type UserPartCall, useSaveUserParts } from '../api/save-user-part';

const noErrors = { fields: {}, form: null };

/**
 * Saves a step's calls and places the server's messages at their fields (`error.fields['body.x']`,
 * spec section 7), else above the buttons. Client-side messages go through `showErrors`.
 */
export const useStepSave = <F extends string>(fieldNames: readonly F[], codeFields: CodeFields<F> = {}) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const [errors, setErrors] = useState<ServerErrors<F>>(noErrors);
  const run = async (calls: readonly UserPartCall[], onSaved: () => void): Promise<boolean> => {
    setErrors(noErrors);
    try {
      await save.mutateAsync(calls);
      onSaved();
      return true;
    } catch (error) {
      setErrors(serverErrors(error, codeFields, fieldNames, t('personalData.saveFailed')));
      return false;
    }
  };
  const showErrors = (fields: Partial<Record<F, string>>) => setErrors({ fields, form: null });
  return { errors, saving: save.isPending, run, showErrors, error: save.error };
};
