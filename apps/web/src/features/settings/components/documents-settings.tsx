import { formatDate } from '@bw/i18n';
import { Download, Files, FileText } from 'lucide-react';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useUserDocuments } from '../api/settings-calls';
import { SettingsCard } from './settings-card';

/** Issue 20: every agreement the user signed and every tax statement, each a download. */
export const DocumentsSettings = () => {
  const { t } = useTranslation();
  const documents = useUserDocuments();
  const list = documents.data?.documents ?? [];
  return (
    <SettingsCard
      icon={Files}
      title={t('accountSettings.documentsTitle')}
      text={t('accountSettings.documentsText')}
      testId="documents-settings"
    >
      {documents.isPending && <p aria-busy="true">{t('accountSettings.loading')}</p>}
      {documents.isSuccess && list.length === 0 && (
        <p className="text-sm text-navy-700">{t('accountSettings.documentsEmpty')}</p>
      )}
      {list.length > 0 && (
        <ul className="flex flex-col divide-y divide-navy-100">
          {list.map((document) => {
            const date = new Date(document.date);
            const detail =
              document.kind === 'taxStatement'
                ? t('accountSettings.documentTaxStatement', { year: date.getUTCFullYear() })
                : t('accountSettings.documentAgreement', { date: formatDate(date, currentLocale()) });
            return (
              <li key={document.id}>
                <a
                  href={document.url}
                  download
                  className="flex items-center justify-between gap-3 rounded-xl px-2 py-3 hover:bg-navy-100"
                  data-testid="document-link"
                >
                  <span className="flex items-start gap-2">
                    <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
                    <span className="flex flex-col">
                      <span className="font-semibold text-navy-900">{document.title}</span>
                      <span className="text-sm text-navy-700">{detail}</span>
                    </span>
                  </span>
                  <Download aria-hidden="true" className="size-5 shrink-0 text-navy-700" />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </SettingsCard>
  );
};
