import { useMutation } from '@tanstack/react-query';
import { Download, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n';
import { fetchRegisterProof } from '../api/register-proof';

/** Saves a blob under a file name through a temporary link (the browser's own download). */
const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * Issue 39: the investor's proof of their entries in the asset's share register, to check with the
 * open verifier (a page that runs in the browser without any server call) against the published roots.
 */
export const RegisterProof = ({ assetId }: { assetId: string }) => {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => fetchRegisterProof(assetId),
    onSuccess: (blob) => saveBlob(blob, `registernachweis-${assetId}.json`),
  });
  return (
    <section aria-labelledby="register-proof" className="flex flex-col gap-3" data-testid="register-proof">
      <h2 id="register-proof" className="text-lg font-semibold text-navy-900">
        {t('investments.registerTitle')}
      </h2>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100">
        <p className="text-sm text-navy-700">{t('investments.registerText')}</p>
        <Button
          variant="secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          data-testid="register-proof-download"
        >
          <Download aria-hidden="true" className="size-5" />
          {download.isPending ? t('investments.registerDownloading') : t('investments.registerDownload')}
        </Button>
        {download.isError ? (
          <p role="alert" className="text-sm font-medium text-danger" data-testid="register-proof-error">
            {download.error.message}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
          <a href="/share-register/verify" className="flex items-center gap-2 font-semibold text-brand-text underline">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('investments.registerVerify')}
          </a>
          <a href="/share-register/roots" className="font-semibold text-brand-text underline">
            {t('investments.registerRoots')}
          </a>
        </div>
      </div>
    </section>
  );
};
