import type { VotingView } from '@bw/contracts';
import { ArrowLeft, Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AttachmentList } from '../../../components/attachment-list';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n';
import { voteForOption, withdrawOptionVote } from '../api/vote-on-option';
import { voteOnVoting, withdrawVote } from '../api/vote-on-voting';
import { AddOptionForm } from './add-option-form';
import { countOf, dateTime, shareOf, supportLines } from './forum-format';
import { PhaseBadge } from './phase-badge';
import { ResultDownload } from './result-download';

type Props = {
  readonly voting: VotingView;
  readonly holder: boolean;
  readonly onBack: () => void;
  readonly onChanged: (voting: VotingView) => void;
};

/** `part` of `whole` as a bar, with `text` saying it in words (a share, or what the support rule needs). */
const Bar = ({
  label,
  part,
  whole,
  text,
  testId,
}: {
  label: string;
  part: string;
  whole: string;
  text: string;
  testId?: string;
}) => {
  const width = BigInt(whole) > 0n ? Number((BigInt(part) * 1000n) / BigInt(whole)) / 10 : 0;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap justify-between gap-x-2 text-sm">
        <span className="text-navy-900">{label}</span>
        <span className="tabular-nums text-navy-700">{text}</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-navy-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand" style={{ width: `${Math.min(100, width)}%` }} />
      </div>
    </div>
  );
};

const Card = ({ children, title }: { readonly children: ReactNode; readonly title: string }) => (
  <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100" aria-label={title}>
    <h4 className="text-base font-semibold text-navy-900">{title}</h4>
    {children}
  </section>
);

