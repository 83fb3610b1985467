import { debitedCentsOfPurchase, type KaeBoundary, securityTypes, sellerProceedsCents } from '@bw/domain';
import { deATCore, formatEur, germanCount } from '@bw/i18n';
import type { InvestorEvent } from './investor-event.js';
import type { NewNotification } from './notifications.repo.js';

/**
 * The German texts of the notifications the product emits (issue 23, issue 35), so every module
 * says the same thing the same way. Money events and verdicts go through `investorNotification`
 * (one case per event kind, ADR 0026 addendum); the others (tax statement, support answer) have a
 * builder each. Links are screen paths of the mobile families (`/app/...`); the web maps them per
 * family.
 */
const eur = (cents: bigint) => formatEur(cents, 'de-AT');
const shares = (count: number) => germanCount(count, 'Anteil', 'Anteile');
const ibanEnd = (iban: string | null) => (iban ? ` (IBAN endet auf ${iban.replace(/\s/g, '').slice(-4)})` : '');
const withReason = (text: string, reason: string | null | undefined) => (reason ? `${text} Grund: ${reason}` : text);

/** "302,00 € (Kaufpreis 300,00 € + Gebühr 3,00 € − Bonus 1,00 €)": the figure and how it is made up. */
const buyBreakdown = (buy: { amountCents: bigint; feeCents: bigint; bonusCents: bigint }): string => {
  const parts = [`Kaufpreis ${eur(buy.amountCents)}`];
  if (buy.feeCents > 0n) parts.push(`+ Gebühr ${eur(buy.feeCents)}`);
  if (buy.bonusCents > 0n) parts.push(`− Bonus ${eur(buy.bonusCents)}`);
  return parts.length === 1
    ? eur(debitedCentsOfPurchase(buy))
    : `${eur(debitedCentsOfPurchase(buy))} (${parts.join(' ')})`;
};

const securityTypeList = (boundary: KaeBoundary, rating: 'Appropriate' | 'NotAppropriate'): string[] =>
  securityTypes.filter((type) => boundary[type] === rating).map((type) => deATCore.securityTypes[type]);

const appropriatenessBody = (boundary: KaeBoundary | null): string => {
  if (!boundary)
    return 'Du hast keine Angaben zu deinen Kenntnissen und Erfahrungen gemacht. Wir können daher nicht prüfen, ob ein Investment für dich angemessen ist, und weisen dich vor jedem Kauf darauf hin. Du kannst die Angaben jederzeit nachholen.';
  const fit = securityTypeList(boundary, 'Appropriate');
  const unfit = securityTypeList(boundary, 'NotAppropriate');
  if (unfit.length === 0)
    return 'Nach deinen Angaben zu Kenntnissen und Erfahrungen sind alle unsere Produkte für dich angemessen.';
  const intro =
    fit.length === 0
      ? 'Nach deinen Angaben zu Kenntnissen und Erfahrungen ist keines unserer Produkte für dich angemessen.'
      : `Nach deinen Angaben zu Kenntnissen und Erfahrungen sind für dich angemessen: ${fit.join(', ')}. Nicht angemessen: ${unfit.join(', ')}.`;
  return `${intro} Vor einem Kauf eines nicht angemessenen Produkts weisen wir dich darauf hin; du kannst dann trotzdem investieren oder deine Angaben ändern.`;
};

const identificationTexts = {
  verified: {
    event: 'identification.approved',
    title: 'Identifizierung erfolgreich',
    body: 'Deine Identität wurde bestätigt. Unterschreibe jetzt noch die Vereinbarungen, dann kannst du investieren.',
  },
  retry: {
    event: 'identification.retry',
    title: 'Bitte wiederhole deine Identifizierung',
    body: 'Bei der Überprüfung deiner Daten ist etwas schiefgelaufen, zum Beispiel war ein Foto nicht gut lesbar. Bitte starte die Identifizierung erneut.',
  },
  failed: {
    event: 'identification.declined',
    title: 'Identifizierung nicht erfolgreich',
    body: 'Wir konnten deine Identität leider nicht bestätigen. Bitte starte die Identifizierung erneut oder melde dich bei unserem Support.',
  },
} as const;

/**
 * The inbox entry of a money event or a verdict (issue 35): its type, German text, link and the
 * key that makes the event one entry however often it is applied. Every kind has its case here.
 */
