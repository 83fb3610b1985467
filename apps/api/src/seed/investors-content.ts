import { austrianIban } from '@bw/domain';

/** The demo investors' content (README "Demo investors"): who they are and what they do in the demo. */
export type DemoInvestor = {
  name: 'anna' | 'ben' | 'clara' | 'david' | 'emil';
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  birthDate: string;
  taxIds: [string, string][];
  /** Her own bank account: the sender of her pay-ins (it becomes her payout account), unique to her. */
  iban: string;
  /** Incoming SEPA transfers, in order. */
  payInsCents: bigint[];
  /** Holdings from a financing phase that ended before the demo begins: [assetId, shares]. */
  earlier: [string, number][];
  /** Bought from the issuer in the current financing phase, through the buy call: [assetId, shares]. */
  primary: [string, number][];
};

export const demoInvestors: DemoInvestor[] = [
  {
    name: 'anna',
    firstName: 'Anna',
    lastName: 'Berger',
    phone: '+436641234501',
    street: 'Mariahilfer Straße',
    houseNumber: '45',
    postcode: '1060',
    city: 'Wien',
    birthDate: '1986-04-12',
    taxIds: [
      ['AT', '123456789'],
      ['DE', '86095742719'],
    ],
    iban: austrianIban('20111', 28_401_234_501n),
    payInsCents: [2_500_000n, 1_000_000n],
    earlier: [
      ['wien-ottakring-zinshaus', 40],
      ['wind-parndorf', 25],
    ],
    primary: [
      ['pv-landshut-agri', 20],
      ['graz-lend-dachgeschoss', 10],
    ],
  },
  {
    name: 'ben',
    firstName: 'Ben',
    lastName: 'Huber',
    phone: '+436641234502',
    street: 'Herrengasse',
    houseNumber: '7',
    postcode: '8010',
    city: 'Graz',
    birthDate: '1979-09-30',
    taxIds: [
      ['AT', '987654321'],
      ['DE', '47036892816'],
    ],
    iban: austrianIban('38000', 11_002_234_502n),
    payInsCents: [1_500_000n],
    earlier: [
      ['wien-ottakring-zinshaus', 25],
      ['pv-weinviertel-freiflaeche', 30],
    ],
    primary: [['pv-wels-dach', 15]],
  },
  ...forumHolders(),
];

/**
 * Three more holders of the Parndorf wind farm, bought in its financing phase, so the demo forum
 * shows the support rule with several holders (ADR 0027 addendum, seed/forum.ts): together they
 * hold 900 shares, more than 10 % of the farm's financing threshold (8 000 shares); any two of
 * them do not reach it, and a suggestion needs at least three supporters.
 */
function forumHolders(): DemoInvestor[] {
  const holder = (
    name: 'clara' | 'david' | 'emil',
    firstName: string,
    lastName: string,
    n: number,
    city: [string, string, string, string],
    birthDate: string,
    shares: number,
  ): DemoInvestor => ({
    name,
    firstName,
    lastName,
    phone: `+43664123450${n}`,
    street: city[0],
    houseNumber: city[1],
    postcode: city[2],
    city: city[3],
    birthDate,
    taxIds: [['AT', `${n}${n}${n}45678${n}`]],
    iban: austrianIban('20111', 28_401_234_500n + BigInt(n)),
    // The purchase at the issue price (250 € a share) and a little to spare.
    payInsCents: [BigInt(shares) * 25_000n + 500_000n],
    earlier: [['wind-parndorf', shares]],
    primary: [],
  });
  return [
    holder('clara', 'Clara', 'Novak', 3, ['Landstraße', '12', '4020', 'Linz'], '1990-02-18', 400),
    holder('david', 'David', 'Wimmer', 4, ['Getreidegasse', '3', '5020', 'Salzburg'], '1975-11-05', 300),
    holder('emil', 'Emil', 'Leitner', 5, ['Maria-Theresien-Straße', '20', '6020', 'Innsbruck'], '1993-07-21', 200),
  ];
}

/** Ben sells Anna shares of the traded apartment house on the bulletin board (seed/market.ts). */
export const demoTrade = { assetId: 'wien-ottakring-zinshaus', shares: 5, priceCents: 10_200n } as const;

/**
 * The demo's distribution history (seed/market.ts): the income of each asset over its last
 * `periods` periods (monthly rent of the Graz attic flats, quarterly electricity sales of the wind
 * farm), each period recorded and distributed by the engine. Assets only Anna holds: the browser
 * test of distributions reads Ben's annual tax statement and expects only the payment it makes
 * itself.
 */
export const demoIncomes = [
  {
    assetId: 'graz-lend-dachgeschoss',
    frequency: 'monthly',
    periods: 6,
    kind: 'rent',
    cents: 135_000n,
    payer: 'Mieterin Dachgeschoss Lend',
    note: 'Mieteingang Dachgeschoss Lend (Demo)',
  },
  {
    assetId: 'wind-parndorf',
    frequency: 'quarterly',
    periods: 2,
    kind: 'electricity',
    cents: 3_200_000n,
    payer: 'Austrian Power Grid AG',
    note: 'Stromerlöse (Demo)',
  },
] as const;
