import type { Transaction } from '@bw/contracts';
import { deATCore } from '@bw/i18n';
import { transactionState } from '../../../features/payment-account/lib/transaction-state';

type TransactionType = Transaction['type'];

export const USER_STATUS_LABELS: Record<string, { label: string; tone: 'neutral' | 'ok' | 'warn' | 'bad' | 'info' }> = {
  new: { label: 'Neu', tone: 'neutral' },
  pending: { label: 'In Prüfung', tone: 'warn' },
  verified: { label: 'Verifiziert', tone: 'info' },
  active: { label: 'Aktiv', tone: 'ok' },
  deactivated: { label: 'Deaktiviert', tone: 'bad' },
};

export const PURCHASE_STATUS_LABELS: Record<string, string> = {
  reserved: 'Signatur ausständig',
  awaitingPayment: 'Zahlung ausständig',
  awaitingNotary: 'Notar ausständig',
  settled: 'Abgeschlossen',
  canceled: 'Storniert',
  rejected: 'Abgelehnt',
  expired: 'Abgelaufen',
};

/**
 * An account line in the investor's own words (issue 34): its kind and state as the account list
 * names them (the catalogue of `@bw/i18n`, the state by the web app's one rule).
 */
export const transactionTypeLabel = (type: TransactionType): string => deATCore.transactionTypes[type];
export const transactionStateLabel = (transaction: Parameters<typeof transactionState>[0]): string =>
  deATCore.transactionStates[transactionState(transaction)];
