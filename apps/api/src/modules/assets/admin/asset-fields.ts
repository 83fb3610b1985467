import type { AdminAssetFields } from '@bw/contracts';
import type { assets } from '@bw/db';

type AssetRow = typeof assets.$inferSelect;
type AssetInsert = typeof assets.$inferInsert;

/** The money fields: cent strings on the wire, bigint in the row. */
const REQUIRED_CENTS = [
  'pricePerShareCents',
  'fundingLimitCents',
  'fundingThresholdCents',
  'marketCapitalizationCents',
  'totalVolumeCents',
  'originalLoanAmountCents',
  'outstandingLoanAmountCents',
  'repaymentAmountPerShareCents',
] as const satisfies readonly (keyof AdminAssetFields)[];
const OPTIONAL_CENTS = [
  'leverageVolumeCents',
  'liquidityReserveCents',
  'managementCostsCentsPerYear',
  'netRentalIncomeCentsPerYear',
  'monthlyRentCents',
] as const satisfies readonly (keyof AdminAssetFields)[];

/** Form fields → row values. `debtCapital` follows the loan (ADR 0004: told apart by the loan). */
export const rowValuesOf = (fields: AdminAssetFields): Omit<AssetInsert, 'id' | 'stage' | 'availableShares'> => {
  const values: Record<string, unknown> = { ...fields };
  for (const key of REQUIRED_CENTS) values[key] = BigInt(fields[key]);
  for (const key of OPTIONAL_CENTS) values[key] = fields[key] === null ? null : BigInt(fields[key]);
  values.debtCapital = BigInt(fields.originalLoanAmountCents) > 0n;
  return values as Omit<AssetInsert, 'id' | 'stage' | 'availableShares'>;
};

/** Row → form fields. */
export const fieldsOf = (row: AssetRow): AdminAssetFields => ({
  title: row.title,
  subtitle: row.subtitle,
  description: row.description,
  templateKind: row.templateKind,
  securityType: row.securityType,
  objectType: row.objectType,
  propertyType: row.propertyType ?? null,
  buildingType: row.buildingType,
  constructionStatus: row.constructionStatus,
  constructionType: row.constructionType ?? null,
  powerPlantType: row.powerPlantType ?? null,
  buildingCondition: row.buildingCondition ?? null,
  heatingType: row.heatingType ?? null,
  contractType: row.contractType ?? null,
  constructionYear: row.constructionYear,
  street: row.street,
  houseNumber: row.houseNumber,
  postalCode: row.postalCode,
  city: row.city,
  region: row.region,
  countryCode: row.countryCode,
  latitude: row.latitude,
  longitude: row.longitude,
  features: row.features,
  marketingTypes: row.marketingTypes,
  spvName: row.spvName,
  spvStreet: row.spvStreet,
  spvPostalCode: row.spvPostalCode,
  spvCity: row.spvCity,
  spvCountryCode: row.spvCountryCode,
  spvRegisterNumber: row.spvRegisterNumber,
  isin: row.isin,
  serialNumber: row.serialNumber,
  notaryDate: row.notaryDate,
  pricePerShareCents: row.pricePerShareCents.toString(),
  totalShares: row.totalShares,
  minimumSubscriptionShares: row.minimumSubscriptionShares,
  fundingLimitCents: row.fundingLimitCents.toString(),
  fundingThresholdCents: row.fundingThresholdCents.toString(),
  marketCapitalizationCents: row.marketCapitalizationCents.toString(),
  totalVolumeCents: row.totalVolumeCents.toString(),
  debtRatioBps: row.debtRatioBps,
  originalLoanAmountCents: row.originalLoanAmountCents.toString(),
  outstandingLoanAmountCents: row.outstandingLoanAmountCents.toString(),
  repaymentAmountPerShareCents: row.repaymentAmountPerShareCents.toString(),
  financingBank: row.financingBank,
  collateral: row.collateral,
  expectedRentalReturnBps: row.expectedRentalReturnBps,
  expectedOngoingDistributionBps: row.expectedOngoingDistributionBps,
  nextDistributionDate: row.nextDistributionDate,
  distributionFrequency: row.distributionFrequency,
  durationYears: row.durationYears,
  endlessTerm: row.endlessTerm,
  maturityDate: row.maturityDate,
  observationPeriodMonths: row.observationPeriodMonths,
  rentIndexation: row.rentIndexation,
  leverageOnDayBps: row.leverageOnDayBps,
  leverageVolumeCents: row.leverageVolumeCents?.toString() ?? null,
  expectedConstructionStart: row.expectedConstructionStart,
  expectedDistributionStart: row.expectedDistributionStart,
  scenarios: row.scenarios ?? null,
  areaSquareMeters: row.areaSquareMeters,
  floor: row.floor,
  rooms: row.rooms,
  equipment: row.equipment,
  doorNumber: row.doorNumber,
  occupancyRateBps: row.occupancyRateBps,
  liquidityReserveCents: row.liquidityReserveCents?.toString() ?? null,
  managementCostsCentsPerYear: row.managementCostsCentsPerYear?.toString() ?? null,
  netRentalIncomeCentsPerYear: row.netRentalIncomeCentsPerYear?.toString() ?? null,
  monthlyRentCents: row.monthlyRentCents?.toString() ?? null,
  rentedUnitsCount: row.rentedUnitsCount,
  totalUnitsCount: row.totalUnitsCount,
  peakPowerKw: row.peakPowerKw,
  storageCapacityKwh: row.storageCapacityKwh,
  expectedAnnualProductionKwh: row.expectedAnnualProductionKwh,
  green: row.green,
  forcedRanking: row.forcedRanking,
  onlyPrimary: row.onlyPrimary,
  financingEndsOn: row.financingEndsOn,
});
