import type { IdentificationState } from '@bw/contracts';
import { useTranslation } from '../../../lib/i18n';
import { documentUploadPath } from '../api/upload-file';
import { FileUpload } from './file-upload';

type Props = { readonly state: IdentificationState; readonly onChange: (state: IdentificationState) => void };

const DOCUMENT_ACCEPT = 'image/jpeg,image/png,application/pdf';
const SELFIE_ACCEPT = 'image/jpeg,image/png';

/**
 * Spec section 2: the ID document (front and back, or the passport's photo page), then a selfie.
 * With both the case goes to review; a too-bright selfie asks for the selfie again (section 8).
 */
export const UploadStep = ({ state, onChange }: Props) => {
  const { t } = useTranslation();
  const documents = state.documents.filter((doc) => doc.kind === 'document').length;
  const pages = state.documentType === 'passport' ? 1 : 2;
  const selfie = (
    <section className="flex flex-col gap-3" aria-labelledby="selfie-title">
      <h2 id="selfie-title" className="text-lg font-semibold text-navy-900">
        {t('identification.selfieTitle')}
      </h2>
      <p className="text-navy-700">{t('identification.selfieText')}</p>
      <FileUpload
        label={t('identification.selfieChoose')}
        hint={t('identification.selfieHint')}
        accept={SELFIE_ACCEPT}
        capture="user"
        path={documentUploadPath('selfie')}
        testId="upload-selfie"
        onUploaded={onChange}
      />
    </section>
  );
  if (state.retake === 'selfie') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-danger">
          {t('identification.selfieTooBright')}
        </p>
        {selfie}
      </div>
    );
  }
  const pageLabels =
    pages === 1
      ? [t('identification.uploadPassport')]
      : [t('identification.uploadFront'), t('identification.uploadBack')];
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3" aria-labelledby="document-title">
        <h2 id="document-title" className="text-lg font-semibold text-navy-900">
          {t('identification.uploadTitle')}
        </h2>
        {pageLabels.map((label, index) =>
          index <= documents ? (
            <FileUpload
              key={label}
              label={label}
              hint={t('identification.uploadHint')}
              accept={DOCUMENT_ACCEPT}
              path={documentUploadPath('document')}
              testId={`upload-document-${index}`}
              onUploaded={onChange}
            />
          ) : null,
        )}
        <p className="text-sm text-navy-700">{t('identification.uploadMayTakeAMinute')}</p>
      </section>
      {documents >= pages && selfie}
    </div>
  );
};
