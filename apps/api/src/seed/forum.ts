import { votings } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SeededInvestor } from './investors.js';

/** The demo forum's asset: the Parndorf wind farm, held by Anna and the three forum holders. */
export const DEMO_FORUM_ASSET = 'wind-parndorf';

type DemoVoting = {
  title: string;
  description: string;
  theme: string;
  options: { title: string; description: string }[];
  /** Who suggests it (counts as support), then who supports it, by demo investor name. */
  suggester: SeededInvestor['investor']['name'];
  supporters: SeededInvestor['investor']['name'][];
};

/**
 * The demo forum (ADR 0027 addendum, issue 35): one suggestion three holders carried to a vote
 * (900 of the 800 shares needed, 3 supporters), one still gathering support (500 of 800 shares, 2
 * of at least 3 supporters). Anna holds the farm too and can add her support on the screen.
 */
export const demoVotings: DemoVoting[] = [
  {
    title: 'Rücklage für den Tausch der Rotorblätter',
    description:
      'Die Betriebsführung empfiehlt, einen Teil der Stromerlöse als Rücklage für neue Rotorblätter ab 2029 einzubehalten.',
    theme: 'Instandhaltung',
    options: [
      { title: '5 % der Erlöse einbehalten', description: 'Ab dem nächsten Quartal, bis 2029.' },
      { title: 'Keine Rücklage', description: 'Der Tausch wird bei Bedarf fremdfinanziert.' },
    ],
    suggester: 'clara',
    supporters: ['david', 'emil'],
  },
  {
    title: 'Jährlicher Besuch im Windpark',
    description: 'Einmal im Jahr eine Führung durch den Windpark für alle Anleger:innen, organisiert vom Betreiber.',
    theme: 'Gemeinschaft',
    options: [
      { title: 'Im Frühling', description: '' },
      { title: 'Im Herbst', description: '' },
    ],
    suggester: 'david',
    supporters: ['emil'],
  },
];

/**
 * The demo votings through the forum's calls (ADR 0022): the suggester's "suggest a voting", the
 * supporters' "support". A voting already there (same title on the asset) is left as it is.
 */
export const seedForum = async (app: FastifyInstance, seeded: SeededInvestor[]): Promise<void> => {
  const byName = new Map(seeded.map((one) => [one.investor.name, one]));
  for (const voting of demoVotings) {
    const [existing] = await app.db
      .select({ id: votings.id })
      .from(votings)
      .where(and(eq(votings.assetId, DEMO_FORUM_ASSET), eq(votings.title, voting.title)));
    if (existing) continue;
    const suggester = byName.get(voting.suggester);
    if (!suggester) throw new Error(`seed: forum holder ${voting.suggester} missing`);
    const { suggester: _s, supporters, ...body } = voting;
    const created = await (await suggester.client()).data<{ id: string }>('POST', '/launchpad/api/v1/voting', {
      assetId: DEMO_FORUM_ASSET,
      ...body,
    });
    for (const name of supporters) {
      const supporter = byName.get(name);
      if (!supporter) throw new Error(`seed: forum holder ${name} missing`);
      await (await supporter.client()).data(
        'POST',
        `/launchpad/api/v1/${DEMO_FORUM_ASSET}/voting/${created.id}/vote`,
        {},
      );
    }
  }
  await app.outboxRelay.drain();
};
