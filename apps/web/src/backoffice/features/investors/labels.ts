import type { SavingsOverview } from '@bw/contracts';
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

export const TRANSACTION_TYPE_LABELS: Record<string, string> = {
  buy: 'Kauf',
  sell: 'Verkauf',
  charge: 'Einzahlung',
  payout: 'Auszahlung',
  rent: 'Miete',
  bonus: 'Bonus',
  financing: 'Finanzierung',
};

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
