import { describe, expect, it } from 'vitest';
import { readablePaymentInformation } from './payment-information';

const names = { rentalCredit: 'Gutschrift aus Ausschüttung', bulletinTrade: 'Handel am Schwarzen Brett' };

describe('readablePaymentInformation', () => {
  it('names the platform’s own references and keeps a payer’s', () => {
    expect(readablePaymentInformation('rentalCredit:wind-parndorf', names)).toBe('Gutschrift aus Ausschüttung');
    expect(readablePaymentInformation('bulletinTrade:60fdeee4-ae80-4ab6-9121-5a171e5b3fc6', names)).toBe(
      'Handel am Schwarzen Brett',
    );
    expect(readablePaymentInformation('Einzahlung Mai', names)).toBe('Einzahlung Mai');
    expect(readablePaymentInformation(null, names)).toBeNull();
    expect(readablePaymentInformation('', names)).toBeNull();
  });
});
