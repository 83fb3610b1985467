import type { IdentificationState } from '@bw/contracts';
import { CheckCircle2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { uploadFile } from '../api/upload-file';

export type FileUploadProps = {
  readonly label: string;
  readonly hint: string;
  readonly accept: string;
  readonly path: string;
  /** Opens the camera on phones (selfies). */
  readonly capture?: 'user' | 'environment';
  readonly testId: string;
  readonly onUploaded: (state: IdentificationState) => void;
};

/** One file, uploaded at once, with a progress bar and the spec's "may take up to one minute" (section 9). */
export const FileUpload = ({ label, hint, accept, path, capture, testId, onUploaded }: FileUploadProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setDone(false);
    setPercent(0);
    try {
      const state = await uploadFile(path, file, setPercent);
      setDone(true);
      onUploaded(state);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('identification.loadFailed'));
    } finally {
      setPercent(null);
    }
  };
  const uploading = percent !== null;
  return (
    <div className="rounded-2xl border border-dashed border-navy-300 bg-white p-4">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-navy-100 text-brand-text">
          {done ? (
            <CheckCircle2 aria-hidden="true" className="size-6 text-success" />
          ) : (
            <Upload aria-hidden="true" className="size-6" />
          )}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="font-semibold text-navy-900">{label}</span>
          <span className="text-sm text-navy-700">{done ? t('identification.uploadDone') : hint}</span>
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        {...(capture ? { capture } : {})}
        className="sr-only"
        disabled={uploading}
        data-testid={testId}
        onChange={(event) => void choose(event)}
      />
      {uploading && (
        <div className="mt-3" role="status">
          <div
            className="h-2 overflow-hidden rounded-full bg-navy-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={label}
          >
            <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-navy-700">{t('identification.uploadProgress', { percent })}</p>
          <p className="text-sm text-navy-700">{t('identification.uploadMayTakeAMinute')}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
};
