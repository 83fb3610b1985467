import { type AdminAssetFields, ASSET_TEMPLATE_KIND_LABELS } from '@bw/contracts';
import {
  assetTemplateKinds,
  buildingConditions,
  constructionStatuses,
  constructionTypes,
  contractTypes,
  distributionFrequencies,
  heatingTypes,
  objectTypes,
  powerPlantTypes,
  propertyTypes,
  scenarioNames,
  securityTypes,
} from '@bw/domain';
import { deATCore } from '@bw/i18n';
import { z } from 'zod';
import type { Aliases } from '../../lib/form-rules';
import { centsFromEuroInput, euroInputFromCents } from '../../lib/format';

type FieldName = keyof AdminAssetFields;
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'cents'
  | 'percent'
  | 'int'
  | 'decimal'
  | 'date'
  | 'enum'
  | 'bool'
  | 'list';
export type FieldDef = {
  readonly name: FieldName;
  readonly label: string;
  readonly kind: FieldKind;
  readonly options?: readonly { value: string; label: string }[];
  readonly optional?: boolean;
  /** An empty optional text is sent as '' (the contract's plain strings) instead of null. */
  readonly emptyText?: boolean;
  readonly hint?: string;
};

/**
 * A select's options with the German names the investor's screens use (the catalogue of
 * `@bw/i18n`), never the raw enumeration value (issue 34).
 */
