import type { VotingPhase } from '@bw/domain';

/** The inbox text of a voting's phase change (German, as the investor reads it). */
export const votingPhaseText = (input: {
  title: string;
  phase: VotingPhase;
  outcome: 'approved' | 'rejected' | null;
}): { title: string; body: string } => {
  const name = `„${input.title}“`;
  switch (input.phase) {
    case 'suggestion':
      return {
        title: 'Neuer Abstimmungsvorschlag',
        body: `${name} wurde vorgeschlagen. Unterstütze ihn, wenn er zur Abstimmung kommen soll.`,
      };
    case 'upcoming':
      return {
        title: 'Abstimmung angekündigt',
        body: `${name} hat genug Unterstützung und wird bald zur Abstimmung gestellt.`,
      };
    case 'running':
      return { title: 'Abstimmung läuft', body: `Stimme jetzt über ${name} ab.` };
    case 'closed':
      return {
        title: 'Abstimmung beendet',
        body: `${name} wurde ${input.outcome === 'approved' ? 'angenommen' : 'abgelehnt'}. Das Ergebnis steht im Forum.`,
      };
    case 'expired':
      return { title: 'Vorschlag abgelaufen', body: `${name} hat in 48 Stunden nicht genug Unterstützung erhalten.` };
  }
};
