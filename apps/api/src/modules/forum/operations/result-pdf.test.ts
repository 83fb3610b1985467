import type { VotingView } from '@bw/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderVotingResultPdf } from './result-pdf.js';

const closedVoting = (weights: { option: string; against: string; cast: string; voters: number }): VotingView => ({
  id: '00000000-0000-4000-8000-000000000001',
  assetId: 'pv-landshut-agri',
  title: 'Wechselrichter tauschen',
  description: 'Ein Vorschlag.',
  theme: 'Instandhaltung',
  phase: 'closed',
  outcome: 'approved',
  winningOptionId: '00000000-0000-4000-8000-000000000002',
  suggestedAt: '2026-11-01T10:00:00.000Z',
  supportDeadline: '2026-11-15T10:00:00.000Z',
  startsAt: '2026-11-16T10:00:00.000Z',
  endsAt: '2026-11-30T10:00:00.000Z',
  closedAt: '2026-11-30T10:00:00.000Z',
  support: {
    supportingShares: '1',
    votingShares: '1',
    heldShares: '1',
    sharesNeeded: '1',
    investorsSupporting: 1,
    investors: 1,
    investorsNeeded: 3,
  },
  options: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Tausch 2027',
      description: '',
      weight: weights.option,
      attachments: [],
    },
  ],
  tally: {
    againstAll: weights.against,
    abstain: '0',
    cast: weights.cast,
    voters: weights.voters,
    snapshotShares: weights.cast,
    snapshotHolders: weights.voters,
  },
  mySupport: false,
  myVote: null,
  myWeight: null,
});

const textOf = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe('voting result PDF: German counts (issue 35)', () => {
  it('says "1 Anteil", "1 Stimme" and "1 Anleger:in" for one, the plural otherwise', async () => {
    const one = await textOf(
      await renderVotingResultPdf(closedVoting({ option: '1', against: '0', cast: '1', voters: 1 }), {
        assetTitle: 'PV Landshut',
        supportReachedAt: null,
      }),
    );
    expect(one).toContain('Abgegeben: 1 Anteil (1 Stimme)');
    expect(one).toContain('Stimmberechtigt: 1 Anteil von 1 Anleger:in');
    expect(one).toContain('0 Anteile');
    expect(one).not.toMatch(/\b1 Anteile\b|\b1 Stimmen\b/);
    const many = await textOf(
      await renderVotingResultPdf(closedVoting({ option: '1200', against: '34', cast: '1234', voters: 2 }), {
        assetTitle: 'PV Landshut',
        supportReachedAt: null,
      }),
    );
    expect(many).toContain('Abgegeben: 1.234 Anteile (2 Stimmen)');
    expect(many).toContain('Stimmberechtigt: 1.234 Anteile von 2 Anleger:innen');
  });

  it('prints dates the German way, never ISO', async () => {
    const text = await textOf(
      await renderVotingResultPdf(
        closedVoting({ option: '1', against: '0', cast: '1', voters: 1 }),
        { assetTitle: 'PV Landshut', supportReachedAt: null },
        new Date('2026-12-07T09:30:00Z'),
      ),
    );
    expect(text).toContain('Erstellt am 07.12.2026, 10:30 Uhr');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
