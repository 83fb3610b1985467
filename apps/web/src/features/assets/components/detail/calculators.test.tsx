import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../../lib/i18n';
import { eurosInputToCents } from './calculator-input';
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

  it('reads whole euros only', () => {
    expect(eurosInputToCents('1.000')).toBe(100_000n);
    expect(eurosInputToCents('12,5')).toBeNull();
    expect(eurosInputToCents('0')).toBeNull();
    expect(eurosInputToCents('')).toBeNull();
  });
});
