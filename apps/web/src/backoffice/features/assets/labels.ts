import type { AssetLifecycleAction, AssetStage } from '@bw/domain';

export const STAGE_LABELS: Record<AssetStage, string> = {
  preparing: 'In Vorbereitung',
  review: 'In Prüfung',
  approved: 'Freigegeben',
  declined: 'Abgelehnt',
  primary: 'Finanzierungsphase',
  secondary: 'Handel',
};

export const STAGE_TONES: Record<AssetStage, 'neutral' | 'info' | 'warn' | 'bad' | 'ok'> = {
  preparing: 'neutral',
  review: 'warn',
  approved: 'info',
  declined: 'bad',
  primary: 'ok',
  secondary: 'ok',
};

export const ACTION_LABELS: Record<AssetLifecycleAction, string> = {
  submitForReview: 'Zur Prüfung einreichen',
  approve: 'Freigeben',
  decline: 'Ablehnen',
  rework: 'Zurück in Vorbereitung',
  publish: 'Veröffentlichen',
  endFinancingPhase: 'Finanzierungsphase beenden',
};
