import { STAFF_ROLES, STAFF_STATUSES, type StaffRole, TOTP_DIGITS } from '@bw/domain';
import { z } from 'zod';
import { emailAddress } from '../auth.js';

export const staffRole = z.enum(STAFF_ROLES);

/** How the back office names the roles (German, issue 21). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  operator: 'Betrieb',
  compliance: 'Compliance',
  support: 'Support',
  auditor: 'Prüfung (nur lesen)',
};
export const staffStatus = z.enum(STAFF_STATUSES);

export const staffView = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: staffRole,
  status: staffStatus,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffView = z.infer<typeof staffView>;

export const totpCode = z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `Der Code hat ${TOTP_DIGITS} Ziffern.`);

export const staffLoginBody = z.strictObject({
  email: emailAddress,
  password: z.string().min(1).max(128),
  code: totpCode,
});

/** The live staff session; `csrfToken` goes into `x-staff-csrf-token` of every change. */
export const staffSession = z.object({
  staff: staffView,
  csrfToken: z.string(),
  expiresAt: z.string(),
  idleTimeoutMs: z.number().int(),
});
export type StaffSession = z.infer<typeof staffSession>;

export const inviteStaffBody = z.strictObject({
  email: emailAddress,
  displayName: z.string().trim().min(2).max(120),
  role: staffRole,
});

/** What an invitation creates: the link (also e-mailed) so the inviter can hand it over if mail is slow. */
export const staffInvited = z.object({ staff: staffView, invitationUrl: z.string() });
export type StaffInvitedView = z.infer<typeof staffInvited>;

export const updateStaffBody = z.strictObject({
  role: staffRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

export const invitationTokenParams = z.object({ token: z.string().min(16).max(128) });

/** An open invitation as its recipient sees it: who, and the TOTP secret to scan. */
export const invitationView = z.object({
  email: z.string(),
  displayName: z.string(),
  role: staffRole,
  otpauthUri: z.string(),
  totpSecret: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

export const acceptInvitationBody = z.strictObject({
  password: z.string().min(1).max(128),
  code: totpCode,
});