const labelled = (values: readonly string[], labels: Readonly<Record<string, string>>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** Every field of spec section 3 in the sections the form shows. */
export const ASSET_FORM_SECTIONS: readonly { title: string; fields: readonly FieldDef[] }[] = [
  {
    title: 'Stammdaten',
    fields: [
      { name: 'title', label: 'Titel', kind: 'text' },
      { name: 'subtitle', label: 'Untertitel', kind: 'text', optional: true, emptyText: true },
      {
        name: 'templateKind',
        label: 'Vorlagenart',
        kind: 'enum',
        options: labelled(assetTemplateKinds, ASSET_TEMPLATE_KIND_LABELS),
      },
      {
        name: 'securityType',
        label: 'Rechtsform / Wertpapierart',
        kind: 'enum',
        options: labelled(securityTypes, deATCore.securityTypes),
      },
      { name: 'objectType', label: 'Objektart', kind: 'enum', options: labelled(objectTypes, deATCore.objectTypes) },
      {
        name: 'constructionStatus',
        label: 'Baustatus',
        kind: 'enum',
        options: labelled(constructionStatuses, deATCore.constructionStatuses),
      },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', optional: true, emptyText: true },
    ],
  },
  {
    title: 'Lage',
    fields: [
      { name: 'street', label: 'Straße', kind: 'text' },
      { name: 'houseNumber', label: 'Hausnummer', kind: 'text' },
      { name: 'postalCode', label: 'PLZ', kind: 'text' },
      { name: 'city', label: 'Ort', kind: 'text' },
      { name: 'region', label: 'Bundesland / Region', kind: 'text' },
      { name: 'countryCode', label: 'Land (ISO)', kind: 'text' },
      { name: 'latitude', label: 'Breitengrad', kind: 'decimal' },
      { name: 'longitude', label: 'Längengrad', kind: 'decimal' },
    ],
  },
  {
    title: 'Emittent (SPV)',
    fields: [
      { name: 'spvName', label: 'Name', kind: 'text' },
      { name: 'spvRegisterNumber', label: 'Firmenbuchnummer', kind: 'text' },
      { name: 'spvStreet', label: 'Straße', kind: 'text' },
      { name: 'spvPostalCode', label: 'PLZ', kind: 'text' },
      { name: 'spvCity', label: 'Ort', kind: 'text' },
      { name: 'spvCountryCode', label: 'Land (ISO)', kind: 'text', hint: 'Bestimmt die Steuerregeln beim Kauf.' },
      {
        name: 'marketingTypes',
        label: 'Marketing-Einwilligungen',
        kind: 'list',
        optional: true,
        hint: 'Mit Komma getrennt, z. B. email, phone',
      },
    ],
  },
  {
    title: 'Investition',
    fields: [
      { name: 'pricePerShareCents', label: 'Preis je Anteil (€)', kind: 'cents' },
      { name: 'totalShares', label: 'Anteile gesamt', kind: 'int' },
      { name: 'minimumSubscriptionShares', label: 'Mindestzeichnung (Anteile)', kind: 'int' },
      { name: 'fundingLimitCents', label: 'Finanzierungslimit (€)', kind: 'cents' },
      { name: 'fundingThresholdCents', label: 'Finanzierungsschwelle (€)', kind: 'cents' },
      { name: 'marketCapitalizationCents', label: 'Marktkapitalisierung (€)', kind: 'cents' },
      { name: 'totalVolumeCents', label: 'Gesamtvolumen (€)', kind: 'cents' },
      { name: 'serialNumber', label: 'Seriennummer', kind: 'text' },
      { name: 'isin', label: 'ISIN', kind: 'text', optional: true },
      { name: 'financingEndsOn', label: 'Ende der Finanzierungsphase', kind: 'date', optional: true },
      { name: 'notaryDate', label: 'Notartermin (allgemein)', kind: 'date', optional: true },
    ],
  },
  {
    title: 'Finanzierung',
    fields: [
      { name: 'debtRatioBps', label: 'Fremdkapitalquote (%)', kind: 'percent' },
      { name: 'originalLoanAmountCents', label: 'Kredit ursprünglich (€)', kind: 'cents' },
      { name: 'outstandingLoanAmountCents', label: 'Kredit offen (€)', kind: 'cents' },
      { name: 'repaymentAmountPerShareCents', label: 'Tilgung je Anteil (€)', kind: 'cents' },
      { name: 'financingBank', label: 'Finanzierende Bank', kind: 'text', optional: true },
      { name: 'collateral', label: 'Sicherheiten', kind: 'text', optional: true },
      { name: 'leverageOnDayBps', label: 'Hebel am Stichtag (%)', kind: 'percent', optional: true },
      { name: 'leverageVolumeCents', label: 'Hebelvolumen (€)', kind: 'cents', optional: true },
    ],
  },
  {
    title: 'Ausschüttung und Laufzeit',
    fields: [
      {
        name: 'distributionFrequency',
        label: 'Ausschüttung',
        kind: 'enum',
        options: labelled(distributionFrequencies, deATCore.distributionFrequencies),
      },
      { name: 'expectedOngoingDistributionBps', label: 'Erwartete Ausschüttung p. a. (%)', kind: 'percent' },
      { name: 'expectedRentalReturnBps', label: 'Erwartete Mietrendite (%)', kind: 'percent' },
      { name: 'nextDistributionDate', label: 'Nächste Ausschüttung', kind: 'date', optional: true },
      { name: 'endlessTerm', label: 'Unbefristet', kind: 'bool' },
      { name: 'durationYears', label: 'Laufzeit (Jahre)', kind: 'int', optional: true },
      { name: 'maturityDate', label: 'Fälligkeit', kind: 'date', optional: true },
      { name: 'observationPeriodMonths', label: 'Beobachtungszeitraum (Monate)', kind: 'int', optional: true },
      { name: 'rentIndexation', label: 'Mietindexierung', kind: 'text', optional: true },
      { name: 'expectedConstructionStart', label: 'Baubeginn (erwartet)', kind: 'date', optional: true },
      { name: 'expectedDistributionStart', label: 'Ausschüttungsbeginn (erwartet)', kind: 'date', optional: true },
    ],
  },
  {
    title: 'Gebäude',
    fields: [
      {
        name: 'propertyType',
        label: 'Immobilienart',
        kind: 'enum',
        options: labelled(propertyTypes, deATCore.propertyTypes),
        optional: true,
      },
      { name: 'buildingType', label: 'Gebäudetyp', kind: 'text', optional: true },
      {
        name: 'buildingCondition',
        label: 'Zustand',
        kind: 'enum',
        options: labelled(buildingConditions, deATCore.buildingConditions),
        optional: true,
      },
      {
        name: 'heatingType',
        label: 'Heizung',
        kind: 'enum',
        options: labelled(heatingTypes, deATCore.heatingTypes),
        optional: true,
      },
      {
        name: 'contractType',
        label: 'Mietvertrag',
        kind: 'enum',
        options: labelled(contractTypes, deATCore.contractTypes),
        optional: true,
      },
      { name: 'constructionYear', label: 'Baujahr', kind: 'int', optional: true },
      { name: 'areaSquareMeters', label: 'Fläche (m²)', kind: 'int', optional: true },
      { name: 'floor', label: 'Stockwerk', kind: 'int', optional: true },
      { name: 'rooms', label: 'Zimmer', kind: 'int', optional: true },
      { name: 'doorNumber', label: 'Tür', kind: 'text', optional: true },
      { name: 'equipment', label: 'Ausstattung', kind: 'text', optional: true },
      { name: 'occupancyRateBps', label: 'Vermietungsquote (%)', kind: 'percent', optional: true },
      { name: 'rentedUnitsCount', label: 'Vermietete Einheiten', kind: 'int', optional: true },
      { name: 'totalUnitsCount', label: 'Einheiten gesamt', kind: 'int', optional: true },
      { name: 'monthlyRentCents', label: 'Monatsmiete (€)', kind: 'cents', optional: true },
      { name: 'netRentalIncomeCentsPerYear', label: 'Nettomieteinnahmen p. a. (€)', kind: 'cents', optional: true },
      { name: 'managementCostsCentsPerYear', label: 'Verwaltungskosten p. a. (€)', kind: 'cents', optional: true },
      { name: 'liquidityReserveCents', label: 'Liquiditätsreserve (€)', kind: 'cents', optional: true },
    ],
  },
  {
    title: 'Kraftwerk und Rechner',
    fields: [
      {
        name: 'powerPlantType',
        label: 'Kraftwerksart',
        kind: 'enum',
        options: labelled(powerPlantTypes, deATCore.powerPlantTypes),
        optional: true,
      },
      {
        name: 'constructionType',
        label: 'Bauart',
        kind: 'enum',
        options: labelled(constructionTypes, deATCore.constructionTypes),
        optional: true,
      },
      { name: 'peakPowerKw', label: 'Leistung (kWp)', kind: 'int', optional: true },
      { name: 'storageCapacityKwh', label: 'Speicher (kWh)', kind: 'int', optional: true },
      {
        name: 'expectedAnnualProductionKwh',
        label: 'Jahresproduktion (kWh)',
        kind: 'int',
        optional: true,
        hint: 'Rechnet der Energie-Rechner um.',
      },
      { name: 'green', label: 'Grünes Investment', kind: 'bool' },
      { name: 'onlyPrimary', label: 'Nur Zeichnung, kein Handel', kind: 'bool' },
      { name: 'forcedRanking', label: 'Ranking (kleiner = weiter vorne)', kind: 'int' },
    ],
  },
];

export type FormState = Record<string, string | boolean>;

/** What the form holds: the inputs' texts and checkboxes (plus, for a new asset, its template). */
export const assetFieldValue = z.union([z.string(), z.boolean(), z.null()]);
/** A euro field whose text is no amount: the field takes euros, and says so (issue 34). */
export const EURO_AMOUNT_MESSAGE = 'Bitte gib einen Betrag in Euro ein, z. B. 1.234,56 (nicht negativ).';
const EURO_FIELDS = ASSET_FORM_SECTIONS.flatMap((section) => section.fields).filter((field) => field.kind === 'cents');
export const assetFormFields = z.record(z.string(), assetFieldValue).superRefine((form, ctx) => {
  for (const field of EURO_FIELDS) {
    const value = form[field.name];
    const text = typeof value === 'string' ? value.trim() : '';
    const cents = text === '' ? null : centsFromEuroInput(text);
    const refused = text === '' ? !field.optional : cents === null || cents.startsWith('-');
    if (refused) ctx.addIssue({ code: 'custom', path: [field.name], message: EURO_AMOUNT_MESSAGE });
  }
});

type ScenarioName = (typeof scenarioNames)[number];
/** A scenario's percent field (no dots: a dot would nest the form's value). */
export const scenarioField = (name: ScenarioName, part: 'distribution' | 'growth'): string =>
  `scenario-${name}-${part}`;

/**
 * Where the messages about the body's fields go (`prefix` for a template's `defaults.`): each asset
 * field at its input, a scenario's figures at its two inputs.
 */
export const assetAliases = (prefix = ''): Aliases =>
  Object.fromEntries([
    ...ASSET_FORM_SECTIONS.flatMap((section) => section.fields.map((field) => [`${prefix}${field.name}`, field.name])),
    ...scenarioNames.flatMap((name) => [
      [`${prefix}scenarios.${name}.distributionBps`, scenarioField(name, 'distribution')],
      [`${prefix}scenarios.${name}.valueGrowthBps`, scenarioField(name, 'growth')],
      [`${prefix}scenarios.${name}`, scenarioField(name, 'distribution')],
    ]),
    [`${prefix}scenarios`, scenarioField(scenarioNames[0], 'distribution')],
    [`${prefix}features`, 'features'],
  ]);

const percentText = (bps: number | null): string => (bps === null ? '' : (bps / 100).toFixed(2).replace('.', ','));
const bpsOf = (text: string): number | null => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 100);
};

