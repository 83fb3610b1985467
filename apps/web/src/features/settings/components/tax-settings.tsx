import type { UserWithOnboarding } from '@bw/contracts';
import {
  type GermanState,
  germanStates,
  isAustrianTaxNumber,
  isValidGermanTaxId,
  onboardingMessages,
} from '@bw/domain';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { ChoiceField, Form, SelectField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useSaveUserParts } from '../../personal-data/api/save-user-part';
import { accountCalls } from '../api/account-calls';
import { SettingsCard } from './settings-card';

type TaxCountry = 'DE' | 'AT';

/** Spec section 5: a German tax ID by its check digit, an Austrian tax number by its form; 'Ungültig' otherwise. */
const taxIdForm = (country: TaxCountry) =>
  z.object({
    taxId: z
      .string()
      .trim()
      .refine((value) => (country === 'DE' ? isValidGermanTaxId(value) : isAustrianTaxNumber(value)), {
        message: onboardingMessages.taxIdInvalid,
      }),
  });

const texts = {
  DE: {
    label: 'accountSettings.taxIdGerman',
    title: 'accountSettings.germanTaxIdModalTitle',
    text: 'accountSettings.germanTaxIdModalText',
    field: 'accountSettings.germanTaxIdLabel',
  },
  AT: {
    label: 'accountSettings.taxIdAustrian',
    title: 'accountSettings.austrianTaxNumberModalTitle',
    text: 'accountSettings.austrianTaxNumberModalText',
    field: 'accountSettings.austrianTaxNumberLabel',
  },
} as const;

/** The tax ID modal: `PUT /api/v2/user/account/taxId {taxId,country}`. */
const TaxIdModal = ({ country, onClose }: { readonly country: TaxCountry; readonly onClose: () => void }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const save = useSaveUserParts();
  const form = useZodForm(taxIdForm(country), { defaultValues: { taxId: '' } });
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t(texts[country].title)}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <p className="mb-4 text-sm text-navy-700">{t(texts[country].text)}</p>
      <Form
        form={form}
        onSubmit={async (values) => {
          await save.mutateAsync([accountCalls.taxId({ taxId: values.taxId, country })]);
          onClose();
        }}
        serverErrors={{ fallback: t('accountSettings.error'), errorField: 'taxId' }}
        className="flex flex-col gap-4"
        data-testid={`tax-id-form-${country}`}
      >
        <TextField
          label={t(texts[country].field)}
          name="taxId"
          inputMode="numeric"
          autoComplete="off"
          data-testid="tax-id-input"
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton>{t('accountSettings.save')}</SubmitButton>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('accountSettings.cancel')}
          </Button>
        </div>
      </Form>
    </BottomSheet>
  );
};

/** The federal states by their own (German) names. */
const STATE_NAMES: Readonly<Record<GermanState, string>> = {
  'DE-BW': 'Baden-Württemberg',
  'DE-BY': 'Bayern',
  'DE-BE': 'Berlin',
  'DE-BB': 'Brandenburg',
  'DE-HB': 'Bremen',
  'DE-HH': 'Hamburg',
  'DE-HE': 'Hessen',
  'DE-MV': 'Mecklenburg-Vorpommern',
  'DE-NI': 'Niedersachsen',
  'DE-NW': 'Nordrhein-Westfalen',
  'DE-RP': 'Rheinland-Pfalz',
  'DE-SL': 'Saarland',
  'DE-SN': 'Sachsen',
  'DE-ST': 'Sachsen-Anhalt',
  'DE-SH': 'Schleswig-Holstein',
  'DE-TH': 'Thüringen',
};

/** A member names the federal state whose rate applies: 8 % in Bayern and Baden-Württemberg, 9 % elsewhere. */
const CHURCH_STATE_MESSAGE = 'Bitte wähle das Bundesland, in dem du kirchensteuerpflichtig bist.';
const churchForm = z
  .object({ hasChurchTax: z.enum(['yes', 'no']), churchTaxState: z.string() })
  .refine(
    (values) => values.hasChurchTax === 'no' || (germanStates as readonly string[]).includes(values.churchTaxState),
    {
      message: CHURCH_STATE_MESSAGE,
      path: ['churchTaxState'],
    },
  );