/** Spec section 2: a voting's detail — support, options with live tallies where allowed, the result. */
export const VotingDetail = ({ voting, holder, onBack, onChanged }: Props) => {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = { assetId: voting.assetId, votingId: voting.id };
  const run = async (action: () => Promise<VotingView>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await action());
    } catch {
      setError(message);
    } finally {
      setBusy(false);
    }
  };
  // Spec section 8: a failed vote submit shows the voting message, other failures the forum's.
  const vote = (action: () => Promise<VotingView>) => void run(action, t('forum.voteError'));
  const tally = voting.tally;
  const running = voting.phase === 'running';
  const canVote = running && voting.myWeight !== null;
  const chosen = (choice: 'againstAll' | 'abstain') => voting.myVote?.choice === choice;
  const winner = voting.options.find((o) => o.id === voting.winningOptionId);
  const lines = supportLines(voting.support, t);

  return (
    <article className="flex flex-col gap-4" data-testid="voting-detail" data-phase={voting.phase}>
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-10 items-center gap-1 self-start text-sm font-semibold text-brand-text"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('forum.back')}
      </button>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <PhaseBadge voting={voting} />
          <span className="text-sm text-navy-700">
            {t('forum.theme')}: {voting.theme}
          </span>
        </div>
        <h3 className="text-xl font-semibold text-navy-900">{voting.title}</h3>
        <p className="whitespace-pre-line text-base leading-relaxed text-navy-700">{voting.description}</p>
        <p className="text-sm text-navy-700">
          {voting.phase === 'suggestion' ? t('forum.supportUntil', { date: dateTime(voting.supportDeadline) }) : null}
          {voting.startsAt && (voting.phase === 'upcoming' || voting.phase === 'running')
            ? `${t('forum.startsAt', { date: dateTime(voting.startsAt) })} · ${t('forum.endsAt', { date: dateTime(voting.endsAt ?? voting.startsAt) })}`
            : null}
          {voting.closedAt ? t('forum.closedAt', { date: dateTime(voting.closedAt) }) : null}
        </p>
      </header>

      {error ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}

      {voting.phase === 'closed' ? (
        <p
          className={`rounded-2xl p-4 text-base font-semibold ${voting.outcome === 'approved' ? 'bg-success/10 text-navy-900' : 'bg-navy-100 text-navy-900'}`}
          data-testid="voting-result"
        >
          {t('forum.result')}:{' '}
          {voting.outcome === 'approved' && winner
            ? t('forum.resultApproved', { option: winner.title })
            : t('forum.resultRejected')}
        </p>
      ) : null}
      <ResultDownload voting={voting} holder={holder} />

      {voting.phase === 'suggestion' ? (
        <Card title={t('forum.phaseSuggestion')}>
          <p className="text-sm text-navy-900" data-testid="support-rule">
            {t('forum.supportRule')}
          </p>
          <Bar
            label={t('forum.supportShares')}
            part={voting.support.supportingShares}
            whole={voting.support.sharesNeeded}
            text={lines.shares}
            testId="support-shares"
          />
          <Bar
            label={t('forum.supportInvestors')}
            part={String(voting.support.investorsSupporting)}
            whole={String(voting.support.investorsNeeded)}
            text={lines.investors}
            testId="support-investors"
          />
          <p className="text-sm text-navy-700" data-testid="support-voting-shares">
            {BigInt(voting.support.heldShares) < BigInt(voting.support.votingShares)
              ? t('forum.supportThresholdApplies', {
                  held: countOf(voting.support.heldShares),
                  shares: countOf(voting.support.votingShares),
                })
              : t('forum.supportVotingShares', { shares: countOf(voting.support.votingShares) })}
          </p>
          {voting.mySupport ? <p className="text-sm text-navy-700">{t('forum.youSupport')}</p> : null}
          {holder ? (
            voting.mySupport ? (
              <Button variant="secondary" disabled={busy} onClick={() => vote(() => withdrawVote(ref))}>
                {t('forum.withdrawSupport')}
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => vote(() => voteOnVoting(ref, null))}>
                {t('forum.support')}
              </Button>
            )
          ) : null}
        </Card>
      ) : null}

      <Card title={t('forum.options')}>
        {running && voting.myWeight ? (
          <p className="text-sm text-navy-700">{t('forum.yourWeight', { shares: voting.myWeight })}</p>
        ) : null}
        {running && !voting.myWeight ? <p className="text-sm text-navy-700">{t('forum.noWeight')}</p> : null}
        <ul className="flex flex-col gap-3">
          {voting.options.map((option) => {
            const mine = voting.myVote?.choice === 'option' && voting.myVote.optionId === option.id;
            return (
              <li key={option.id} className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-navy-100">
                <div className="flex items-start justify-between gap-3">
                  <div className="flex min-w-0 flex-col">
                    <span className="font-semibold text-navy-900">{option.title}</span>
                    {option.description ? <span className="text-sm text-navy-700">{option.description}</span> : null}
                    <AttachmentList
                      files={option.attachments}
                      locale={i18n.language}
                      label={t('attachments.listLabel')}
                    />
                  </div>
                  {canVote ? (
                    <Button
                      variant={mine ? 'primary' : 'secondary'}
                      aria-pressed={mine}
                      disabled={busy}
                      onClick={() =>
                        vote(() =>
                          mine
                            ? withdrawOptionVote({ ...ref, optionId: option.id })
                            : voteForOption({ ...ref, optionId: option.id }),
                        )
                      }
                    >
                      {mine ? <Check aria-hidden="true" className="size-4" /> : null}
                      {t('forum.approve')}
                    </Button>
                  ) : null}
                </div>
                {tally && option.weight !== null ? (
                  <Bar
                    label={t('forum.optionWeight', { shares: option.weight })}
                    part={option.weight}
                    whole={tally.cast}
                    text={shareOf(option.weight, tally.cast)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {canVote ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant={chosen('againstAll') ? 'primary' : 'secondary'}
              aria-pressed={chosen('againstAll')}
              disabled={busy}
              onClick={() => vote(() => voteOnVoting(ref, 'againstAll'))}
            >
              {t('forum.againstAll')}
            </Button>
            <Button
              variant={chosen('abstain') ? 'primary' : 'secondary'}
              aria-pressed={chosen('abstain')}
              disabled={busy}
              onClick={() => vote(() => voteOnVoting(ref, 'abstain'))}
            >
              {t('forum.abstain')}
            </Button>
            {voting.myVote ? (
              <Button variant="ghost" disabled={busy} onClick={() => vote(() => withdrawVote(ref))}>
                {t('forum.withdrawVote')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {tally ? (
          <div className="flex flex-col gap-1 text-sm text-navy-700" data-testid="voting-tally">
            <span>{t('forum.tallyAgainst', { shares: tally.againstAll })}</span>
            <span>{t('forum.tallyAbstain', { shares: tally.abstain })}</span>
            <span>
              {t('forum.tallyCast', { cast: tally.cast, total: tally.snapshotShares, voters: String(tally.voters) })}
            </span>
          </div>
        ) : null}
      </Card>

      {holder && (voting.phase === 'suggestion' || voting.phase === 'upcoming') ? (
        <AddOptionForm assetId={voting.assetId} votingId={voting.id} onAdded={onChanged} />
      ) : null}
    </article>
  );
};
