import { MAX_CALCULATOR_EUROS } from '@bw/domain';
import { useTranslation } from '../../../../lib/i18n';
import { useFormat } from '../../hooks/use-format';

/** The amount both calculators start with. */
export const DEFAULT_CALCULATOR_EUROS = 1_000;

/** What the calculators read from the amount field. */
export type CalculatorAmount =
  | { readonly kind: 'amount'; readonly cents: bigint }
  | { readonly kind: 'notWholeEuros' }
  | { readonly kind: 'tooLarge' };

/** Whole euros as typed ("1.000" with thousands dots allowed) → cents, or why the input is not an amount. */
export const readCalculatorAmount = (input: string): CalculatorAmount => {
  const digits = input.trim().replace(/\./g, '');
  if (!/^\d+$/.test(digits)) return { kind: 'notWholeEuros' };
  const euros = BigInt(digits);
  if (euros > BigInt(MAX_CALCULATOR_EUROS)) return { kind: 'tooLarge' };
  return { kind: 'amount', cents: euros * 100n };
};

/** The cents of an amount, or null when the input is none (not whole euros, too large). */
export const centsOf = (amount: CalculatorAmount): bigint | null => (amount.kind === 'amount' ? amount.cents : null);

/**
 * What a calculator says instead of a result: whole euros, at most the limit, at least one share
 * (the amount buys `sharesCount` whole shares).
 */
export const useCalculatorAmountMessage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  return (amount: CalculatorAmount): string => {
    if (amount.kind === 'notWholeEuros') return t('asset.calculatorWholeEuros');
    if (amount.kind === 'tooLarge') {
      return t('asset.calculatorTooLarge', { max: format.eurShort(BigInt(MAX_CALCULATOR_EUROS) * 100n) });
    }
    return t('asset.yieldInvalid');
  };
};
