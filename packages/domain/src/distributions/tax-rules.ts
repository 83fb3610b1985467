import type { SecurityType } from '../assets/enums.js';
import type { Cents } from '../money.js';

/**
 * Taxes withheld on distributions (issue 22, ADR 0030): one table of rules by the withholding
 * regime (the country of the paying issuer, whose law obliges it to withhold) and the legal form of
 * the product. Pure: every amount is integer cents, every rounding step is named.
 */

/** Spec section 3, Tax type. */
export const taxTypes = ['KapESt', 'KESt', 'Kirchensteuer', 'Soli'] as const;
export type TaxType = (typeof taxTypes)[number];
export type TaxLineCents = { taxType: TaxType; amountCents: Cents };

/** The law the withholding agent (the issuing company) withholds under. */
export const taxRegimes = ['AT', 'DE'] as const;
export type TaxRegime = (typeof taxRegimes)[number];

/** The legal forms whose tax treatment differs (ADR 0030 has the sources). */
export const legalForms = ['participationRight', 'bond', 'equity', 'coOwnership'] as const;
export type LegalForm = (typeof legalForms)[number];

/** Spec section 3, Security type → legal form. */
export const legalFormOf = (securityType: SecurityType): LegalForm => {
  switch (securityType) {
    case 'participationRightEquity':
    case 'participationRightEquityBuilderOwner':
    case 'participationRightDebtCapital':
    case 'participationRightDebtCapitalPartialSale':
      return 'participationRight';
    case 'participationKG':
    case 'participationAtypicalSilent':
      return 'equity';
    case 'purchaseWithManagementOutsourcing':
      return 'coOwnership';
  }
};

export type TaxRule = {
  /** Whether the issuer withholds tax on a distribution at all. */
  withholds: boolean;
  /** Where the rule comes from (statute and paragraph); the ADR quotes them. */
  source: string;
};

/** The one rule table: regime × legal form. */
export const TAX_RULES: Record<TaxRegime, Record<LegalForm, TaxRule>> = {
  AT: {
    participationRight: {
      withholds: true,
      source: '§ 27 Abs. 2 Z 1 lit. c, § 27a Abs. 1 Z 2, § 93 Abs. 2 Z 1 EStG 1988',
    },
    bond: { withholds: true, source: '§ 27 Abs. 2 Z 2, § 27a Abs. 1 Z 2, § 93 Abs. 2 Z 3 EStG 1988' },
    equity: {
      withholds: false,
      source: '§ 23 Z 2 EStG 1988 (Mitunternehmer: Einkünfte aus Gewerbebetrieb, Veranlagung)',
    },
    coOwnership: { withholds: false, source: '§ 28 EStG 1988 (Vermietung und Verpachtung, Veranlagung)' },
  },
  DE: {
    participationRight: {
      withholds: true,
      source: '§ 20 Abs. 1 Nr. 1 / Nr. 7, § 43 Abs. 1 S. 1 Nr. 2, § 43a Abs. 1 S. 1 Nr. 1 EStG',
    },
    bond: { withholds: true, source: '§ 20 Abs. 1 Nr. 7, § 43 Abs. 1 S. 1 Nr. 7, § 43a Abs. 1 S. 1 Nr. 1 EStG' },
    equity: {
      withholds: false,
      source: '§ 15 Abs. 1 S. 1 Nr. 2 EStG (Mitunternehmer: Einkünfte aus Gewerbebetrieb, Veranlagung)',
    },
    coOwnership: { withholds: false, source: '§ 21 Abs. 1 EStG (Vermietung und Verpachtung, Veranlagung)' },
  },
};

/** Austrian KESt on capital income (§ 27a Abs. 1 Z 2 EStG 1988): 27.5 % in per mille. */
export const AT_KEST_PER_MILLE = 275n;
/** German Kapitalertragsteuer (§ 43a Abs. 1 S. 1 Nr. 1 EStG): 25 %. */
export const DE_KAPEST_PERCENT = 25n;
/** Solidaritätszuschlag (§ 4 S. 1 SolZG 1995): 5.5 % of the KapESt, in per mille. */
export const DE_SOLI_PER_MILLE = 55n;

