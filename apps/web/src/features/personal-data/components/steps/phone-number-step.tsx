import type { UserWithOnboarding } from '@bw/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { BottomSheet } from '../../../../components/bottom-sheet';
import { Button, buttonClass } from '../../../../components/button';
import { SelectField, showErrors, TextField, useFieldChanges, useZodForm } from '../../../../components/form';
import { useFamily, useScreenHref } from '../../../../hooks/use-family';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useSessionActions } from '../../../auth/hooks/use-session-actions';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { CALLING_CODES } from '../../lib/countries';
import { phoneForm } from '../../lib/step-forms';
import { useRegistrationDraft } from '../../stores/registration-draft';
import { StepForm, type StepNavigation } from '../step-form';

const PHONE_CODES = { PHONE_DIGITS_ONLY: 'phone', PHONE_INVALID: 'phone' } as const;
const PHONE_TAKEN = 'PHONE_TAKEN';

/** Spec section 8, "Phone already used": contact support or go to login (with the other account). */
const PhoneTakenDialog = ({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const { endSession } = useSessionActions();
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={t('personalData.phoneTakenTitle')}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <p className="text-base text-navy-700">{t('personalData.phoneTakenText')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to={href({ key: 'support' })} className={buttonClass('primary', true)}>
          {t('personalData.phoneContactSupport')}
        </Link>
        <Button block variant="secondary" onClick={() => void endSession()}>
          {t('personalData.phoneToLogin')}
        </Button>
      </div>
    </BottomSheet>
  );
};

/**
 * Spec sections 5 and 7, PhoneNumber: the country calling code and the number, digits only; the
 * server normalises it to E.164 and refuses a number another account uses (spec section 8).
 */
export const PhoneNumberStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const patch = useRegistrationDraft((state) => state.patchPhone);
  /** The server's refusal while its dialog is open; it shows above the buttons once the dialog is closed. */
  const [taken, setTaken] = useState<string | null>(null);
  const draft = useRegistrationDraft.getState().phone;
  const form = useZodForm(phoneForm, {
    defaultValues: { callCode: draft.callCode, phone: user.phone ? '' : draft.number },
  });
  useFieldChanges(form.watch, (name, value) => {
    if (typeof value !== 'string') return;
    if (name === 'callCode') patch({ callCode: value });
    if (name === 'phone') patch({ number: value });
  });
  const submit = async (body: { phone: string }) => {
    try {
      await save.mutateAsync([personalInformationCalls.phone(body)]);
      nav.onNext();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status >= 500) showErrors(form, { form: t('personalData.phoneSaveFailed') });
      else if (error.code === PHONE_TAKEN) setTaken(error.message || t('personalData.saveFailed'));
      else throw error;
    }
  };
  const closeTaken = () => {
    showErrors(form, { form: taken });
    setTaken(null);
  };
  return (
    <StepForm
      title={t('personalData.phoneTitle')}
      text={t('personalData.phoneText')}
      form={form}
      onSubmit={submit}
      codeFields={PHONE_CODES}
      onBack={nav.onBack}
    >
      <div className="grid grid-cols-[8.5rem_1fr] gap-3">
        <SelectField
          label={t('personalData.callCode')}
          name="callCode"
          options={CALLING_CODES.map((entry) => ({ value: entry.code, label: `${entry.code} ${entry.country}` }))}
        />
        <TextField
          label={t('personalData.phoneNumber')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={t('personalData.phoneHint')}
        />
      </div>
      <PhoneTakenDialog open={taken !== null} onClose={closeTaken} />
    </StepForm>
  );
};