export const investorNotification = (event: InvestorEvent): NewNotification => {
  const { userId } = event;
  switch (event.kind) {
    case 'payin.credited':
      return {
        userId,
        key: `payin:${event.transactionId}`,
        type: 'payout',
        event: event.kind,
        title: 'Einzahlung eingegangen',
        body: `${eur(event.amountCents)} ${event.sender ? `von ${event.sender} ` : ''}wurden deinem Zahlungskonto gutgeschrieben.`,
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    case 'payin.returned':
      return {
        userId,
        key: `payin:${event.transactionId}`,
        type: 'payout',
        event: event.kind,
        title: 'Einzahlung zurückgebucht',
        body: `Deine Überweisung über ${eur(event.amountCents)} konnte deinem Zahlungskonto nicht gutgeschrieben werden und geht an das Absenderkonto zurück.`,
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    case 'payout.completed':
      return {
        userId,
        key: `payout-result:${event.transactionId}`,
        type: 'payout',
        event: event.kind,
        title: 'Auszahlung durchgeführt',
        body: `Wir haben ${eur(event.amountCents)} von deinem Zahlungskonto auf dein Bankkonto${ibanEnd(event.iban)} überwiesen.`,
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    case 'payout.failed':
      return {
        userId,
        key: `payout-result:${event.transactionId}`,
        type: 'payout',
        event: event.kind,
        title: 'Auszahlung fehlgeschlagen',
        body: `Deine Auszahlung von ${eur(event.amountCents)} konnte nicht durchgeführt werden. Der Betrag ist wieder auf deinem Zahlungskonto verfügbar.`,
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    case 'payout.rejected':
      return {
        userId,
        key: `payout-result:${event.transactionId}`,
        type: 'payout',
        event: event.kind,
        title: 'Auszahlung abgelehnt',
        body: withReason(
          `Deine Auszahlung von ${eur(event.amountCents)} wurde nicht freigegeben. Der Betrag ist wieder auf deinem Zahlungskonto verfügbar.`,
          event.reason,
        ),
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    case 'purchase.settled':
      return {
        userId,
        key: `purchase-settled:${event.transactionId}`,
        type: 'purchase',
        event: event.kind,
        title: 'Kauf abgeschlossen',
        body: `Dein Kauf von ${shares(event.shares)} an „${event.assetTitle}“ ist abgeschlossen. Betrag: ${buyBreakdown(event)}. Die Anteile liegen jetzt in deinem Portfolio.`,
        link: `investment/${event.assetId}`,
        data: { transactionId: event.transactionId, assetId: event.assetId },
      };
    case 'trade.bought':
      return {
        userId,
        key: `offer-settled:${event.tradeId}:buyer`,
        type: 'offer',
        event: 'offer.settled',
        title: 'Angebot angenommen: Kauf abgeschlossen',
        body: event.private
          ? `Du hast ${shares(event.shares)} an „${event.assetTitle}“ privat gekauft. Die Vermittlungsgebühr wurde von deinem Zahlungskonto abgebucht.`
          : `Du hast ${shares(event.shares)} an „${event.assetTitle}“ gekauft. Betrag: ${buyBreakdown({ amountCents: event.volumeCents, feeCents: event.feeCents, bonusCents: event.bonusCents })}.${event.bonusCents > 0n ? ' Dein Bonus wurde deinem Zahlungskonto gutgeschrieben.' : ''}`,
        link: `trading/${event.assetId}`,
        data: { assetId: event.assetId, ...(event.transactionId ? { transactionId: event.transactionId } : {}) },
      };
    case 'trade.sold':
      return {
        userId,
        key: `offer-settled:${event.tradeId}:seller`,
        type: 'offer',
        event: 'offer.settled',
        title: 'Angebot angenommen: Verkauf abgeschlossen',
        body: event.private
          ? `Du hast ${shares(event.shares)} an „${event.assetTitle}“ privat verkauft. Den Kaufpreis von ${eur(event.volumeCents)} hat dir der Käufer direkt gezahlt.`
          : `Du hast ${shares(event.shares)} an „${event.assetTitle}“ verkauft. ${eur(sellerProceedsCents(event.volumeCents, event.feeCents))} (Verkaufspreis ${eur(event.volumeCents)} − Gebühr ${eur(event.feeCents)}) wurden deinem Zahlungskonto gutgeschrieben.`,
        link: `trading/${event.assetId}`,
        data: { assetId: event.assetId, ...(event.transactionId ? { transactionId: event.transactionId } : {}) },
      };
    case 'distribution.paid':
      return {
        userId,
        key: `distribution-paid:${event.transactionId}`,
        type: 'distribution',
        event: event.kind,
        title: 'Ausschüttung erhalten',
        body:
          event.grossCents > event.netCents
            ? `Für „${event.assetTitle}“ wurden dir ${eur(event.netCents)} ausgeschüttet (${eur(event.grossCents)} brutto, abzüglich ${eur(event.grossCents - event.netCents)} einbehaltener Steuern).`
            : `Für „${event.assetTitle}“ wurden dir ${eur(event.netCents)} ausgeschüttet.`,
        link: 'account',
        data: { transactionId: event.transactionId, assetId: event.assetId },
      };
    case 'reinvestment.done': {
      const { bought } = event;
      return {
        userId,
        key: `reinvestment:${event.transactionId}`,
        type: 'distribution',
        event: bought ? 'reinvestment.bought' : 'reinvestment.skipped',
        title: bought ? 'Ausschüttung wiederangelegt' : 'Wiederanlage ausgesetzt',
        body: bought
          ? `Aus deiner Ausschüttung für „${event.assetTitle}“ wurden ${shares(bought.shares)} für ${eur(bought.spentCents)} gekauft. Der Rest bleibt auf deinem Zahlungskonto.`
          : `Deine Ausschüttung für „${event.assetTitle}“ wurde diesmal nicht wiederangelegt: ${event.reasonText ?? 'Die Wiederanlage war nicht möglich.'} Der Betrag bleibt auf deinem Zahlungskonto.`,
        link: `investment/${event.assetId}`,
        data: { transactionId: event.transactionId, assetId: event.assetId },
      };
    }
    case 'bonus.credited': {
      const texts = {
        referrer: {
          title: 'Empfehlungsbonus erhalten',
          body: `Danke für deine Empfehlung! ${eur(event.amountCents)} wurden deinem Zahlungskonto gutgeschrieben.`,
        },
        referee: {
          title: 'Bonus erhalten',
          body: `Für deine Anmeldung über eine Empfehlung wurden dir ${eur(event.amountCents)} auf dein Zahlungskonto gutgeschrieben.`,
        },
        campaign: {
          title: `Bonus erhalten: ${event.campaignTitle ?? 'Aktion'}`.slice(0, 200),
          body: `Aus der Aktion „${event.campaignTitle ?? 'Aktion'}“ wurden dir ${eur(event.amountCents)} auf dein Zahlungskonto gutgeschrieben.`,
        },
      } as const;
      return {
        userId,
        key: `bonus:${event.transactionId}`,
        type: 'bonus',
        event: `bonus.${event.source}`,
        ...texts[event.source],
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    }
    case 'correction.booked': {
      const credit = event.amountCents > 0n;
      const amount = eur(credit ? event.amountCents : -event.amountCents);
      const text =
        event.purpose === 'feeRefund'
          ? { event: 'fee.refunded', title: 'Gebühr erstattet', body: `Wir haben dir ${amount} Gebühren erstattet.` }
          : credit
            ? {
                event: 'correction.credited',
                title: 'Gutschrift auf deinem Zahlungskonto',
                body: `Wir haben deinem Zahlungskonto ${amount} gutgeschrieben.`,
              }
            : {
                event: 'correction.debited',
                title: 'Belastung deines Zahlungskontos',
                body: `Wir haben deinem Zahlungskonto ${amount} belastet.`,
              };
      return {
        userId,
        key: `correction:${event.transactionId}`,
        type: 'payout',
        event: text.event,
        title: text.title,
        body: withReason(text.body, event.reason),
        link: 'account',
        data: { transactionId: event.transactionId },
      };
    }
    case 'identification.decided': {
      const text = identificationTexts[event.outcome];
      return {
        userId,
        key: `identification:${event.key}`,
        type: 'identification',
        event: text.event,
        title: text.title,
        body: event.reason ? `${text.body} Begründung: ${event.reason}` : text.body,
        link: 'identification',
        data: {},
      };
    }
    case 'appropriateness.assessed':
      return {
        userId,
        key: `appropriateness:${event.key}`,
        type: 'appropriateness',
        event: event.boundary ? 'appropriateness.assessed' : 'appropriateness.notProvided',
        title: event.boundary ? 'Ergebnis deiner Angemessenheitsprüfung' : 'Keine Angemessenheitsprüfung möglich',
        body: appropriatenessBody(event.boundary),
        link: 'knowledge-and-experience',
        data: {},
      };
    case 'vat.changed':
      return {
        userId,
        key: `vat:${event.key}`,
        type: 'vat',
        event: 'vat.changed',
        title: 'Angabe zur Umsatzsteuer geändert',
        body: event.smallBusinessOwner
          ? 'Du hast angegeben, dass du Kleinunternehmer:in und damit von der Umsatzsteuer befreit bist. Ausschüttungen rechnen wir ab jetzt ohne Umsatzsteuer ab. Warst du das nicht, melde dich bitte sofort beim Support.'
          : 'Du hast angegeben, dass du nicht Kleinunternehmer:in bist. Ausschüttungen rechnen wir ab jetzt mit Umsatzsteuer ab. Warst du das nicht, melde dich bitte sofort beim Support.',
        link: 'settings',
        data: {},
      };
    case 'message.sent':
      return {
        userId,
        key: `message:${event.key}`,
        type: 'text',
        event: 'message.sent',
        title: event.title,
        body: event.body,
        link: null,
        data: {},
      };
  }
};

export const taxStatementReadyNotification = (input: { userId: string; year: number }): NewNotification => ({
  userId: input.userId,
  key: `tax-statement:${input.userId}:${input.year}`,
  type: 'document',
  event: 'document.ready',
  title: 'Neues Dokument: Steuerbescheinigung',
  body: `Deine Steuerbescheinigung für ${input.year} steht bereit. Du findest sie unter Investments.`,
  link: 'investments',
  data: { year: String(input.year) },
});

export const supportAnswerNotification = (input: {
  userId: string;
  requestId: string;
  subject: string;
  answer: string;
}): NewNotification => ({
  userId: input.userId,
  key: `support-answer:${input.requestId}`,
  type: 'support',
  event: 'support.answered',
  title: `Antwort vom Support: ${input.subject}`.slice(0, 200),
  body: input.answer,
  link: null,
  data: { requestId: input.requestId },
});

/** One asset of a savings plan execution (ADR 0045): bought, or skipped with the German reason. */
export type SavingsExecutionLine = {
  assetTitle: string;
  outcome: 'bought' | 'skipped';
  shares: number;
  spentCents: bigint;
  reasonText: string | null;
};

const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** What one month of a savings plan did (issue 40): per asset bought or skipped and why. */
export const savingsExecutedNotification = (input: {
  userId: string;
  planId: string;
  month: string;
  lines: SavingsExecutionLine[];
}): NewNotification => {
  const bought = input.lines.filter((line) => line.outcome === 'bought').length;
  const all = bought === input.lines.length;
  const parts = input.lines.map((line) =>
    line.outcome === 'bought'
      ? `„${line.assetTitle}“: ${shares(line.shares)} für ${eur(line.spentCents)} gekauft.`
      : `„${line.assetTitle}“ übersprungen: ${line.reasonText ?? 'Der Kauf war nicht möglich.'}`,
  );
  return {
    userId: input.userId,
    key: `savings:${input.planId}:${input.month}`,
    type: 'purchase',
    event: bought === 0 ? 'savingsPlan.skipped' : 'savingsPlan.executed',
    title: all ? 'Sparplan ausgeführt' : bought === 0 ? 'Sparplan ausgesetzt' : 'Sparplan teilweise ausgeführt',
    body: `Dein Sparplan für ${monthText(input.month)}: ${parts.join(' ')}${all ? '' : ' Der nicht investierte Betrag bleibt auf deinem Zahlungskonto.'}`,
    link: 'investments',
    data: { planId: input.planId, month: input.month },
  };
};

/** What one run of auto-invest did for a mandate (issue 40, ADR 0052): per asset bought or refused and why. */
export const autoInvestRunNotification = (input: {
  userId: string;
  mandateId: string;
  runId: string;
  lines: { assetTitle: string; bought: boolean; shares: number; spentCents: bigint; reasonText: string | null }[];
}): NewNotification => {
  const bought = input.lines.filter((line) => line.bought);
  const spent = bought.reduce((sum, line) => sum + line.spentCents, 0n);
  const parts = input.lines.map((line) =>
    line.bought
      ? `„${line.assetTitle}“: ${shares(line.shares)} für ${eur(line.spentCents)} gekauft.`
      : `„${line.assetTitle}“ nicht gekauft: ${line.reasonText ?? 'Der Kauf war nicht möglich.'}`,
  );
  return {
    userId: input.userId,
    key: `auto-invest:${input.mandateId}:${input.runId}`,
    type: 'purchase',
    event: bought.length > 0 ? 'autoInvest.bought' : 'autoInvest.refused',
    title: bought.length > 0 ? `Auto-Invest: ${eur(spent)} investiert` : 'Auto-Invest: nichts gekauft',
    body: `Deine Auto-Invest-Regeln: ${parts.join(' ')}`,
    link: 'investments',
    data: { mandateId: input.mandateId, runId: input.runId },
  };
};

/** Two days before an execution the balance will not cover (issue 40). */
export const savingsReminderNotification = (input: {
  userId: string;
  planId: string;
  date: string;
  amountCents: bigint;
  availableCents: bigint;
}): NewNotification => ({
  userId: input.userId,
  key: `savings-reminder:${input.planId}:${input.date.slice(0, 7)}`,
  type: 'purchase',
  event: 'savingsPlan.reminder',
  title: 'Sparplan: Guthaben reicht nicht',
  body: `Am ${input.date.slice(8, 10)}.${input.date.slice(5, 7)}.${input.date.slice(0, 4)} führen wir deinen Sparplan über ${eur(input.amountCents)} aus. Auf deinem Zahlungskonto sind derzeit ${eur(input.availableCents)} verfügbar. Bitte zahle rechtzeitig ein, sonst wird der Sparplan ganz oder teilweise übersprungen.`,
  link: 'account',
  data: { planId: input.planId, date: input.date },
});