/** Fields → what the inputs show. */
export const stateOf = (fields: Partial<AdminAssetFields>): FormState => {
  const state: FormState = {};
  for (const section of ASSET_FORM_SECTIONS)
    for (const field of section.fields) {
      const value = fields[field.name];
      switch (field.kind) {
        case 'bool':
          state[field.name] = value === true;
          break;
        case 'cents':
          state[field.name] = euroInputFromCents(value as string | null | undefined);
          break;
        case 'percent':
          state[field.name] = percentText((value as number | null | undefined) ?? null);
          break;
        case 'list':
          state[field.name] = ((value as string[] | undefined) ?? []).join(', ');
          break;
        default:
          state[field.name] = value === null || value === undefined ? '' : String(value);
      }
    }
  for (const name of scenarioNames) {
    state[scenarioField(name, 'distribution')] = percentText(fields.scenarios?.[name]?.distributionBps ?? null);
    state[scenarioField(name, 'growth')] = percentText(fields.scenarios?.[name]?.valueGrowthBps ?? null);
  }
  state.features = (fields.features ?? []).map((feature) => feature.label).join('\n');
  return state;
};

/** What the inputs show → the fields the API checks (it answers per field when something is off). */
export const fieldsOfState = (state: FormState): AdminAssetFields => {
  const fields: Record<string, unknown> = {};
  for (const section of ASSET_FORM_SECTIONS)
    for (const field of section.fields) {
      const value = state[field.name];
      const text = typeof value === 'string' ? value.trim() : '';
      switch (field.kind) {
        case 'bool':
          fields[field.name] = value === true;
          break;
        case 'cents':
          fields[field.name] = text === '' ? (field.optional ? null : '') : (centsFromEuroInput(text) ?? text);
          break;
        case 'percent':
          fields[field.name] = bpsOf(text) ?? (field.optional ? null : 0);
          break;
        case 'int':
          fields[field.name] = text === '' ? null : Number.parseInt(text, 10);
          break;
        case 'decimal':
          fields[field.name] = text === '' ? null : Number(text.replace(',', '.'));
          break;
        case 'list':
          fields[field.name] =
            text === ''
              ? []
              : text
                  .split(',')
                  .map((item) => item.trim())
                  .filter(Boolean);
          break;
        default:
          fields[field.name] = text === '' && field.optional && !field.emptyText ? null : text;
      }
    }
  const scenarioValues = scenarioNames.map(
    (name) =>
      [
        name,
        bpsOf(String(state[scenarioField(name, 'distribution')] ?? '')),
        bpsOf(String(state[scenarioField(name, 'growth')] ?? '')),
      ] as const,
  );
  fields.scenarios = scenarioValues.some(([, d, g]) => d === null || g === null)
    ? null
    : Object.fromEntries(scenarioValues.map(([name, d, g]) => [name, { distributionBps: d, valueGrowthBps: g }]));
  fields.features = String(state.features ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((label, index) => ({ key: `feature-${index + 1}`, label }));
  return fields as AdminAssetFields;
};
