import type { VotingView } from '@bw/contracts';
import { formatNumber, formatPercent, type Translate } from '@bw/i18n';
import { currentLocale } from '../../../lib/i18n';

/** `part` of `whole` as a percent in the current locale (0 % when nothing is held). */
export const shareOf = (part: string, whole: string): string => {
  const total = BigInt(whole);
  // Basis points first, so huge share counts do not lose precision as numbers.
  const bps = total > 0n ? Number((BigInt(part) * 10_000n) / total) : 0;
  return formatPercent(bps / 10_000, currentLocale());
};

export const dateTime = (iso: string): string =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export type PhaseGroup = 'suggestion' | 'upcoming' | 'running' | 'closed';
/** Spec section 2: the overview shows suggestions, upcoming, running and closed votings (expired ones with the closed). */
export const phaseGroupOf = (voting: Pick<VotingView, 'phase'>): PhaseGroup =>
  voting.phase === 'expired' ? 'closed' : voting.phase;
export const phaseGroups: readonly PhaseGroup[] = ['running', 'suggestion', 'upcoming', 'closed'];

/** A share or head count as the locale writes it ("8.000"). */
export const countOf = (value: string | number): string => formatNumber(Number(value), currentLocale(), 0);

/**
 * The support lines of a suggestion, from the API's one definition (ADR 0027 addendum): what its
 * supporters hold and number against what the rule needs.
 */
export const supportLines = (support: VotingView['support'], t: Translate) => ({
  shares: t('forum.supportSharesOf', {
    part: countOf(support.supportingShares),
    needed: countOf(support.sharesNeeded),
  }),
  investors: t('forum.supportInvestorsOf', {
    part: countOf(support.investorsSupporting),
    needed: countOf(support.investorsNeeded),
  }),
});
