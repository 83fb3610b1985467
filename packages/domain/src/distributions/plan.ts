import type { SecurityType } from '../assets/enums.js';
import type { Cents } from '../money.js';
import { allocateByLargestRemainder } from './allocation.js';
import {
  type InvestorTaxFacts,
  legalFormOf,
  sumOfTaxLines,
  type TaxLineCents,
  type TaxRegime,
  type TaxType,
  taxRegimes,
  withholdingTaxes,
} from './tax-rules.js';

/** The holder key of the shares nobody holds (still the issuer's); sorts after every user id. */
export const ISSUER_HOLDER = '~issuer';

export type PlannedPayment = {
  userId: string;
  shares: bigint;
  grossCents: Cents;
  taxLines: TaxLineCents[];
  netCents: Cents;
};

export type DistributionPlan = {
  payments: PlannedPayment[];
  /** The part of the shares still with the issuer: goes back to the issuer's cash. */
  issuerCents: Cents;
  taxByType: Map<TaxType, Cents>;
  investorsGrossCents: Cents;
  taxCents: Cents;
};

/** The withholding regime of an issuer's country; null where no table applies (nothing withheld). */
export const taxRegimeOf = (issuerCountry: string): TaxRegime | null =>
  (taxRegimes as readonly string[]).includes(issuerCountry) ? (issuerCountry as TaxRegime) : null;

const NO_CHURCH: InvestorTaxFacts = { hasChurchTax: false, churchTaxState: null };

/**
 * A distribution of `incomeCents` over the asset's `totalShares` (ADR 0025): holders and the issuer
 * (for the shares nobody holds) by the largest remainder in cents; each holder's gross less the
 * tax withheld under the issuer's regime (ADR 0030). Holders whose part is 0 cents get no payment.
 * Invariant: Σ net + Σ tax + issuer = income.
 */
export const planDistribution = (input: {
  incomeCents: Cents;
  totalShares: bigint;
  holdings: readonly { userId: string; shares: bigint }[];
  securityType: SecurityType;
  issuerCountry: string;
  taxFactsOf: (userId: string) => InvestorTaxFacts | undefined;
}): DistributionPlan => {
  const held = input.holdings.reduce((sum, h) => sum + h.shares, 0n);
  const issuerShares = input.totalShares > held ? input.totalShares - held : 0n;
  const allocation = allocateByLargestRemainder(input.incomeCents, [
    ...input.holdings.map((h) => ({ holder: h.userId, shares: h.shares })),
    { holder: ISSUER_HOLDER, shares: issuerShares },
  ]);
  const regime = taxRegimeOf(input.issuerCountry);
  const legalForm = legalFormOf(input.securityType);
  const payments: PlannedPayment[] = [];
  const taxByType = new Map<TaxType, Cents>();
  let issuerCents = 0n;
  let investorsGrossCents = 0n;
  let taxCents = 0n;
  for (const part of allocation) {
    if (part.holder === ISSUER_HOLDER) {
      issuerCents = part.cents;
      continue;
    }
    if (part.cents === 0n) continue;
    const taxLines =
      regime === null
        ? []
        : withholdingTaxes({
            grossCents: part.cents,
            regime,
            legalForm,
            investor: input.taxFactsOf(part.holder) ?? NO_CHURCH,
          });
    const tax = sumOfTaxLines(taxLines);
    for (const line of taxLines) taxByType.set(line.taxType, (taxByType.get(line.taxType) ?? 0n) + line.amountCents);
    payments.push({
      userId: part.holder,
      shares: part.shares,
      grossCents: part.cents,
      taxLines,
      netCents: part.cents - tax,
    });
    investorsGrossCents += part.cents;
    taxCents += tax;
  }
  return { payments, issuerCents, taxByType, investorsGrossCents, taxCents };
};
