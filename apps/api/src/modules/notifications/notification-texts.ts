import { formatEur } from '@bw/i18n';
import type { NewNotification } from './notifications.repo.js';

/**
 * The German texts of the notifications the product emits (issue 23), one builder per event, so
 * every module that calls `notifyUser` says the same thing the same way. Links are screen paths
 * of the mobile families (`/app/...`); the web maps them per family.
 */
const eur = (cents: bigint) => formatEur(cents, 'de-AT');
const bricks = (count: number) => `${count} ${count === 1 ? 'Brick' : 'Bricks'}`;

export const purchaseSettledNotification = (input: {
  userId: string;
  transactionId: string;
  assetId: string;
  assetTitle: string;
  shares: number;
  amountCents: bigint;
}): NewNotification => ({
  userId: input.userId,
  key: `purchase-settled:${input.transactionId}`,
  type: 'purchase',
  event: 'purchase.settled',
  title: 'Kauf abgeschlossen',
  body: `Dein Kauf von ${bricks(input.shares)} an „${input.assetTitle}“ über ${eur(input.amountCents)} ist abgeschlossen. Die Anteile liegen jetzt in deinem Portfolio.`,
  link: `investment/${input.assetId}`,
  data: { transactionId: input.transactionId, assetId: input.assetId },
});

export const offerSettledNotification = (input: {
  userId: string;
  tradeKey: string;
  side: 'buyer' | 'seller';
  assetId: string;
  assetTitle: string;
  shares: number;
  amountCents: bigint;
}): NewNotification => ({
  userId: input.userId,
  key: `offer-settled:${input.tradeKey}:${input.side}`,
  type: 'offer',
  event: 'offer.settled',
  title:
    input.side === 'buyer' ? 'Angebot angenommen: Kauf abgeschlossen' : 'Angebot angenommen: Verkauf abgeschlossen',
  body:
    input.side === 'buyer'
      ? `Du hast ${bricks(input.shares)} an „${input.assetTitle}“ für ${eur(input.amountCents)} gekauft.`
      : `Du hast ${bricks(input.shares)} an „${input.assetTitle}“ verkauft. ${eur(input.amountCents)} wurden deinem Zahlungskonto gutgeschrieben.`,
  link: `trading/${input.assetId}`,
  data: { assetId: input.assetId },
});

export const distributionPaidNotification = (input: {
  userId: string;
  transactionId: string;
  assetId: string;
  assetTitle: string;
  netCents: bigint;
}): NewNotification => ({
  userId: input.userId,
  key: `distribution-paid:${input.transactionId}`,
  type: 'distribution',
  event: 'distribution.paid',
  title: 'Ausschüttung erhalten',
  body: `Für „${input.assetTitle}“ wurden dir ${eur(input.netCents)} ausgeschüttet.`,
  link: 'account',
  data: { transactionId: input.transactionId, assetId: input.assetId },
});

/** Reinvestment (ADR 0034): what the standing mandate did with one distribution payment. */
export const reinvestmentNotification = (input: {
  userId: string;
  transactionId: string;
  assetId: string;
  assetTitle: string;
  bought: { shares: number; spentCents: bigint } | null;
  /** German text of why nothing was bought. */
  reasonText: string | null;
}): NewNotification => ({
  userId: input.userId,
  key: `reinvestment:${input.transactionId}`,
  type: 'distribution',
  event: input.bought ? 'reinvestment.bought' : 'reinvestment.skipped',
  title: input.bought ? 'Ausschüttung wiederangelegt' : 'Wiederanlage ausgesetzt',
  body: input.bought
    ? `Aus deiner Ausschüttung für „${input.assetTitle}“ wurden ${bricks(input.bought.shares)} für ${eur(input.bought.spentCents)} gekauft. Der Rest bleibt auf deinem Zahlungskonto.`
    : `Deine Ausschüttung für „${input.assetTitle}“ wurde diesmal nicht wiederangelegt: ${input.reasonText ?? 'Die Wiederanlage war nicht möglich.'} Der Betrag bleibt auf deinem Zahlungskonto.`,
  link: `investment/${input.assetId}`,
  data: { transactionId: input.transactionId, assetId: input.assetId },
});

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

export const identificationResultNotification = (input: {
  userId: string;
  key: string;
  approved: boolean;
}): NewNotification => ({
  userId: input.userId,
  key: `identification:${input.key}`,
  type: 'identification',
  event: input.approved ? 'identification.approved' : 'identification.declined',
  title: input.approved ? 'Identifizierung erfolgreich' : 'Identifizierung nicht erfolgreich',
  body: input.approved
    ? 'Deine Identität wurde bestätigt. Du kannst jetzt investieren.'
    : 'Bei der Verifzierung ist etwas schiefgelaufen. Bitte starte die Identifizierung erneut oder melde dich bei unserem Support.',
  link: 'identification',
  data: {},
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
