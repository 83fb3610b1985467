import { formatDate } from '@bw/i18n';
import { Download, FileArchive } from 'lucide-react';
import { formatFileSize } from '../../../components/attachment-list';
import { Button, buttonClass } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useDataExport, useRequestDataExport } from '../api/settings-calls';
import { SettingsCard } from './settings-card';

/**
 * GDPR Art. 15 and 20 (issue 39, ADR 0051): "Meine Daten exportieren". The request starts a job; the
 * card shows it pending, then the download of the ZIP until its link expires (the inbox has it too).
 */
export const DataExportSettings = () => {
  const { t } = useTranslation();
  const locale = currentLocale();
  const state = useDataExport();
  const request = useRequestDataExport();
  const current = state.data?.export ?? null;
  const status = current?.status ?? null;
  const canRequest = status !== 'pending';
  return (
    <SettingsCard
      icon={FileArchive}
      title={t('accountSettings.exportTitle')}
      text={t('accountSettings.exportText')}
      testId="data-export-settings"
    >
      {request.error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="data-export-error">
          {request.error instanceof ApiError && request.error.message
            ? request.error.message
            : t('accountSettings.error')}
        </p>
      )}
      {status === 'pending' && (
        <p aria-live="polite" className="text-sm text-navy-900" data-testid="data-export-status">
          {t('accountSettings.exportPending')}
        </p>
      )}
      {status === 'ready' && current?.downloadUrl && current.readyAt && current.expiresAt && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-navy-900" data-testid="data-export-status">
            {t('accountSettings.exportReady', {
              date: formatDate(new Date(current.readyAt), locale),
              size: formatFileSize(current.sizeBytes ?? 0, locale),
              expires: formatDate(new Date(current.expiresAt), locale),
            })}
          </p>
          <a
            href={current.downloadUrl}
            download
            className={`${buttonClass('primary')} sm:self-start`}
            data-testid="data-export-download"
          >
            <Download aria-hidden="true" className="size-5" />
            {t('accountSettings.exportDownload')}
          </a>
        </div>
      )}
      {status === 'expired' && (
        <p className="text-sm text-navy-700" data-testid="data-export-status">
          {t('accountSettings.exportExpired')}
        </p>
      )}
      {status === 'failed' && (
        <p className="text-sm text-navy-700" data-testid="data-export-status">
          {t('accountSettings.exportFailed')}
        </p>
      )}
      {canRequest && (
        <Button
          variant={status === 'ready' ? 'secondary' : 'primary'}
          className="sm:self-start"
          disabled={request.isPending || state.isPending}
          onClick={() => request.mutate()}
          data-testid="data-export-request"
        >
          <FileArchive aria-hidden="true" className="size-5" />
          {status === null ? t('accountSettings.exportRequest') : t('accountSettings.exportAgain')}
        </Button>
      )}
    </SettingsCard>
  );
};
