import type { VotingView } from '@bw/contracts';
import { ChevronRight, Plus } from 'lucide-react';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n';
import { type PhaseGroup, phaseGroupOf, phaseGroups, supportLines } from './forum-format';
import { PhaseBadge } from './phase-badge';
import { ResultDownload } from './result-download';

const groupTitle = {
  suggestion: 'forum.groupSuggestion',
  upcoming: 'forum.groupUpcoming',
  running: 'forum.groupRunning',
  closed: 'forum.groupClosed',
} as const satisfies Record<PhaseGroup, string>;

const Summary = ({ voting }: { readonly voting: VotingView }) => {
  const { t } = useTranslation();
  if (voting.phase === 'suggestion') {
    const lines = supportLines(voting.support, t);
    return (
      <span>
        {lines.shares} · {lines.investors}
      </span>
    );
  }
  if (voting.phase === 'closed')
    return <span>{t(voting.outcome === 'approved' ? 'forum.outcomeApproved' : 'forum.outcomeRejected')}</span>;
  return <span>{voting.theme}</span>;
};

/** Spec section 2: the voting overview (suggestions, upcoming, running, closed). */
export const VotingOverview = ({
  votings,
  holder,
  onOpen,
  onCreate,
}: {
  readonly votings: readonly VotingView[];
  readonly holder: boolean;
  readonly onOpen: (votingId: string) => void;
  readonly onCreate: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      {holder ? (
        <Button className="self-start" onClick={onCreate} data-testid="forum-suggest">
          <Plus aria-hidden="true" className="size-4" />
          {t('forum.suggest')}
        </Button>
      ) : null}
      {votings.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">{t('forum.emptyVotings')}</p>
      ) : (
        phaseGroups.map((group) => {
          const items = votings.filter((voting) => phaseGroupOf(voting) === group);
          if (items.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`forum-group-${group}`} className="flex flex-col gap-2">
              <h3 id={`forum-group-${group}`} className="text-sm font-semibold uppercase tracking-wide text-navy-700">
                {t(groupTitle[group])}
              </h3>
              {group === 'suggestion' ? (
                <p className="text-sm text-navy-700" data-testid="support-rule">
                  {t('forum.supportRule')}
                </p>
              ) : null}
              <ul className="flex flex-col gap-2">
                {items.map((voting) => (
                  <li key={voting.id} className="flex flex-col gap-1">
                    <button
                      type="button"
                      onClick={() => onOpen(voting.id)}
                      className="flex w-full items-center gap-3 rounded-2xl bg-white p-4 text-left ring-1 ring-navy-100 transition hover:ring-brand"
                    >
                      <span className="flex min-w-0 flex-1 flex-col gap-1">
                        <span className="flex flex-wrap items-center gap-2">
                          <PhaseBadge voting={voting} />
                          <span className="font-semibold text-navy-900">{voting.title}</span>
                        </span>
                        <span className="text-sm text-navy-700">
                          <Summary voting={voting} />
                        </span>
                      </span>
                      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-navy-700" />
                    </button>
                    <ResultDownload voting={voting} holder={holder} className="ml-4" />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
};
