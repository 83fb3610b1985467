import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../../lib/i18n';
import { readCalculatorAmount } from './calculator-input';
import { YieldCalculator } from './yield-calculator';

const asset = {
  pricePerShareCents: '10000',
  expectedOngoingDistributionBps: 470,
  durationYears: 2,
  scenarios: {
    stress: { distributionBps: 235, valueGrowthBps: -150 },
    medium: { distributionBps: 470, valueGrowthBps: 150 },
    optimistic: { distributionBps: 611, valueGrowthBps: 300 },
  },
} as const;

const row = (label: string) => {
  const term = within(screen.getByTestId('yield-result')).getByText(label);
  return term.nextElementSibling?.textContent?.replace(/\s/g, ' ');
};

describe('<YieldCalculator> wiring (domain calculateYield)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
  });
  afterEach(cleanup);

  it('invests whole shares only and shows the medium scenario', () => {
    render(<YieldCalculator asset={asset} />);
    fireEvent.change(screen.getByLabelText('Betrag in Euro'), { target: { value: '1050' } });
    // 1.050 € buys 10 shares of 100 €: 1.000 € invested.
    expect(screen.getByText(/10 Anteile für 1\.000,00/)).toBeTruthy();
    // 4,70 % of 1.000 € = 47,00 € a year; two years = 94,00 €.
    expect(row('Ausschüttung pro Jahr')).toBe('47,00 €');
    expect(row('Ausschüttungen gesamt')).toBe('94,00 €');
    // Value +1,50 % a year, half up per year: 1.015,00 € then 1.030,23 €.
    expect(row('Wert am Ende')).toBe('1.030,23 €');
    expect(row('Ertrag gesamt')).toBe('124,23 €');
  });

  it('switches to the stress scenario', () => {
    render(<YieldCalculator asset={asset} />);
    fireEvent.click(screen.getByLabelText('Stress'));
    // 2,35 % of 1.000 € = 23,50 €; value -1,50 %: 985,00 € then 970,23 € (970,225 half up).
    expect(row('Ausschüttung pro Jahr')).toBe('23,50 €');
    expect(row('Wert am Ende')).toBe('970,23 €');
  });

  it('asks for an amount of at least one share', () => {
    render(<YieldCalculator asset={asset} />);
    fireEvent.change(screen.getByLabelText('Betrag in Euro'), { target: { value: '99' } });
    expect(screen.queryByTestId('yield-result')).toBeNull();
    expect(screen.getByText('Gib einen Betrag ab dem Preis eines Anteils ein.')).toBeTruthy();
  });

  it('says when the amount is too large, naming the limit, and when it is not whole euros (issue 34)', () => {
    render(<YieldCalculator asset={asset} />);
    const field = screen.getByLabelText('Betrag in Euro');
    fireEvent.change(field, { target: { value: '99.999.999.999' } });
    expect(screen.queryByTestId('yield-result')).toBeNull();
    expect(
      screen.getByText(/^Der Rechner rechnet mit höchstens 10\.000\.000\s€\. Gib einen kleineren Betrag ein\.$/),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '10.000.000' } });
    expect(screen.getByText(/Anteile für 10\.000\.000,00/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '12,50' } });
    expect(screen.getByText('Gib einen Betrag in ganzen Euro ein.')).toBeTruthy();
  });

  it('reads whole euros only, up to the limit', () => {
    expect(readCalculatorAmount('1.000')).toEqual({ kind: 'amount', cents: 100_000n });
    expect(readCalculatorAmount(' 10000000 ')).toEqual({ kind: 'amount', cents: 1_000_000_000n });
    expect(readCalculatorAmount('10000001')).toEqual({ kind: 'tooLarge' });
    expect(readCalculatorAmount('99.999.999.999')).toEqual({ kind: 'tooLarge' });
    expect(readCalculatorAmount('12,5')).toEqual({ kind: 'notWholeEuros' });
    expect(readCalculatorAmount('')).toEqual({ kind: 'notWholeEuros' });
    expect(readCalculatorAmount('-5')).toEqual({ kind: 'notWholeEuros' });
    expect(readCalculatorAmount('0')).toEqual({ kind: 'amount', cents: 0n });
  });
});
