import type { VotingView } from '@bw/contracts';
import { useTranslation } from '../../../lib/i18n';

const label = {
  suggestion: 'forum.phaseSuggestion',
  upcoming: 'forum.phaseUpcoming',
  running: 'forum.phaseRunning',
  closed: 'forum.phaseClosed',
  expired: 'forum.phaseExpired',
} as const;

const tone = {
  suggestion: 'bg-navy-100 text-navy-900',
  upcoming: 'bg-navy-100 text-navy-900',
  running: 'bg-brand text-on-brand',
  closed: 'bg-navy-900 text-white',
  expired: 'bg-navy-100 text-navy-700',
} as const;

export const PhaseBadge = ({ voting }: { readonly voting: Pick<VotingView, 'phase'> }) => {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[voting.phase]}`} data-phase={voting.phase}>
      {t(label[voting.phase])}
    </span>
  );
};
