import { austrianIban } from '@bw/domain';

/** The demo investors' content (README "Demo investors"): who they are and what they do in the demo. */
export type DemoInvestor = {
  name: 'anna' | 'ben';
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
];

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
