import { z } from 'zod';
import { financialAdvisorView } from './registration.js';

/** Issue 20: the settings, the documents list, account deletion and the remaining user calls (spec section 7). */

/** `PUT /api/v2/user/analytics {analytics}`: consent to usage analytics. */
export const updateAnalyticsBody = z.strictObject({ analytics: z.boolean() });
export type UpdateAnalyticsBody = z.infer<typeof updateAnalyticsBody>;

export const accountDeletionView = z.object({
  status: z.enum(['requested', 'confirmed']),
  /** When the job deletes the account (ISO), once confirmed. */
  executeAfter: z.string().nullable(),
});
export type AccountDeletionView = z.infer<typeof accountDeletionView>;

/** `GET /api/v2/user/settings`: what the settings screen shows beyond `GET /api/v1/user`. */
export const userSettingsView = z.object({
  analytics: z.boolean().nullable(),
  financialAdvisor: financialAdvisorView.nullable(),
  deletion: accountDeletionView.nullable(),
});
export type UserSettingsView = z.infer<typeof userSettingsView>;

export const userDocumentKinds = ['agreement', 'taxStatement'] as const;
/** One document the user signed or received; `url` downloads it with the session. */
export const userDocument = z.object({
  id: z.string(),
  kind: z.enum(userDocumentKinds),
  title: z.string(),
  /** When it was signed or issued (ISO). */
  date: z.string(),
  url: z.string(),
});
export type UserDocument = z.infer<typeof userDocument>;
export const userDocumentList = z.object({ documents: z.array(userDocument) });
export type UserDocumentList = z.infer<typeof userDocumentList>;

/** `POST /api/v2/user/deletion/confirm {token}`: the link of the confirmation e-mail. */
export const confirmAccountDeletionBody = z.strictObject({ token: z.string().min(16).max(128) });

/** `POST /api/v1/user/firebaseId {firebaseId}`. */
export const firebaseIdBody = z.strictObject({ firebaseId: z.string().trim().min(1).max(512) });

const optionalId = z.string().trim().max(512).nullable().optional();
/** `POST /api/v1/user/advertisingId {advertisingId,appGoogleClientId,appFacebookId,userAgent}`. */
export const advertisingIdBody = z.strictObject({
  advertisingId: z.string().trim().min(1).max(512),
  appGoogleClientId: optionalId,
  appFacebookId: optionalId,
  userAgent: z.string().max(1024).nullable().optional(),
});

const jsonObject = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 8192, 'Zu viele Daten.');

/** `POST /api/v1/utils/analyticsEvent`: kept only with the user's consent. */
export const analyticsEventBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  properties: jsonObject.optional(),
});

/** `POST /api/v1/utils/complianceLog {action,deviceMetaData,timestamp}`. */
export const complianceLogBody = z.strictObject({
  action: z.string().trim().min(1).max(200),
  deviceMetaData: jsonObject,
  timestamp: z.iso.datetime({ offset: true }),
});

export const recordedView = z.object({ recorded: z.boolean() });

export const settingsErrors = {
  ACCOUNT_DELETION_HOLDINGS: { status: 409 },
  ACCOUNT_DELETION_OFFERS: { status: 409 },
  ACCOUNT_DELETION_MONEY: { status: 409 },
  ACCOUNT_DELETION_PENDING: { status: 409 },
  ACCOUNT_DELETION_LINK_INVALID: { status: 400 },
} as const;

/** `GET /api/v1/imprint/{partnerId}`: the partner's imprint and support contacts (issue 20; guests too). */
export const imprintParams = z.object({ partnerId: z.string().min(1).max(64) });
export const imprintView = z.object({
  name: z.string(),
  imprint: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
});
export type ImprintView = z.infer<typeof imprintView>;

/** `GET /admin/api/v1/investors/{id}/complianceLogs`: the investor's compliance log for the operator, newest first. */
export const complianceLogEntry = z.object({
  id: z.string(),
  action: z.string(),
  deviceMetaData: z.record(z.string(), z.unknown()),
  clientTimestamp: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type ComplianceLogEntry = z.infer<typeof complianceLogEntry>;

/**
 * "Meine Daten exportieren" (GDPR Art. 15 and 20, issue 39, ADR 0051): `POST /api/v1/user/dataExport`
 * requests a ZIP of every personal record, transaction and document; `GET /api/v1/user/dataExport`
 * shows the newest one. `downloadUrl` is set while the file is ready and not expired; it carries a
 * signed token for this investor only.
 */
export const dataExportView = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Section name to number of records or files in the ZIP, once ready. */
  sections: z.record(z.string(), z.number().int()).nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExportView = z.infer<typeof dataExportView>;
export const dataExportState = z.object({ export: dataExportView.nullable() });
export type DataExportState = z.infer<typeof dataExportState>;

/** `GET /api/v1/user/dataExport/download?token=`: the signed token of the inbox link. */
export const dataExportDownloadQuery = z.strictObject({ token: z.string().min(20).max(400) });

export const dataExportErrors = {
  DATA_EXPORT_NOT_FOUND: { status: 404 },
  DATA_EXPORT_NOT_READY: { status: 409 },
  DATA_EXPORT_EXPIRED: { status: 410 },
  DATA_EXPORT_LIMIT: { status: 429 },
} as const;
