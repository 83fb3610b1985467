import {
  type FeatureFlagName,
  featureFlagNames,
  type LegalProviders,
  type PartnerAdminView,
  type PartnerColors,
  staffCan,
  type UpdatePartnerBody,
  updatePartnerBody,
} from '@bw/contracts';
import { unreadableColorPairs } from '@bw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSubmit, FormTextArea, FormTextField } from '../../components/form-fields';
import { Button, Card, ErrorNotice, Notice, PageHeader, Spinner } from '../../components/ui';
import { useSession } from '../../lib/use-session';
import { partnersKey, savePartner, usePartners } from './api';
import { PartnerPreview } from './partner-preview';
import {
  REFERRAL_ALIASES,
  ReferralTermsCard,
  referralBodyOf,
  referralInputOf,
  referralTermsFields,
} from './referral-terms';

const COLOR_LABELS: Record<keyof PartnerColors, string> = {
  brand: 'Markenfarbe',
  primary: 'Schaltflächen',
  ctaLabel: 'Schrift auf Schaltflächen',
  highlight: 'Akzent',
  systemSuccess: 'Erfolg',
  systemError: 'Fehler',
  navy100: 'Hintergrund hell',
  navy300: 'Linien',
  navy500: 'Text gedämpft',
  navy700: 'Text sekundär',
  navy900: 'Text',
};
const FLAG_LABELS: Record<FeatureFlagName, string> = {
  introSlidesSignUp: 'Intro-Folien bei der Registrierung',
  partnerSelectionPage: 'Partnerauswahl',
  referral: 'Empfehlungsprogramm',
  liking: 'Merken von Objekten',
  easter: 'Osteraktion',
  bonusCodes: 'Bonus-Codes',
  partialEmission: 'Teilemission',
  enableChart: 'Kursdiagramm',
  marketingConsent: 'Marketing-Einwilligung',
  copyMe: 'Profil zu anderen Partnern übertragen (Konto wechseln)',
};

/** The partner body with the referral terms as euro texts; the submit sends them in cents. */
const partnerForm = updatePartnerBody
  .extend({ referral: referralTermsFields })
  .transform((form): UpdatePartnerBody => ({ ...form, referral: referralBodyOf(form.referral) }));
type PartnerForm = z.input<typeof partnerForm>;

const formOf = (partner: PartnerAdminView): PartnerForm => ({
  name: partner.name,
  colors: partner.colors,
  appIcon: partner.appIcon,
  featureFlags: partner.featureFlags,
  introSlides: partner.introSlides,
  webAppURL: partner.webAppURL,
  imprint: partner.imprint,
  supportEmail: partner.supportEmail,
  supportPhone: partner.supportPhone,
  legalProviders: partner.legalProviders,
  referral: referralInputOf(partner),
});

/** Whose documents the investor accepts (ADR 0050): each one's German name carries the company. */
const PROVIDER_LABELS: Record<keyof LegalProviders, string> = {
  productProvider: 'Produktanbieter (Vertragsbedingungen, Kundeninformation)',
  identityProvider: 'Online-Identifizierung',
  energyProvider: 'Stromvermarktung',
  paymentProvider: 'Zahlungsdienste',
  furtherProvider: 'Qualifizierte elektronische Signatur (Bedingungen, Datenschutz)',
};

