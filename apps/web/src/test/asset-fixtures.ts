import type { AssetDetail, AssetSummary, EnergyData, Offer, TransactionMetadata } from '@bw/contracts';
import {
  dailyPrices,
  diagramSeries,
  ENERGY_ASSUMPTIONS,
  energyImpactRoundedDown,
  feeRoundedHalfUp,
  PRICE_CONFIRM_THRESHOLD_BPS,
  PRICE_INFO_THRESHOLD_BPS,
  VWAP_WINDOW_DAYS,
  vwap30Days,
} from '@bw/domain';
import type { ApiClient, Parser } from '../lib/api-client';
import { GuardError } from '../lib/guard';

/**
 * Test fixtures only (imported by the guard tests, never by the app): answers of the assets API as
 * the server builds them (apps/api `asset-mappers.ts`, `get-energy-data.ts`, `get-transaction-metadata.ts`)
 * for assets of the demo catalogue (packages/db `assets-catalogue.ts`), one for every template kind
 * and power plant type there.
 */

/** A client whose every GET answers `body`, checked with the parser the fetcher hands it. */
export const answering = (body: unknown): ApiClient => ({
  get: (async (_operation: unknown, parser: Parser<unknown>) => parser.parse(body)) as ApiClient['get'],
  send: async () => {
    throw new Error('not expected');
  },
});

/** The `GuardError` a fetcher's promise is refused with (anything else fails the test). */
export const refusal = async (answer: Promise<unknown>): Promise<GuardError> => {
  const error = await answer.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GuardError)) throw new Error(`expected a GuardError, got ${String(error)}`);
  return error;
};

const NOW_MS = Date.parse('2026-11-20T09:00:00.000Z');
const MS_PER_DAY = 86_400_000;
const day = (daysFromNow: number): string => new Date(NOW_MS + daysFromNow * MS_PER_DAY).toISOString().slice(0, 10);

/** GET /api/v2/assets: the card of `pv-landshut-agri`. */
export const summaryFixture: AssetSummary = {
  id: 'pv-landshut-agri',
  title: 'Agri-PV Landshut',
  subtitle: 'Solarstrom über Obstplantagen',
  templateKind: 'powerPlant',
  stage: 'primary',
  debtCapital: false,
  securityType: 'participationKG',
  objectType: 'energy',
  propertyType: null,
  constructionStatus: 'planning',
  powerPlantType: 'photovoltaic',
  address: {
    street: 'Obstgartenweg',
    houseNumber: '12',
    postalCode: '84036',
    city: 'Landshut',
    region: 'Bayern',
    countryCode: 'DE',
    latitude: 48.5372,
    longitude: 12.1522,
  },
  imageUrl: '/static/assets/pv-1.webp',
  pricePerShareCents: '10000',
  totalShares: 18000,
  availableShares: 12600,
  minimumSubscriptionShares: 1,
  expectedOngoingDistributionBps: 470,
  expectedRentalReturnBps: 0,
  distributionFrequency: 'quarterly',
  investmentDetails: {
    securityType: 'participationKG',
    stage: 'primary',
    availableBricks: 12600,
    spv: {
      name: 'Isar Agri-PV GmbH & Co. KG',
      registerNumber: 'HRA 445566',
      address: { street: 'Maximilianstraße 12', postalCode: '80539', city: 'München', countryCode: 'DE' },
    },
  },
  availableBricksSecondary: 0,
  lowestOfferPrice: null,
  likes: 0,
  liked: false,
  userInvested: false,
  green: true,
  forcedRanking: 1000,
  onlyPrimary: false,
  publishedAt: '2026-11-07T10:30:17.863Z',
  isNew: true,
};

const FEES = { transactionFeeBps: 100, brokerageFeeBps: 50 };

