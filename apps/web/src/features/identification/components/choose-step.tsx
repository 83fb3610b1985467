import { ID_DOCUMENT_TYPES, type IdentificationState } from '@bw/contracts';
import { FileCheck2, Video } from 'lucide-react';
import { useController, useWatch } from 'react-hook-form';
import { Form, FormError, SelectField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { rememberIdentPage } from '../api/provider-pages';
import { startDocumentIdent, startVideoIdent } from '../api/start-identification';
import { chooseForm } from '../lib/identification-forms';

type Method = 'document' | 'video';

/** The two ways to identify as cards with a radio button (field `method`). */
const MethodChoice = () => {
  const { t } = useTranslation();
  const { field } = useController({ name: 'method' });
  const methods: { value: Method; icon: typeof Video; title: string; text: string }[] = [
    {
      value: 'document',
      icon: FileCheck2,
      title: t('identification.methodDocument'),
      text: t('identification.methodDocumentText'),
    },
    { value: 'video', icon: Video, title: t('identification.methodVideo'), text: t('identification.methodVideoText') },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold text-navy-900">{t('identification.chooseTitle')}</legend>
      {methods.map(({ value, icon: Icon, title, text }) => (
        <label
          key={value}
          className={`flex cursor-pointer items-start gap-3 rounded-2xl bg-white p-4 ring-1 ${field.value === value ? 'ring-2 ring-brand' : 'ring-navy-300'}`}
        >
          <input
            type="radio"
            name="method"
            value={value}
            checked={field.value === value}
            onChange={() => field.onChange(value)}
            className="mt-1 size-4 accent-[var(--color-brand)]"
          />
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
          <span className="flex flex-col">
            <span className="font-semibold text-navy-900">{title}</span>
            <span className="text-sm text-navy-700">{text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};

/** The ID document (passport, ID card, driving licence) and its number, when identifying with a document. */
const DocumentFields = () => {
  const { t } = useTranslation();
  const method: unknown = useWatch({ name: 'method' });
  if (method !== 'document') return null;
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-300">
      <SelectField
        name="documentType"
        label={t('identification.documentTypeLabel')}
        options={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`identification.${type}`) }))}
      />
      <TextField
        name="documentNumber"
        label={t('identification.documentNumberLabel')}
        autoComplete="off"
        hint={t('identification.documentNumberHint')}
        className="[&_input]:uppercase"
      />
    </div>
  );
};

/** Spec section 2: choose how to identify, then the ID document (passport, ID card, driving licence). */
export const ChooseStep = ({ onStarted }: { readonly onStarted: (state?: IdentificationState) => void }) => {
  const { t } = useTranslation();
  const form = useZodForm(chooseForm, {
    defaultValues: { method: 'document', documentType: 'idCard', documentNumber: '' },
  });
  const submit = async ({
    method,
    documentType,
    documentNumber,
  }: Parameters<typeof startDocumentIdent>[0] & { method: Method }) => {
    if (method === 'video') {
      const started = await startVideoIdent();
      if (started.redirectUrl) {
        // IDnow: the call happens on IDnow's page; back here, the pending screen waits for the result.
        rememberIdentPage(started.idNowId, started.redirectUrl);
        window.location.assign(started.redirectUrl);
        return;
      }
      onStarted();
    } else {
      onStarted(await startDocumentIdent({ documentType, documentNumber }));
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={{ fallback: t('identification.loadFailed') }}
      className="flex flex-col gap-5"
    >
      <MethodChoice />
      <DocumentFields />
      <FormError />
      <SubmitButton block>{t('identification.start')}</SubmitButton>
    </Form>
  );
};