/**
 * `PUT /api/v2/user/account/churchTax {hasChurchTax, churchTaxState}`: the answer and the federal state
 * the distributions read for the Kirchensteuer (ADR 0030).
 */
const ChurchTaxForm = ({
  hasChurchTax,
  churchTaxState,
}: {
  readonly hasChurchTax: boolean | null;
  readonly churchTaxState: GermanState | null;
}) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const [saved, setSaved] = useState(false);
  const form = useZodForm(churchForm, {
    defaultValues: {
      ...(hasChurchTax === null ? {} : { hasChurchTax: hasChurchTax ? 'yes' : 'no' }),
      churchTaxState: churchTaxState ?? '',
    },
  });
  const member = form.watch('hasChurchTax') === 'yes';
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const state = germanStates.find((candidate) => candidate === values.churchTaxState);
        await save.mutateAsync([
          accountCalls.churchTax(
            values.hasChurchTax === 'yes' && state
              ? { hasChurchTax: true, churchTaxState: state }
              : { hasChurchTax: false },
          ),
        ]);
        setSaved(true);
      }}
      onSubmitCapture={() => setSaved(false)}
      serverErrors={{ fallback: t('accountSettings.error'), errorField: 'hasChurchTax' }}
      className="flex flex-col gap-3"
      data-testid="church-tax-form"
    >
      <ChoiceField
        name="hasChurchTax"
        legend={t('accountSettings.churchTaxQuestion')}
        options={[
          { value: 'yes', label: t('accountSettings.churchTaxYes') },
          { value: 'no', label: t('accountSettings.churchTaxNo') },
        ]}
      />
      {member && (
        <>
          <SelectField
            name="churchTaxState"
            label={t('accountSettings.churchTaxState')}
            placeholder=""
            options={germanStates.map((state) => ({ value: state, label: STATE_NAMES[state] }))}
            data-testid="church-tax-state"
          />
          <p className="-mt-2 text-sm text-navy-700">{t('accountSettings.churchTaxStateHint')}</p>
        </>
      )}
      <div className="flex items-center gap-3">
        <SubmitButton variant="secondary">{t('accountSettings.save')}</SubmitButton>
        {saved && <span className="text-sm text-navy-700">{t('accountSettings.saved')}</span>}
      </div>
    </Form>
  );
};

/** Spec sections 2 and 5: the tax IDs (German one through its modal) and the church-tax answer. */
export const TaxSettings = ({ user }: { readonly user: UserWithOnboarding }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TaxCountry | null>(null);
  const taxIdOf = (country: TaxCountry) => user.account.taxIds.find((entry) => entry.country === country)?.taxId;
  return (
    <SettingsCard
      icon={Landmark}
      title={t('accountSettings.taxTitle')}
      text={t('accountSettings.taxText')}
      testId="tax-settings"
    >
      <ul className="flex flex-col divide-y divide-navy-100">
        {(['DE', 'AT'] as const).map((country) => {
          const taxId = taxIdOf(country);
          return (
            <li key={country} className="flex items-center justify-between gap-3 py-3">
              <span className="flex flex-col">
                <span className="font-semibold text-navy-900">{t(texts[country].label)}</span>
                <span className="text-sm tabular-nums text-navy-700" data-testid={`tax-id-${country}`}>
                  {taxId ?? t('accountSettings.taxIdMissing')}
                </span>
              </span>
              <Button variant="secondary" onClick={() => setOpen(country)} data-testid={`tax-id-edit-${country}`}>
                {taxId ? t('accountSettings.taxIdChange') : t('accountSettings.taxIdEnter')}
              </Button>
            </li>
          );
        })}
      </ul>
      <ChurchTaxForm hasChurchTax={user.account.hasChurchTax} churchTaxState={user.account.churchTaxState} />
      {open && <TaxIdModal country={open} onClose={() => setOpen(null)} />}
    </SettingsCard>
  );
};
