import { ATTACHMENT_ACCEPT, type FileRef, MAX_ATTACHMENTS } from '@bw/contracts';
import { Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client';
import { attachmentProblem, uploadAttachment } from '../lib/attachments';
import { useTranslation } from '../lib/i18n';
import { UPLOAD_NETWORK_CODE, UPLOAD_TIMEOUT_CODE } from '../lib/upload-file';
import { formatFileSize } from './attachment-list';
import { buttonClass } from './button';

type Pending = { name: string; percent: number };

export type AttachmentPickerProps = {
  /** The files uploaded so far; the form sends their ids. */
  readonly files: readonly FileRef[];
  readonly onChange: (files: FileRef[]) => void;
  /** True while a file is on its way (the form waits for it). */
  readonly onBusyChange?: (busy: boolean) => void;
};

/**
 * The attach control (issues 23 and 24): pick files, each is uploaded at once with
 * `POST /api/v1/data/file` and a progress bar, then listed with name, size and a remove button.
 * Wrong types, files over 10 MB and a sixth file are refused before uploading; the server's
 * refusals (checked from the bytes) show its German message.
 */
export const AttachmentPicker = ({ files, onChange, onBusyChange }: AttachmentPickerProps) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(files);
  latest.current = files;

  const messageOf = (caught: unknown): string => {
    if (caught instanceof ApiError && caught.code === UPLOAD_TIMEOUT_CODE) return t('attachments.timeout');
    if (caught instanceof ApiError && caught.code !== UPLOAD_NETWORK_CODE && caught.status > 0) return caught.message;
    return t('attachments.network');
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    setError(null);
    onBusyChange?.(true);
    try {
      for (const file of picked) {
        const problem = attachmentProblem(file, latest.current.length);
        if (problem) {
          setError(t(`attachments.${problem}`));
          if (problem === 'tooMany') break;
          continue;
        }
        setPending({ name: file.name, percent: 0 });
        try {
          const uploaded = await uploadAttachment(file, {
            idempotencyKey: crypto.randomUUID(),
            onProgress: (percent) => setPending({ name: file.name, percent }),
          });
          const next = [...latest.current, uploaded];
          latest.current = next;
          onChange(next);
        } catch (caught) {
          setError(messageOf(caught));
        }
      }
    } finally {
      setPending(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="attachment-picker">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`${buttonClass('secondary', false, 'sm')} cursor-pointer ${
            pending || files.length >= MAX_ATTACHMENTS ? 'pointer-events-none opacity-50' : ''
          }`}
        >
          <Paperclip aria-hidden="true" className="size-4" />
          {t('attachments.add')}
        </label>
        <input
          id={id}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          disabled={pending !== null || files.length >= MAX_ATTACHMENTS}
          data-testid="attachment-input"
          onChange={(event) => void choose(event)}
        />
      </div>
      <p className="text-xs text-navy-700">{t('attachments.hint')}</p>
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t('attachments.listLabel')}>
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center justify-between gap-2 rounded-xl bg-navy-100/60 px-3 py-1 text-sm text-navy-900"
              data-testid="attached-file"
            >
              <span className="min-w-0 truncate">
                {file.fileName} <span className="text-navy-700">({formatFileSize(file.sizeBytes, i18n.language)})</span>
              </span>
              <button
                type="button"
                className="grid size-10 shrink-0 place-items-center rounded-lg text-navy-700 hover:bg-navy-100 hover:text-navy-900"
                aria-label={t('attachments.remove', { name: file.fileName })}
                onClick={() => onChange(files.filter((other) => other.id !== file.id))}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pending ? (
        <div role="status" className="flex flex-col gap-1 text-sm text-navy-700">
          <span>{t('attachments.uploading', { name: pending.name })}</span>
          <div
            className="h-2 overflow-hidden rounded-full bg-navy-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pending.percent}
            aria-label={pending.name}
          >
            <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${pending.percent}%` }} />
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger" data-testid="attachment-error">
          {error}
        </p>
      ) : null}
    </div>
  );
};
