import type { AdminAssetFields } from '@bw/contracts';
import { assetTemplates, type Db } from '@bw/db';
import type { AssetTemplateKind } from '@bw/domain';
import { createAssetTemplate } from '../modules/assets/admin/asset-templates.js';
import { type Actor, systemActor } from '../platform/audit.js';

const spvAt = {
  spvName: 'Brickwise Beteiligungs GmbH',
  spvStreet: 'Mariahilfer Straße 1',
  spvPostalCode: '1060',
  spvCity: 'Wien',
  spvCountryCode: 'AT',
  spvRegisterNumber: 'FN 512345 a',
};
const scenarios = (medium: number) => ({
  stress: { distributionBps: Math.round(medium / 2), valueGrowthBps: -150 },
  medium: { distributionBps: medium, valueGrowthBps: 150 },
  optimistic: { distributionBps: Math.round(medium * 1.3), valueGrowthBps: 300 },
});
const common = {
  ...spvAt,
  countryCode: 'AT',
  marketingTypes: ['email'],
  features: [],
  minimumSubscriptionShares: 1,
  debtRatioBps: 0,
  originalLoanAmountCents: '0',
  outstandingLoanAmountCents: '0',
  repaymentAmountPerShareCents: '0',
  green: false,
  forcedRanking: 1000,
  onlyPrimary: false,
} satisfies Partial<AdminAssetFields>;

/** One template per kind of spec section 3, with the figures the operator usually starts from. */
export const builtInTemplates: {
  name: string;
  kind: AssetTemplateKind;
  description: string;
  defaults: Partial<AdminAssetFields>;
}[] = [
  {
    name: 'Wohnimmobilie mit Fremdkapital',
    kind: 'realEstate',
    description: 'Zinshaus oder Wohnung, monatliche Mietausschüttung, teilweise kreditfinanziert.',
    defaults: {
      ...common,
      objectType: 'residential',
      securityType: 'participationRightEquity',
      propertyType: 'apartmentBuilding',
      constructionStatus: 'stock',
      distributionFrequency: 'monthly',
      endlessTerm: true,
      observationPeriodMonths: 12,
      rentIndexation: 'VPI 2020, jährliche Anpassung',
      expectedOngoingDistributionBps: 320,
      expectedRentalReturnBps: 380,
      scenarios: scenarios(320),
    },
  },
  {
    name: 'Immobilie ohne Renditepotenzial',
    kind: 'realEstateWithoutYieldPotential',
    description: 'Eigennutzung oder Sanierung, keine laufende Ausschüttung.',
    defaults: {
      ...common,
      objectType: 'residential',
      securityType: 'participationRightDebtCapital',
      constructionStatus: 'project',
      distributionFrequency: 'yearly',
      endlessTerm: false,
      durationYears: 10,
      expectedOngoingDistributionBps: 0,
      expectedRentalReturnBps: 0,
      scenarios: null,
    },
  },
  {
    name: 'Photovoltaik-Dachanlage',
    kind: 'powerPlant',
    description: 'PV-Anlage auf einem Dach, quartalsweise Ausschüttung der Stromerlöse, 20 Jahre Laufzeit.',
    defaults: {
      ...common,
      objectType: 'energy',
      securityType: 'participationRightDebtCapital',
      powerPlantType: 'photovoltaic',
      constructionType: 'roof',
      constructionStatus: 'planning',
      distributionFrequency: 'quarterly',
      endlessTerm: false,
      durationYears: 20,
      green: true,
      marketingTypes: ['email', 'phone'],
      expectedOngoingDistributionBps: 450,
      expectedRentalReturnBps: 0,
      scenarios: scenarios(450),
    },
  },
  {
    name: 'Kraftwerksportfolio',
    kind: 'powerPlantPortfolio',
    description: 'Mehrere Anlagen (Sonne, Wind, Speicher) in einem Emittenten.',
    defaults: {
      ...common,
      objectType: 'energy',
      securityType: 'participationKG',
      powerPlantType: 'bundle',
      constructionStatus: 'installed',
      distributionFrequency: 'yearly',
      endlessTerm: false,
      durationYears: 20,
      green: true,
      expectedOngoingDistributionBps: 500,
      expectedRentalReturnBps: 0,
      scenarios: scenarios(500),
    },
  },
  {
    name: 'Bauherrenmodell',
    kind: 'builderOwnerModel',
    description: 'Bezahlt per Überweisung, mit Notartermin; Anteile nach Zahlung und Notarunterlagen.',
    defaults: {
      ...common,
      objectType: 'residential',
      securityType: 'participationRightEquityBuilderOwner',
      propertyType: 'apartmentBuilding',
      constructionStatus: 'project',
      distributionFrequency: 'yearly',
      endlessTerm: false,
      durationYears: 15,
      minimumSubscriptionShares: 10,
      expectedOngoingDistributionBps: 250,
      expectedRentalReturnBps: 300,
      scenarios: scenarios(250),
    },
  },
];

/** The built-in templates through the back office's own operation (audited as the seed), once. */
export const seedAssetTemplates = async (db: Db, actor: Actor = systemActor('seed')): Promise<number> => {
  const existing = await db.select({ id: assetTemplates.id }).from(assetTemplates).limit(1);
  if (existing.length > 0) return 0;
  for (const template of builtInTemplates) await createAssetTemplate(db, actor, template);
  return builtInTemplates.length;
};