/** German federal states (ISO 3166-2) whose church tax is 8 %; every other state levies 9 %. */
export const CHURCH_TAX_8_PERCENT_STATES = ['DE-BW', 'DE-BY'] as const;
export const germanStates = [
  'DE-BW',
  'DE-BY',
  'DE-BE',
  'DE-BB',
  'DE-HB',
  'DE-HH',
  'DE-HE',
  'DE-MV',
  'DE-NI',
  'DE-NW',
  'DE-RP',
  'DE-SL',
  'DE-SN',
  'DE-ST',
  'DE-SH',
  'DE-TH',
] as const;
export type GermanState = (typeof germanStates)[number];

export const isGermanState = (value: string | null | undefined): value is GermanState =>
  (germanStates as readonly (string | null | undefined)[]).includes(value);

/** Kirchensteuer rate in percent by the member's federal state (Landes-Kirchensteuergesetze). */
export const churchTaxPercentOf = (state: GermanState): bigint =>
  (CHURCH_TAX_8_PERCENT_STATES as readonly string[]).includes(state) ? 8n : 9n;

/**
 * Cent fractions of a withheld tax are dropped (§ 4 S. 2 SolZG for the Soli; applied to every
 * tax here, so a withheld amount is never more than the statute gives; the assessment settles the
 * rest). `numerator / denominator` with both non-negative.
 */
export const taxRoundedDownToCent = (numerator: bigint, denominator: bigint): Cents => numerator / denominator;

export type InvestorTaxFacts = {
  /** Declared church membership (spec: account.hasChurchTax); null = not answered = no member. */
  hasChurchTax: boolean | null;
  /** The German federal state of the member's residence, for the 8 % / 9 % rate. */
  churchTaxState: GermanState | null;
};

export type WithholdingInput = {
  grossCents: Cents;
  regime: TaxRegime;
  legalForm: LegalForm;
  investor: InvestorTaxFacts;
};

/**
 * The tax lines withheld from one gross distribution, in a fixed order (KESt | KapESt, Soli,
 * Kirchensteuer); lines of zero are left out.
 *
 * Germany with church tax: the KapESt is reduced by the church tax, which is deductible
 * (§ 32d Abs. 1 S. 4 EStG): KapESt = (e − 4q) / (4 + k), with e the capital income, q the foreign
 * tax credited (none here) and k the church-tax rate (0.08 or 0.09). In cents:
 * KapESt = e · 100 / (400 + k%), Soli = 5.5 % and KiSt = k % of that KapESt.
 */
export const withholdingTaxes = (input: WithholdingInput): TaxLineCents[] => {
  const { grossCents: e, regime, legalForm, investor } = input;
  if (e < 0n) throw new RangeError('A distribution is never negative');
  if (!TAX_RULES[regime][legalForm].withholds || e === 0n) return [];
  const lines: TaxLineCents[] = [];
  if (regime === 'AT') {
    lines.push({ taxType: 'KESt', amountCents: taxRoundedDownToCent(e * AT_KEST_PER_MILLE, 1000n) });
  } else {
    const churchPercent =
      investor.hasChurchTax === true && investor.churchTaxState !== null
        ? churchTaxPercentOf(investor.churchTaxState)
        : null;
    const kapESt =
      churchPercent === null
        ? taxRoundedDownToCent(e * DE_KAPEST_PERCENT, 100n)
        : taxRoundedDownToCent(e * 100n, 400n + churchPercent);
    lines.push({ taxType: 'KapESt', amountCents: kapESt });
    lines.push({ taxType: 'Soli', amountCents: taxRoundedDownToCent(kapESt * DE_SOLI_PER_MILLE, 1000n) });
    if (churchPercent !== null)
      lines.push({ taxType: 'Kirchensteuer', amountCents: taxRoundedDownToCent(kapESt * churchPercent, 100n) });
  }
  return lines.filter((line) => line.amountCents > 0n);
};

export const sumOfTaxLines = (lines: readonly TaxLineCents[]): Cents =>
  lines.reduce((sum, line) => sum + line.amountCents, 0n);
