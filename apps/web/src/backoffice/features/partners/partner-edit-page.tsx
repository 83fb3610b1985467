import {
  type FeatureFlagName,
  featureFlagNames,
  type PartnerAdminView,
  type PartnerColors,
  staffCan,
  type UpdatePartnerBody,
} from '@bw/contracts';
import { unreadableColorPairs } from '@bw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../app/use-session';
import {
  Button,
  Card,
  ErrorNotice,
  fieldError,
  Notice,
  PageHeader,
  Spinner,
  TextArea,
  TextField,
} from '../../components/ui';
import { partnersKey, savePartner, usePartners } from './api';
import { PartnerPreview } from './partner-preview';
import { ReferralTermsCard, type ReferralTermsInput, referralBodyOf, referralInputOf } from './referral-terms';

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

const formOf = (partner: PartnerAdminView): UpdatePartnerBody => ({
  name: partner.name,
  colors: partner.colors,
  appIcon: partner.appIcon,
  featureFlags: partner.featureFlags,
  introSlides: partner.introSlides,
  webAppURL: partner.webAppURL,
  imprint: partner.imprint,
  supportEmail: partner.supportEmail,
  supportPhone: partner.supportPhone,
});

const Editor = ({ partner, mayEdit }: { partner: PartnerAdminView; mayEdit: boolean }) => {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<UpdatePartnerBody>(() => formOf(partner));
  const [referral, setReferral] = useState<ReferralTermsInput>(() => referralInputOf(partner));
  const save = useMutation({
    mutationFn: (body: UpdatePartnerBody) => savePartner(partner.appId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
  const unreadable = unreadableColorPairs(form.colors);
  const setColor = (key: keyof PartnerColors, value: string) =>
    setForm({ ...form, colors: { ...form.colors, [key]: value } });
  const setSlide = (index: number, key: 'title' | 'text' | 'imageUrl', value: string) =>
    setForm({
      ...form,
      introSlides: form.introSlides.map((slide, at) => (at === index ? { ...slide, [key]: value } : slide)),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...form, referral: referralBodyOf(referral) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[1fr_300px] items-start gap-4">
      <fieldset disabled={!mayEdit} className="space-y-4">
        <Card title="Auftritt">
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Name"
              value={form.name}
              error={fieldError(save.error, 'name')}
              onChange={(event) => setForm({ ...form, name: event.target.value })}
            />
            <TextField
              label="Icon (Adresse)"
              value={form.appIcon}
              error={fieldError(save.error, 'appIcon')}
              onChange={(event) => setForm({ ...form, appIcon: event.target.value })}
            />
          </div>
          <div className="mt-4 grid grid-cols-3 gap-x-4 gap-y-2">
            {(Object.keys(COLOR_LABELS) as (keyof PartnerColors)[]).map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="color"
                  aria-label={`Farbe ${COLOR_LABELS[key]}`}
                  value={form.colors[key]}
                  onChange={(event) => setColor(key, event.target.value)}
                  className="h-7 w-9 cursor-pointer rounded border border-line bg-white"
                />
                <span>
                  {COLOR_LABELS[key]} <span className="font-mono text-xs text-muted">{form.colors[key]}</span>
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
                <input
                  type="checkbox"
                  checked={form.featureFlags[flag]}
                  onChange={(event) =>
                    setForm({ ...form, featureFlags: { ...form.featureFlags, [flag]: event.target.checked } })
                  }
                />
                {FLAG_LABELS[flag]}
              </label>
            ))}
          </div>
        </Card>
        <Card
          title="Intro-Folien"
          actions={
            <Button
              disabled={form.introSlides.length >= 6}
              onClick={() =>
                setForm({ ...form, introSlides: [...form.introSlides, { title: '', text: '', imageUrl: '' }] })
              }
            >
              Folie hinzufügen
            </Button>
          }
        >
          {form.introSlides.length === 0 ? <p className="text-muted">Keine Intro-Folien.</p> : null}
          <ol className="space-y-3">
            {form.introSlides.map((slide, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; their position is their identity
              <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                <TextField
                  label={`Folie ${index + 1}: Titel`}
                  value={slide.title}
                  error={fieldError(save.error, `introSlides.${index}.title`)}
                  onChange={(event) => setSlide(index, 'title', event.target.value)}
                />
                <TextField
                  label="Bild (Adresse)"
                  value={slide.imageUrl}
                  onChange={(event) => setSlide(index, 'imageUrl', event.target.value)}
                />
                <Button
                  variant="danger"
                  onClick={() => setForm({ ...form, introSlides: form.introSlides.filter((_, at) => at !== index) })}
                >
                  Entfernen
                </Button>
                <TextArea
                  className="col-span-3"
                  label={`Folie ${index + 1}: Text`}
                  value={slide.text}
                  error={fieldError(save.error, `introSlides.${index}.text`)}
                  onChange={(event) => setSlide(index, 'text', event.target.value)}
                />
              </li>
            ))}
          </ol>
        </Card>
        <Card title="Adresse, Impressum und Kontakt">
          <div className="space-y-3">
            <TextField
              label="Web-Adresse der App"
              value={form.webAppURL}
              error={fieldError(save.error, 'webAppURL')}
              onChange={(event) => setForm({ ...form, webAppURL: event.target.value })}
            />
            <TextArea
              label="Impressum"
              value={form.imprint}
              rows={5}
              error={fieldError(save.error, 'imprint')}
              onChange={(event) => setForm({ ...form, imprint: event.target.value })}
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Support-E-Mail"
                type="email"
                value={form.supportEmail}
                error={fieldError(save.error, 'supportEmail')}
                onChange={(event) => setForm({ ...form, supportEmail: event.target.value })}
              />
              <TextField
                label="Support-Telefon"
                value={form.supportPhone}
                error={fieldError(save.error, 'supportPhone')}
                onChange={(event) => setForm({ ...form, supportPhone: event.target.value })}
              />
            </div>
          </div>
        </Card>
        <ReferralTermsCard
          value={referral}
          paidCents={partner.referral.paidCents}
          error={save.error}
          onChange={setReferral}
        />
      </fieldset>
      <div className="sticky top-4 space-y-3">
        <PartnerPreview name={form.name} colors={form.colors} icon={form.appIcon} />
        {mayEdit ? (
          <>
            <ErrorNotice error={save.error} />
            {save.isSuccess ? <Notice>Gespeichert. Die App zeigt es beim nächsten Öffnen.</Notice> : null}
            <Button
              type="submit"
              variant="primary"
              busy={save.isPending}
              disabled={unreadable.length > 0}
              className="w-full"
            >
              Speichern
            </Button>
          </>
        ) : null}
      </div>
    </form>
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
