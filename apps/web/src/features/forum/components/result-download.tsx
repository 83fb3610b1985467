import * as ops from '@bw/api-client/operations';
import type { VotingView } from '@bw/contracts';
import { FileDown } from 'lucide-react';
import { urlOf } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

/**
 * Spec section 2, forum "downloads": minutes and result of a closed voting as PDF, for the asset's
 * holders now and those who held shares when the vote started (the server refuses everyone else).
 */
export const ResultDownload = ({
  voting,
  holder,
  className = '',
}: {
  readonly voting: VotingView;
  readonly holder: boolean;
  readonly className?: string;
}) => {
  const { t } = useTranslation();
  if (voting.phase !== 'closed' || (!holder && voting.myWeight === null)) return null;
  return (
    <a
      href={urlOf(ops.getLaunchpadByIdVotingByVResult, { path: { id: voting.assetId, v: voting.id } })}
      download
      data-testid="voting-result-pdf"
      className={`inline-flex min-h-10 items-center gap-2 self-start text-sm font-semibold text-brand-text underline underline-offset-2 ${className}`}
    >
      <FileDown aria-hidden="true" className="size-4" />
      {t('forum.downloadResult')}
    </a>
  );
};
