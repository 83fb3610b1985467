import * as ops from '@bw/api-client/operations';
import type { FileRef } from '@bw/contracts';
import { type AppLocale, formatNumber } from '@bw/i18n';
import { FileText, ImageIcon } from 'lucide-react';
import { urlOf } from '../lib/api-client';

const KB = 1024;
const MB = 1024 * 1024;

/** "340 KB", "1,2 MB": the size of a file in the reader's notation. */
export const formatFileSize = (bytes: number, locale: AppLocale): string =>
  bytes >= MB ? `${formatNumber(bytes / MB, locale, 1)} MB` : `${Math.max(1, Math.round(bytes / KB))} KB`;

/** The investors' download of a file; the back office passes its own. */
export const userFileHref = (file: FileRef): string => urlOf(ops.getDataFileByFileId, { path: { fileId: file.id } });

/** Attached files as download links with their size (forum messages, voting options, support requests). */
export const AttachmentList = ({
  files,
  locale,
  href = userFileHref,
  label,
}: {
  readonly files: readonly FileRef[];
  readonly locale: AppLocale;
  readonly href?: (file: FileRef) => string;
  readonly label: string;
}) =>
  files.length === 0 ? null : (
    <ul className="flex flex-col gap-1" aria-label={label} data-testid="attachment-list">
      {files.map((file) => {
        const Icon = file.contentType === 'application/pdf' ? FileText : ImageIcon;
        return (
          <li key={file.id}>
            <a
              href={href(file)}
              download={file.fileName}
              className="inline-flex min-h-10 max-w-full items-center gap-2 text-sm font-semibold text-brand-text underline-offset-2 hover:underline"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{file.fileName}</span>
              <span className="shrink-0 font-normal text-navy-700">({formatFileSize(file.sizeBytes, locale)})</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