/** The issuer's primary offer of an asset in stage primary (`issuerOffer` in the API). */
export const issuerOfferFixture = (asset: AssetSummary): Offer => {
  const totalPrice = BigInt(asset.pricePerShareCents) * BigInt(asset.availableShares);
  const fee = feeRoundedHalfUp(totalPrice, FEES.transactionFeeBps);
  return {
    offerId: `primary-${asset.id}`,
    assetId: asset.id,
    status: 'open',
    type: 'primary',
    visibility: 'bulletin',
    firstParty: { kind: 'issuer', name: asset.investmentDetails.spv.name },
    secondParty: null,
    amount: totalPrice.toString(),
    sharesAmount: asset.availableShares,
    price: asset.pricePerShareCents,
    totalPrice: totalPrice.toString(),
    transactionFee: fee.toString(),
    transactionTotalAmount: (totalPrice + fee).toString(),
    transactionFeeBps: FEES.transactionFeeBps,
    interestedParty: null,
    signingRequest: null,
    deleteRequest: null,
  };
};

/** An investor's sell offer on the bulletin board, with someone interested in it. */
export const investorOfferFixture: Offer = {
  ...issuerOfferFixture({
    ...summaryFixture,
    id: 'wien-ottakring-zinshaus',
    pricePerShareCents: '24800',
    availableShares: 25,
  }),
  offerId: 'of-7f3a2c',
  status: 'accepted',
  type: 'sell',
  firstParty: { kind: 'investor', name: 'Anna M.' },
  secondParty: { kind: 'investor', name: 'Jonas K.' },
  interestedParty: { kind: 'investor', name: 'Jonas K.' },
};

const scenarios = (medium: number) => ({
  stress: { distributionBps: Math.round(medium * 0.5), valueGrowthBps: -150 },
  medium: { distributionBps: medium, valueGrowthBps: 150 },
  optimistic: { distributionBps: Math.round(medium * 1.3), valueGrowthBps: 300 },
});

const documentsOf = (id: string, third: string): AssetDetail['documents'] =>
  ['expose', 'keyInformation', third].map((kind, index) => ({
    id: `${id}-d${index + 1}`,
    kind,
    title: kind,
    fileName: `${kind}-${id}.pdf`,
    url: `/api/v1/assets/${id}/documents/?documentId=${id}-d${index + 1}`,
  }));

type Variant = { summary: Partial<AssetSummary>; detail: Partial<AssetDetail> };

/** GET /api/v2/assets/{id}: `pv-landshut-agri` with the changes of another catalogue asset. */
const detailOf = ({ summary, detail }: Variant): AssetDetail => {
  const card = { ...summaryFixture, ...summary };
  const plant = card.powerPlantType !== null;
  const fundingLimit = BigInt(card.pricePerShareCents) * BigInt(card.totalShares);
  return {
    ...card,
    description: `${card.title}: ${card.subtitle}.`,
    images: card.imageUrl ? [card.imageUrl, '/static/assets/interior-1.webp'] : [],
    features: [],
    buildingType: null,
    constructionType: null,
    buildingCondition: null,
    heatingType: null,
    contractType: null,
    constructionYear: null,
    isin: null,
    serialNumber: 'BW-2025-0015',
    notaryDate: null,
    shares: 0,
    fundingLimitCents: fundingLimit.toString(),
    fundingThresholdCents: (fundingLimit / 2n).toString(),
    marketCapitalizationCents: fundingLimit.toString(),
    totalVolumeCents: fundingLimit.toString(),
    debtRatioBps: 0,
    originalLoanAmountCents: '0',
    outstandingLoanAmountCents: '0',
    repaymentAmountPerShareCents: '0',
    financingBank: null,
    collateral: null,
    nextDistributionDate: day(20),
    durationYears: plant ? 20 : null,
    endlessTerm: !plant,
    maturityDate: null,
    observationPeriodMonths: plant ? null : 12,
    rentIndexation: plant ? null : 'VPI 2020, jährliche Anpassung',
    leverageOnDayBps: null,
    leverageVolumeCents: null,
    expectedConstructionStart: null,
    expectedDistributionStart: null,
    scenarios: scenarios(card.expectedOngoingDistributionBps),
    areaSquareMeters: null,
    floor: null,
    rooms: null,
    equipment: null,
    doorNumber: null,
    occupancyRateBps: null,
    liquidityReserveCents: null,
    managementCostsCentsPerYear: null,
    netRentalIncomeCentsPerYear: null,
    monthlyRentCents: null,
    rentedUnitsCount: null,
    totalUnitsCount: null,
    peakPowerKw: null,
    storageCapacityKwh: null,
    expectedAnnualProductionKwh: null,
    fees: FEES,
    records: [300, 200, 90, 20].map((daysAgo, index) => ({
      id: `${card.id}-r${index + 1}`,
      assetId: card.id,
      recordedOn: day(-daysAgo),
      kind: plant ? 'construction' : 'tenant',
      title: plant ? 'Montage abgeschlossen' : 'Neuer Mietvertrag',
      body: 'Module bzw. Anlagen sind montiert und abgenommen.',
      imageUrl: index === 1 ? card.imageUrl : null,
    })),
    recordsFetched: true,
    documents: documentsOf(card.id, plant ? 'yieldReport' : 'energyCertificate'),
    middlewareDocuments: [
      {
        id: `${card.id}-contract`,
        kind: 'authorizationAndBuyContract',
        title: 'Vollmacht und Kaufvertrag',
        fileName: `vertrag-${card.id}.pdf`,
        url: `/api/v1/assets/${card.id}/documents/`,
      },
    ],
    offers: card.stage === 'primary' && card.availableShares > 0 ? [issuerOfferFixture(card)] : [],
    energyData: null,
    diagramData: null,
    ...detail,
  };
};

