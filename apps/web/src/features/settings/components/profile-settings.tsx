import type { UserSettingsView, UserWithOnboarding } from '@bw/contracts';
import { isValidAustrianSocialSecurityNumber, onboardingMessages } from '@bw/domain';
import { IdCard, Users } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Form, FormMessage, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { personalInformationCalls } from '../../personal-data/api/personal-information-calls';
import { useSaveUserParts } from '../../personal-data/api/save-user-part';
import { ADVISOR_KINDS, useUpdateFinancialAdvisor } from '../../personal-data/api/update-financial-advisor';
import { AdvisorFields } from '../../personal-data/components/steps/advisor-fields';
import { SettingsCard } from './settings-card';

const ssnForm = z.object({
  socialSecurityNumber: z
    .string()
    .trim()
    .refine(isValidAustrianSocialSecurityNumber, { message: onboardingMessages.socialSecurityNumberInvalid }),
});

/** `PUT /api/v2/user/personalInformation/socialSecurityNumber` (spec section 5: NNNNTTMMJJ). */
export const SocialSecuritySettings = ({ user }: { readonly user: UserWithOnboarding }) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(ssnForm, { defaultValues: { socialSecurityNumber: '' } });
  const current = user.personalInformation.socialSecurityNumber;
  return (
    <SettingsCard
      icon={IdCard}
      title={t('accountSettings.ssnTitle')}
      text={t('accountSettings.ssnText')}
      testId="ssn-settings"
    >
      {current && (
        <p className="text-sm tabular-nums text-navy-900">{t('accountSettings.ssnCurrent', { value: current })}</p>
      )}
      <Form
        form={form}
        onSubmit={async (values) => {
          await save.mutateAsync([
            personalInformationCalls.socialSecurityNumber({ socialSecurityNumber: values.socialSecurityNumber }),
          ]);
          form.reset({ socialSecurityNumber: '' });
          setSaved(t('accountSettings.saved'));
        }}
        onSubmitCapture={() => setSaved(null)}
        serverErrors={{ fallback: t('accountSettings.error'), errorField: 'socialSecurityNumber' }}
        className="flex flex-col gap-3"
      >
        <FormMessage tone="success" text={saved} />
        <TextField
          label={t('accountSettings.ssnLabel')}
          name="socialSecurityNumber"
          inputMode="numeric"
          autoComplete="off"
        />
        <SubmitButton variant="secondary" className="sm:self-start">
          {t('accountSettings.save')}
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
};

const advisorForm = z
  .object({ advisorKind: z.enum(ADVISOR_KINDS), advisorName: z.string().trim().max(200) })
  .refine((value) => value.advisorKind === 'none' || value.advisorName.length > 0, {
    path: ['advisorName'],
    message: 'Bitte gib den Namen an.',
  });

/** `PUT /api/v2/user/marketingData/financialAdvisor`: who brought the user, or nobody. */
export const AdvisorSettings = ({ current }: { readonly current: UserSettingsView['financialAdvisor'] }) => {
  const { t } = useTranslation();
  const update = useUpdateFinancialAdvisor();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(advisorForm, {
    defaultValues: { advisorKind: current?.kind ?? 'none', advisorName: current?.name ?? '' },
  });
  return (
    <SettingsCard
      icon={Users}
      title={t('accountSettings.advisorTitle')}
      text={t('accountSettings.advisorText')}
      testId="advisor-settings"
    >
      <Form
        form={form}
        onSubmit={async (values) => {
          await update.mutateAsync(
            values.advisorKind === 'none' ? { kind: 'none' } : { kind: values.advisorKind, name: values.advisorName },
          );
          setSaved(t('accountSettings.saved'));
        }}
        onSubmitCapture={() => setSaved(null)}
        serverErrors={{ fallback: t('accountSettings.error') }}
        className="flex flex-col gap-3"
      >
        <FormMessage tone="success" text={saved} />
        <AdvisorFields />
        <SubmitButton variant="secondary" className="sm:self-start">
          {t('accountSettings.save')}
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
};
