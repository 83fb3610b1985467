import type { AssetDocument } from '@bw/contracts';
import { FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

type Props = {
  readonly documents: readonly AssetDocument[];
  readonly checked: ReadonlySet<string>;
  readonly onToggle: (id: string, checked: boolean) => void;
};

/**
 * Spec sections 3 and 5: every agreement of the purchase has its own terms checkbox (the draft's
 * pdfFiles with checked flags); buying is possible once all are checked (allFilesChecked).
 */
export const DocumentsCard = ({ documents, checked, onToggle }: Props) => {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="purchase-documents"
      className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6"
    >
      <h2 id="purchase-documents" className="text-base font-semibold text-navy-900">
        {t('trading.documentsTitle')}
      </h2>
      <p className="text-sm text-navy-700">{t('trading.documentsText')}</p>
      <ul className="flex flex-col gap-3">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-col gap-2 rounded-2xl bg-navy-100/50 p-3">
            <a
              href={document.url}
              target="_blank"
              rel="noopener"
              aria-label={t('trading.documentOpen', { title: document.title })}
              className="inline-flex items-center gap-2 self-start text-sm font-semibold text-brand-text underline underline-offset-2"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              {document.title}
            </a>
            <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-navy-900">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-brand"
                checked={checked.has(document.id)}
                onChange={(event) => onToggle(document.id, event.target.checked)}
              />
              <span>{t('trading.documentAccept', { title: document.title })}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
};