const Editor = ({ partner, mayEdit }: { partner: PartnerAdminView; mayEdit: boolean }) => {
  const queryClient = useQueryClient();
  const form = useZodForm(partnerForm, { defaultValues: formOf(partner) });
  const slides = useFieldArray({ control: form.control, name: 'introSlides' });
  const [saved, setSaved] = useState(false);
  const [name, colors, appIcon] = form.watch(['name', 'colors', 'appIcon']);
  const unreadable = unreadableColorPairs(colors);
  const submit = async (body: UpdatePartnerBody) => {
    setSaved(false);
    await savePartner(partner.appId, body);
    setSaved(true);
    void queryClient.invalidateQueries({ queryKey: partnersKey });
  };
  /** The slides' fields the server may name (`body.introSlides.<n>.title`). */
  const slideFields = slides.fields.flatMap((_, index) => [`introSlides.${index}.title`, `introSlides.${index}.text`]);
  return (
    <BoForm
      form={form}
      onSubmit={submit}
      serverErrors={{ aliases: REFERRAL_ALIASES, fields: slideFields }}
      className="grid grid-cols-[1fr_300px] items-start gap-4"
    >
      <fieldset disabled={!mayEdit} className="space-y-4">
        <Card title="Auftritt">
          <div className="grid grid-cols-2 gap-3">
            <FormTextField name="name" label="Name" />
            <FormTextField name="appIcon" label="Icon (Adresse)" />
          </div>
          <div className="mt-4 grid grid-cols-3 gap-x-4 gap-y-2">
            {(Object.keys(COLOR_LABELS) as (keyof PartnerColors)[]).map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="color"
                  aria-label={`Farbe ${COLOR_LABELS[key]}`}
                  {...form.register(`colors.${key}`)}
                  className="h-7 w-9 cursor-pointer rounded border border-line bg-white"
                />
                <span>
                  {COLOR_LABELS[key]} <span className="font-mono text-xs text-muted">{colors[key]}</span>
                </span>
              </label>
            ))}
          </div>
          {unreadable.length > 0 ? (
            <p role="alert" className="mt-3 text-sm text-bad">
              Nicht gut lesbar:{' '}
              {unreadable
                .map(
                  (pair) => `${pair.foreground} auf ${pair.background} (${pair.ratio.toFixed(1).replace('.', ',')}:1)`,
                )
                .join(', ')}
              . Mindestens 4,5:1.
            </p>
          ) : null}
        </Card>
        <Card title="Funktionen">
          <div className="grid grid-cols-2 gap-2">
            {featureFlagNames.map((flag) => (
              <label key={flag} className="flex items-center gap-2">
                <input type="checkbox" {...form.register(`featureFlags.${flag}`)} />
                {FLAG_LABELS[flag]}
              </label>
            ))}
          </div>
        </Card>
        <Card
          title="Intro-Folien"
          actions={
            <Button
              disabled={slides.fields.length >= 6}
              onClick={() => slides.append({ title: '', text: '', imageUrl: '' })}
            >
              Folie hinzufügen
            </Button>
          }
        >
          {slides.fields.length === 0 ? <p className="text-muted">Keine Intro-Folien.</p> : null}
          <ol className="space-y-3">
            {slides.fields.map((slide, index) => (
              <li key={slide.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                <FormTextField name={`introSlides.${index}.title`} label={`Folie ${index + 1}: Titel`} />
                <FormTextField name={`introSlides.${index}.imageUrl`} label="Bild (Adresse)" />
                <Button variant="danger" onClick={() => slides.remove(index)}>
                  Entfernen
                </Button>
                <FormTextArea
                  name={`introSlides.${index}.text`}
                  className="col-span-3"
                  label={`Folie ${index + 1}: Text`}
                />
              </li>
            ))}
          </ol>
        </Card>
        <Card title="Adresse, Impressum und Kontakt">
          <div className="space-y-3">
            <FormTextField name="webAppURL" label="Web-Adresse der App" />
            <FormTextArea name="imprint" label="Impressum" rows={5} />
            <div className="grid grid-cols-2 gap-3">
              <FormTextField name="supportEmail" label="Support-E-Mail" type="email" />
              <FormTextField name="supportPhone" label="Support-Telefon" />
            </div>
          </div>
        </Card>
        <Card title="Rechtliche Dokumente: Anbieter">
          <div className="grid grid-cols-2 gap-3">
            {(Object.keys(PROVIDER_LABELS) as (keyof LegalProviders)[]).map((key) => (
              <FormTextField key={key} name={`legalProviders.${key}`} label={PROVIDER_LABELS[key]} />
            ))}
          </div>
        </Card>
        <ReferralTermsCard paidCents={partner.referral.paidCents} />
      </fieldset>
      <div className="sticky top-4 space-y-3">
        <PartnerPreview name={name} colors={colors} icon={appIcon} />
        {mayEdit ? (
          <>
            <FormNotice />
            {saved ? <Notice>Gespeichert. Die App zeigt es beim nächsten Öffnen.</Notice> : null}
            <FormSubmit disabled={unreadable.length > 0} className="w-full">
              Speichern
            </FormSubmit>
          </>
        ) : null}
      </div>
    </BoForm>
  );
};

/** One partner: its look with a live preview, flags, intro slides, imprint and contacts. */
const PartnerEditPage = () => {
  const { id } = useParams();
  const session = useSession();
  const partners = usePartners();
  if (partners.isPending) return <Spinner />;
  const partner = partners.data?.find((row) => row.appId === id);
  if (!partner) return <ErrorNotice error={partners.error ?? new Error('Diesen Partner gibt es nicht.')} />;
  return (
    <>
      <PageHeader
        title={partner.name}
        subtitle={`App-ID ${partner.appId} · ${partner.investors.toLocaleString('de-AT')} Investoren`}
      />
      <Editor partner={partner} mayEdit={staffCan(session.staff.role, 'PUT /admin/api/v1/partners/:appId')} />
    </>
  );
};

export default PartnerEditPage;
