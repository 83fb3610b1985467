import { ID_DOCUMENT_TYPES, type IdDocumentType, type IdentificationState } from '@bw/contracts';
import { FileCheck2, Video } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { startDocumentIdent, startVideoIdent } from '../api/start-identification';

const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9]{6,20}$/;
type Method = 'document' | 'video';

/** Spec section 2: choose how to identify, then the ID document (passport, ID card, driving licence). */
export const ChooseStep = ({ onStarted }: { readonly onStarted: (state?: IdentificationState) => void }) => {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('document');
  const [documentType, setDocumentType] = useState<IdDocumentType>('idCard');
  const [documentNumber, setDocumentNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (method === 'document' && !DOCUMENT_NUMBER_PATTERN.test(documentNumber.trim())) {
      setError(t('identification.documentNumberInvalid'));
      return;
    }
    setBusy(true);
    try {
      if (method === 'video') {
        await startVideoIdent();
        onStarted();
      } else {
        onStarted(await startDocumentIdent({ documentType, documentNumber: documentNumber.trim() }));
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('identification.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
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
    <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-navy-900">{t('identification.chooseTitle')}</legend>
        {methods.map(({ value, icon: Icon, title, text }) => (
          <label
            key={value}
            className={`flex cursor-pointer items-start gap-3 rounded-2xl bg-white p-4 ring-1 ${method === value ? 'ring-2 ring-brand' : 'ring-navy-300'}`}
          >
            <input
              type="radio"
              name="method"
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
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
      {method === 'document' && (
        <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-300">
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-navy-900">
            {t('identification.documentTypeLabel')}
            <select
              name="documentType"
              value={documentType}
              onChange={(event) => setDocumentType(event.target.value as IdDocumentType)}
              className="min-h-12 rounded-xl border border-navy-300 bg-white px-3 text-base font-normal"
            >
              {ID_DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`identification.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-navy-900">
            {t('identification.documentNumberLabel')}
            <input
              name="documentNumber"
              autoComplete="off"
              value={documentNumber}
              onChange={(event) => setDocumentNumber(event.target.value)}
              className="min-h-12 rounded-xl border border-navy-300 bg-white px-4 text-base font-normal uppercase"
            />
            <span className="text-sm font-normal text-navy-700">{t('identification.documentNumberHint')}</span>
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button type="submit" block disabled={busy}>
        {t('identification.start')}
      </Button>
    </form>
  );
};
