import type { UserWithOnboarding } from '@bw/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { BottomSheet } from '../../../../components/bottom-sheet';
import { Button, buttonClass } from '../../../../components/button';
import { useFamily, useScreenHref } from '../../../../hooks/use-family';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { TextField } from '../../../auth/components/text-field';
import { useSessionActions } from '../../../auth/hooks/use-session-actions';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useStepSave } from '../../hooks/use-step-save';
import { CALLING_CODES, internationalNumber, isDigitsOnly } from '../../lib/countries';
import { useRegistrationDraft } from '../../stores/registration-draft';
import { SelectField } from '../select-field';
import { StepForm, type StepNavigation } from '../step-form';

const FIELDS = ['phone'] as const;
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
  const draft = useRegistrationDraft((state) => state.phone);
  const patch = useRegistrationDraft((state) => state.patchPhone);
  const [taken, setTaken] = useState(false);
  const [number, setNumber] = useState(() => (user.phone ? '' : draft.number));
  const { errors, saving, run, showErrors, error } = useStepSave(FIELDS, PHONE_CODES);
  const submit = async () => {
    if (number.trim() === '') return showErrors({ phone: t('personalData.required') });
    if (!isDigitsOnly(number)) return showErrors({ phone: t('personalData.phoneDigitsOnly') });
    const saved = await run(
      [personalInformationCalls.phone({ phone: internationalNumber(draft.callCode, number) })],
      nav.onNext,
    );
    if (!saved) setTaken(true);
  };
  const takenNow = taken && error instanceof ApiError && error.code === PHONE_TAKEN;
  const saveFailed = error instanceof ApiError && error.status >= 500;
  return (
    <StepForm
      title={t('personalData.phoneTitle')}
      text={t('personalData.phoneText')}
      saving={saving}
      formError={saveFailed ? t('personalData.phoneSaveFailed') : takenNow ? null : errors.form}
      onBack={nav.onBack}
      onSubmit={() => void submit()}
    >
      <div className="grid grid-cols-[8.5rem_1fr] gap-3">
        <SelectField
          label={t('personalData.callCode')}
          name="callCode"
          options={CALLING_CODES.map((entry) => ({
            value: entry.code,
            label: `${entry.code} ${entry.country}`,
          }))}
          value={draft.callCode}
          onChange={(event) => patch({ callCode: event.target.value })}
        />
        <TextField
          label={t('personalData.phoneNumber')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={t('personalData.phoneHint')}
          value={number}
          error={errors.fields.phone}
          onChange={(event) => {
            setNumber(event.target.value);
            patch({ number: event.target.value });
          }}
        />
      </div>
      <PhoneTakenDialog open={takenNow} onClose={() => setTaken(false)} />
    </StepForm>
  );
};
