import type { AssetLifecycleAction } from '@bw/domain';

/** The asset's lifecycle steps as done (the log says what happened; the buttons say what to do). */
const LIFECYCLE_DONE: Readonly<Record<AssetLifecycleAction, string>> = {
  submitForReview: 'Zur Prüfung eingereicht',
  approve: 'Freigegeben',
  decline: 'Abgelehnt',
  rework: 'Zurück in Vorbereitung',
  publish: 'Veröffentlicht',
  endFinancingPhase: 'Finanzierungsphase beendet',
};
const ASSET_LIFECYCLE_LOG = Object.fromEntries(
  Object.entries(LIFECYCLE_DONE).map(([action, label]) => [`asset.${action}`, label]),
);

/**
 * The German name of each audit action (issue 34): staff read "Anmeldung", not `staff.login`. The
 * code stays in the row's details and in the filter. `audit-actions.test.ts` checks that every
 * action the API writes has a name here.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'affiliate.create': 'Affiliate-Partner angelegt',
  'asset.create': 'Objekt angelegt',
  'asset.update': 'Objekt geändert',
  'asset.document.add': 'Dokument hinzugefügt',
  'asset.document.remove': 'Dokument entfernt',
  'asset.image.add': 'Bild hinzugefügt',
  'asset.image.remove': 'Bild entfernt',
  'asset.financing.extend': 'Finanzierungsphase verlängert',
  'asset.history.import': 'Historie übernommen',
  'asset.notaryDate.add': 'Notartermin angelegt',
  'asset.outsidePlacement': 'Platzierung außerhalb der Plattform',
  'asset.ranking': 'Ranking geändert',
  'asset.record.add': 'Bericht hinzugefügt',
  ...ASSET_LIFECYCLE_LOG,
  'assetTemplate.create': 'Vorlage angelegt',
  'assetTemplate.update': 'Vorlage geändert',
  'bonusCampaign.create': 'Bonus-Aktion angelegt',
  'bonusCampaign.disable': 'Bonus-Aktion beendet',
  'bonusCampaign.settle': 'Bonus-Aktion ausgezahlt',
  'bonusCode.create': 'Bonus-Code angelegt',
  'bonusCode.disable': 'Bonus-Code deaktiviert',
  'dataExport.download': 'Datenexport heruntergeladen',
  'dataExport.request': 'Datenexport angefordert',
  'distributions.income.document': 'Beleg zur Einnahme hochgeladen',
  'distributions.income.record': 'Einnahme erfasst',
  'distributions.run': 'Ausschüttung durchgeführt',
  'distributions.proposal.propose': 'Ausschüttung vorgeschlagen',
  'distributions.proposal.submit': 'Ausschüttung zur Freigabe vorgelegt',
  'distributions.proposal.approve': 'Ausschüttung freigegeben',
  'distributions.proposal.decline': 'Ausschüttungsvorschlag abgelehnt',
  'forum.message.hide': 'Forumsbeitrag ausgeblendet',
  'forum.message.restore': 'Forumsbeitrag wieder eingeblendet',
  'identification.approve': 'Identifizierung bestätigt',
  'identification.decline': 'Identifizierung abgelehnt',
  'identification.document.view': 'Ausweisdokument angesehen',
  'investor.email.identificationResult': 'E-Mail zum Ergebnis der Identifizierung erneut gesendet',
  'investor.email.verification': 'Bestätigungs-E-Mail erneut gesendet',
  'investor.lock': 'Investor gesperrt',
  'investor.message': 'Nachricht an den Investor gesendet',
  'investor.unlock': 'Investor entsperrt',
  'ledger.correction': 'Buchungskorrektur',
  'partner.create': 'Partner angelegt',
  'partner.update': 'Partner geändert',
  'payout.release': 'Auszahlung freigegeben',
  'payout.reject': 'Auszahlung abgelehnt',
  'payout.threshold': 'Freigabeschwelle für Auszahlungen geändert',
  'reconciliation_case.resolve': 'Abstimmungsfall geklärt',
  'purchase.paymentReceived': 'Überweisung zum Kauf eingegangen',
  'purchase.notaryDocumentsReceived': 'Notarunterlagen eingegangen',
  'staff.invite': 'Person eingeladen',
  'staff.invitation.accept': 'Einladung angenommen',
  'staff.invitation.resend': 'Einladung erneut gesendet',
  'staff.login': 'Anmeldung',
  'staff.logout': 'Abmeldung',
  'staff.update': 'Rolle oder Sperre geändert',
  'support.answer': 'Support-Anfrage beantwortet',
};

/** The German name of an action; an action without one shows its code. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** The German name of what an action is about. */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  affiliate: 'Affiliate-Partner',
  asset: 'Objekt',
  assetTemplate: 'Vorlage',
  bonusCampaign: 'Bonus-Aktion',
  bonusCode: 'Bonus-Code',
  forum_message: 'Forumsbeitrag',
  identification: 'Identifizierung',
  asset_income: 'Einnahme',
  distribution_proposal: 'Ausschüttungsvorschlag',
  investor: 'Investor',
  partner: 'Partner',
  reconciliation_case: 'Abstimmungsfall',
  setting: 'Einstellung',
  staff: 'Person im Back Office',
  support_request: 'Support-Anfrage',
  transaction: 'Transaktion',
};

export const auditTargetLabel = (targetType: string): string => AUDIT_TARGET_LABELS[targetType] ?? targetType;