const plantDetail = (id: string, expectedAnnualProductionKwh: number, rest: Partial<AssetDetail>) => ({
  expectedAnnualProductionKwh,
  energyData: { url: `/api/v2/assets/${id}/energyData`, expectedAnnualProductionKwh },
  ...rest,
});

const spvAt = (name: string, registerNumber: string) => ({
  name,
  registerNumber,
  address: { street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', countryCode: 'AT' },
});

const secondary = (id: string, availableBricksSecondary: number, lowestOfferPrice: string) => ({
  id,
  stage: 'secondary' as const,
  availableShares: 0,
  availableBricksSecondary,
  lowestOfferPrice,
  isNew: false,
});

/** One asset of every template kind and power plant type in the demo catalogue. */
export const detailFixtures: AssetDetail[] = [
  // powerPlant, photovoltaic: the asset page of the Lighthouse measurement.
  detailOf({
    summary: { liked: true, likes: 3 },
    detail: plantDetail('pv-landshut-agri', 3_150_000, {
      constructionType: 'landsite',
      expectedConstructionStart: day(150),
      expectedDistributionStart: day(500),
      areaSquareMeters: 45_000,
      peakPowerKw: 3_000,
    }),
  }),
  // realEstate with debt capital.
  detailOf({
    summary: {
      ...secondary('wien-ottakring-zinshaus', 180, '24800'),
      title: 'Zinshaus Ottakring',
      subtitle: 'Gründerzeithaus mit 14 Wohnungen',
      templateKind: 'realEstate',
      debtCapital: true,
      securityType: 'participationRightDebtCapital',
      objectType: 'residential',
      propertyType: 'apartmentBuilding',
      constructionStatus: 'stock',
      powerPlantType: null,
      totalShares: 24_000,
      distributionFrequency: 'monthly',
      green: false,
      publishedAt: '2025-10-16T10:30:17.863Z',
      investmentDetails: {
        securityType: 'participationRightDebtCapital',
        stage: 'secondary',
        availableBricks: 180,
        spv: spvAt('Ottakring Zinshaus GmbH', 'FN 512345a'),
      },
    },
    detail: {
      buildingType: 'Gründerzeithaus',
      buildingCondition: 'renovation',
      heatingType: 'district',
      contractType: 'open',
      constructionYear: 1898,
      totalVolumeCents: '360000000',
      debtRatioBps: 3333,
      originalLoanAmountCents: '120000000',
      outstandingLoanAmountCents: '102000000',
      repaymentAmountPerShareCents: '150',
      financingBank: 'Erste Bank',
      collateral: 'Grundbuchliche Sicherstellung',
      leverageOnDayBps: 3333,
      leverageVolumeCents: '120000000',
      scenarios: null,
      occupancyRateBps: 9_800,
      liquidityReserveCents: '1500000',
      managementCostsCentsPerYear: '2400000',
      netRentalIncomeCentsPerYear: '11800000',
      monthlyRentCents: '983333',
      rentedUnitsCount: 14,
      totalUnitsCount: 15,
      offers: [investorOfferFixture],
    },
  }),
  // realEstateWithoutYieldPotential.
  detailOf({
    summary: {
      id: 'salzburg-altstadt-loft',
      title: 'Loft in der Altstadt',
      subtitle: 'Wertanlage ohne laufende Ausschüttung',
      templateKind: 'realEstateWithoutYieldPotential',
      securityType: 'purchaseWithManagementOutsourcing',
      objectType: 'residential',
      propertyType: 'loft',
      constructionStatus: 'stock',
      powerPlantType: null,
      totalShares: 6_000,
      availableShares: 4_200,
      expectedOngoingDistributionBps: 0,
      distributionFrequency: 'yearly',
      green: false,
      imageUrl: null,
    },
    detail: {
      features: [{ key: 'oldTown', label: 'UNESCO-Weltkulturerbe' }],
      buildingType: 'Altstadthaus',
      buildingCondition: 'old',
      heatingType: 'naturalGas',
      contractType: 'notRented',
      constructionYear: 1620,
      durationYears: 10,
      endlessTerm: false,
      maturityDate: day(3650),
      areaSquareMeters: 190,
      floor: 3,
      rooms: 4,
      equipment: 'Gewölbedecken, Kachelofen',
      doorNumber: 'Top 7',
      occupancyRateBps: 0,
    },
  }),
  // builderOwnerModel.
  detailOf({
    summary: {
      id: 'leipzig-plagwitz-neubau',
      title: 'Neubau am Karl-Heine-Kanal',
      subtitle: 'Bauherrenmodell mit 18 Wohnungen',
      templateKind: 'builderOwnerModel',
      securityType: 'participationRightEquityBuilderOwner',
      objectType: 'residential',
      propertyType: 'apartmentBuilding',
      constructionStatus: 'project',
      powerPlantType: null,
      pricePerShareCents: '50000',
      totalShares: 6_000,
      availableShares: 2_400,
      minimumSubscriptionShares: 10,
      expectedOngoingDistributionBps: 290,
      expectedRentalReturnBps: 340,
      distributionFrequency: 'monthly',
      green: false,
    },
    detail: {
      buildingType: 'Neubau',
      buildingCondition: 'newDevelopment',
      heatingType: 'heatpump',
      contractType: 'notRented',
      notaryDate: day(30),
      expectedConstructionStart: day(90),
      expectedDistributionStart: day(800),
      areaSquareMeters: 1350,
      rooms: 52,
      totalUnitsCount: 18,
    },
  }),
  // powerPlant, wind.
  detailOf({
    summary: {
      ...secondary('wind-parndorf', 240, '26100'),
      title: 'Windpark Parndorfer Platte',
      securityType: 'participationAtypicalSilent',
      constructionStatus: 'connectedToNetwork',
      powerPlantType: 'wind',
      pricePerShareCents: '25000',
      totalShares: 16_000,
      forcedRanking: 2,
    },
    detail: plantDetail('wind-parndorf', 22_000_000, {
      constructionType: 'landsite',
      isin: 'AT0000A2XY13',
      notaryDate: '2024-09-10',
      peakPowerKw: 8_400,
    }),
  }),
  // powerPlant, storage.
  detailOf({
    summary: {
      id: 'speicher-villach',
      title: 'Batteriespeicher Villach',
      securityType: 'participationRightDebtCapital',
      powerPlantType: 'storage',
      totalShares: 10_000,
      availableShares: 8_800,
      expectedOngoingDistributionBps: 600,
    },
    detail: plantDetail('speicher-villach', 2_900_000, {
      constructionType: 'integrated',
      expectedConstructionStart: day(100),
      expectedDistributionStart: day(400),
      peakPowerKw: 5_000,
      storageCapacityKwh: 10_000,
    }),
  }),
  // powerPlantPortfolio, bundle.
  detailOf({
    summary: {
      ...secondary('energiebuendel-kaernten', 320, '9950'),
      title: 'Energiebündel Kärnten',
      templateKind: 'powerPlantPortfolio',
      securityType: 'participationRightEquity',
      constructionStatus: 'connectedToNetwork',
      powerPlantType: 'bundle',
      totalShares: 30_000,
    },
    detail: plantDetail('energiebuendel-kaernten', 9_800_000, {
      constructionType: 'integrated',
      isin: 'AT0000A2XY15',
      notaryDate: '2025-06-30',
      peakPowerKw: 6_100,
      storageCapacityKwh: 2_000,
    }),
  }),
];

/** One of `detailFixtures`, by id. */
export const detailFixture = (id: string): AssetDetail => {
  const asset = detailFixtures.find((candidate) => candidate.id === id);
  if (!asset) throw new Error(`no fixture ${id}`);
  return asset;
};

/** GET /api/v2/assets/{id}/energyData for every power plant of `detailFixtures`. */
export const energyDataFixtures: EnergyData[] = detailFixtures.flatMap((asset) => {
  if (asset.powerPlantType === null || asset.expectedAnnualProductionKwh === null) return [];
  const daily = Math.round(asset.expectedAnnualProductionKwh / 365);
  const production = [3, 2, 1].map((daysAgo, index) => ({ date: day(-daysAgo), kwh: daily + index * 17 }));
  const last365DaysKwh = daily * 360;
  return [
    {
      assetId: asset.id,
      powerPlantType: asset.powerPlantType,
      peakPowerKw: asset.peakPowerKw,
      storageCapacityKwh: asset.storageCapacityKwh,
      expectedAnnualProductionKwh: asset.expectedAnnualProductionKwh,
      production,
      totals: { periodKwh: last365DaysKwh, last30DaysKwh: daily * 30, last365DaysKwh },
      impact: energyImpactRoundedDown(last365DaysKwh),
      assumptions: { ...ENERGY_ASSUMPTIONS },
    },
  ];
});

/** GET /api/v1/assets/transactionMetadata/{id}, without `?fields=diagramData`, for an asset without trades. */
export const pricesFixture: TransactionMetadata = {
  assetId: summaryFixture.id,
  stage: summaryFixture.stage,
  pricePerShareCents: summaryFixture.pricePerShareCents,
  lowestOfferPrice: null,
  availableBricksSecondary: 0,
  averagePrice30DaysCents: null,
  lastPriceCents: null,
  priceWarningThresholdsBps: { info: PRICE_INFO_THRESHOLD_BPS, confirm: PRICE_CONFIRM_THRESHOLD_BPS },
};

const trades = [40, 12, 12, 3].map((daysAgo, index) => ({
  tradedAtMs: NOW_MS - daysAgo * MS_PER_DAY + index * 3_600_000,
  pricePerShareCents: 24_500n + BigInt(index * 150),
  sharesCount: 5 + index,
}));

/** With `?fields=diagramData`, for an asset traded on the bulletin board. */
export const tradedPriceHistoryFixture: TransactionMetadata = {
  assetId: 'wien-ottakring-zinshaus',
  stage: 'secondary',
  pricePerShareCents: '10000',
  lowestOfferPrice: '24800',
  availableBricksSecondary: 180,
  averagePrice30DaysCents: vwap30Days(trades, NOW_MS)?.toString() ?? null,
  lastPriceCents: '24950',
  priceWarningThresholdsBps: { info: PRICE_INFO_THRESHOLD_BPS, confirm: PRICE_CONFIRM_THRESHOLD_BPS },
  diagramData: {
    windowDays: VWAP_WINDOW_DAYS,
    points: diagramSeries(dailyPrices(trades)).map((point) => ({
      date: point.date,
      priceCents: point.priceCents.toString(),
      closePriceCents: point.closePriceCents.toString(),
      volumeShares: point.volumeShares,
      movingAverageCents: point.movingAverageCents.toString(),
    })),
  },
};

/** The same for an asset without trades and for one traded on the bulletin board. */
export const priceHistoryFixtures: TransactionMetadata[] = [
  { ...pricesFixture, diagramData: { points: [], windowDays: VWAP_WINDOW_DAYS } },
  tradedPriceHistoryFixture,
];
