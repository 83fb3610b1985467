import type { SavingsOverview, Transaction } from '@bw/contracts';
import type { IdentificationProvider, IdentityCheckResult, SignatureStatus, VerificationStatus } from '@bw/domain';
import { deATCore } from '@bw/i18n';
import { transactionState } from '../../../lib/transaction-state';

type TransactionType = Transaction['type'];

export const USER_STATUS_LABELS: Record<string, { label: string; tone: 'neutral' | 'ok' | 'warn' | 'bad' | 'info' }> = {
  new: { label: 'Neu', tone: 'neutral' },
  pending: { label: 'In Prüfung', tone: 'warn' },
  verified: { label: 'Verifiziert', tone: 'info' },
  active: { label: 'Aktiv', tone: 'ok' },
  deactivated: { label: 'Deaktiviert', tone: 'bad' },
};

/** The German label of a value the API sends as text; an unknown value (a newer server) as it came. */
export const labelOf = <K extends string>(labels: Readonly<Record<K, string>>, value: string): string =>
  (labels as Readonly<Record<string, string>>)[value] ?? value;

/** An identification's way, status and check result (spec section 3) in German. */
export const IDENTIFICATION_PROVIDER_LABELS: Record<IdentificationProvider, string> = {
  docident: 'Ausweis-Upload',
  videoident: 'Video-Identifizierung',
};
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  new: 'Begonnen',
  pending: 'In Prüfung',
  manualCheck: 'Manuelle Prüfung',
  bavRequired: 'Kontoprüfung ausständig',
  kycRequired: 'Identifizierung ausständig',
  qesRequired: 'Signatur ausständig',
  success: 'Bestätigt',
  rejected: 'Abgelehnt',
};
export const IDENTITY_CHECK_LABELS: Record<IdentityCheckResult, string> = {
  new: 'Noch nicht geprüft',
  pending: 'Wird geprüft',
  invalid_data: 'Ungültige Daten',
  inconsistent_data: 'Widersprüchliche Daten',
  success: 'Bestanden',
  rejected: 'Abgelehnt',
  fraud: 'Betrugsverdacht',
};

/** An agreement signature's status (spec section 3, Signature status) in German. */
export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  new: 'Begonnen',
  pending: 'Beim Signaturanbieter',
  selfie_required: 'Selfie ausständig',
  kyc_required: 'Identifizierung ausständig',
  user_consent_required: 'Zustimmung ausständig',
  confirmation_required: 'SMS-Code ausständig',
  signed: 'Unterschrieben',
  rejected: 'Abgelehnt',
  error: 'Fehler',
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

/** The statuses of a savings plan and of auto-invest rules (issue 40). */
export const SAVINGS_STATUS_LABELS: Record<SavingsOverview['plans'][number]['status'], string> = {
  pending: 'Wartet auf Signatur',
  active: 'Aktiv',
  paused: 'Pausiert',
  ended: 'Beendet',
  replaced: 'Durch Änderung ersetzt',
  rejected: 'Abgelehnt',
  expired: 'Nicht bestätigt',
};
