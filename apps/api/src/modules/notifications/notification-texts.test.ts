import { securityTypes } from '@bw/domain';
import { describe, expect, it } from 'vitest';
import { investorNotification } from './notification-texts.js';

/**
 * The branches of the German texts the money-event walk (money-events.integration.test.ts) does
 * not reach through the calls: a private trade, a bulletin-board buy with a bonus, a skipped
 * reinvestment, a verdict that asks to retry, a mixed appropriateness rating.
 */
const userId = '00000000-0000-4000-8000-000000000001';
/** Amounts are written "123,45 €" here; the formatter puts a no-break space before the sign. */
const de = (text: string) => text.replaceAll(' €', '\u00a0€');
const trade = {
  userId,
  tradeId: 't-1',
  assetId: 'wien-1',
  assetTitle: 'Zinshaus Wien',
  shares: 1,
  volumeCents: 12_345n,
};

describe('investorNotification', () => {
  it('a bulletin-board buy with a bonus shows price + fee − bonus and says the bonus came back', () => {
    const entry = investorNotification({
      kind: 'trade.bought',
      ...trade,
      feeCents: 123n,
      bonusCents: 1_000n,
      private: false,
    });
    expect(entry).toMatchObject({ type: 'offer', key: 'offer-settled:t-1:buyer', link: 'trading/wien-1' });
    expect(entry.body).toBe(
      de(
        'Du hast 1 Anteil an „Zinshaus Wien“ gekauft. Betrag: 114,68 € (Kaufpreis 123,45 € + Gebühr 1,23 € − Bonus 10,00 €). Dein Bonus wurde deinem Zahlungskonto gutgeschrieben.',
      ),
    );
  });

  it('a private trade: the buyer is not shown the brokerage fee, the seller was paid directly', () => {
    const bought = investorNotification({
      kind: 'trade.bought',
      ...trade,
      feeCents: 62n,
      bonusCents: 0n,
      private: true,
    });
    expect(bought.body).toBe(
      'Du hast 1 Anteil an „Zinshaus Wien“ privat gekauft. Die Vermittlungsgebühr wurde von deinem Zahlungskonto abgebucht.',
    );
    expect(bought.body).not.toContain('0,62');
    const sold = investorNotification({ kind: 'trade.sold', ...trade, feeCents: 0n, private: true });
    expect(sold.body).toBe(
      de(
        'Du hast 1 Anteil an „Zinshaus Wien“ privat verkauft. Den Kaufpreis von 123,45 € hat dir der Käufer direkt gezahlt.',
      ),
    );
    expect(sold.key).toBe('offer-settled:t-1:seller');
  });

  it('a skipped reinvestment says why; a pay-in without a sender name still reads', () => {
    const skipped = investorNotification({
      kind: 'reinvestment.done',
      userId,
      transactionId: 'tx-1',
      assetId: 'wien-1',
      assetTitle: 'Zinshaus Wien',
      bought: null,
      reasonText: 'Es werden keine Anteile angeboten.',
    });
    expect(skipped).toMatchObject({ event: 'reinvestment.skipped', title: 'Wiederanlage ausgesetzt' });
    expect(skipped.body).toContain('Es werden keine Anteile angeboten.');
    const payin = investorNotification({
      kind: 'payin.credited',
      userId,
      transactionId: 'tx-2',
      amountCents: 5n,
      sender: null,
    });
    expect(payin.body).toBe(de('0,05 € wurden deinem Zahlungskonto gutgeschrieben.'));
  });

  it('every verdict of an identification has its own text; the key is the verdict', () => {
    const retry = investorNotification({
      kind: 'identification.decided',
      userId,
      key: 'idv-checked:e1',
      outcome: 'retry',
    });
    expect(retry).toMatchObject({
      type: 'identification',
      event: 'identification.retry',
      title: 'Bitte wiederhole deine Identifizierung',
      key: 'identification:idv-checked:e1',
    });
  });

  it('a mixed appropriateness rating names what fits and what does not, in German', () => {
    const boundary = Object.fromEntries(
      securityTypes.map((type) => [type, type.startsWith('participationRight') ? 'Appropriate' : 'NotAppropriate']),
    ) as Record<(typeof securityTypes)[number], 'Appropriate' | 'NotAppropriate'>;
    const entry = investorNotification({ kind: 'appropriateness.assessed', userId, key: 'k', boundary });
    expect(entry.body).toContain('sind für dich angemessen: Genussrecht (Eigenkapital), ');
    expect(entry.body).toContain('Nicht angemessen: Kommanditbeteiligung, ');
    const all = investorNotification({
      kind: 'appropriateness.assessed',
      userId,
      key: 'k',
      boundary: Object.fromEntries(securityTypes.map((type) => [type, 'Appropriate'])) as typeof boundary,
    });
    expect(all.body).toBe(
      'Nach deinen Angaben zu Kenntnissen und Erfahrungen sind alle unsere Produkte für dich angemessen.',
    );
  });
});
