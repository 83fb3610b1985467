import { STAFF_ROLES, type StaffRole } from '@bw/domain';

/**
 * The one permission table of the admin API (issue 21, ADR 0019): every admin route, keyed
 * `METHOD path` exactly as registered, with the staff roles that may call it. The server guards
 * each route with it (a route under `/admin/api/` missing here stops the start,
 * `registerAdminGuards`), the back-office web shows a screen or a button only when the table
 * allows its call (`staffCan`), and the permission test walks it: a guest gets 401, an investor
 * and every other role 403. The auditor reads and never writes.
 */
const ALL: readonly StaffRole[] = STAFF_ROLES;
const OVERSIGHT: readonly StaffRole[] = ['operator', 'compliance', 'auditor'];
const ASSET_TEAM: readonly StaffRole[] = ['operator', 'compliance'];
const READ_ASSETS: readonly StaffRole[] = ['operator', 'compliance', 'auditor'];
const READ_INVESTORS: readonly StaffRole[] = ['operator', 'compliance', 'support', 'auditor'];
const OPERATOR: readonly StaffRole[] = ['operator'];
const KYC: readonly StaffRole[] = ['compliance'];
const LOCKERS: readonly StaffRole[] = ['operator', 'compliance', 'support'];
const UNLOCKERS: readonly StaffRole[] = ['operator', 'compliance'];
const KYC_READERS: readonly StaffRole[] = ['operator', 'compliance', 'auditor'];
const MODERATORS: readonly StaffRole[] = ['operator', 'compliance', 'support'];
const READ_MODERATION: readonly StaffRole[] = ['operator', 'compliance', 'support', 'auditor'];

export const adminPermissions = {
  // Session and staff
  'GET /admin/api/v1/session': ALL,
  'DELETE /admin/api/v1/session': ALL,
  'GET /admin/api/v1/staff': OVERSIGHT,
  'POST /admin/api/v1/staff': OPERATOR,
  'PATCH /admin/api/v1/staff/:id': OPERATOR,
  'POST /admin/api/v1/staff/:id/invitation': OPERATOR,
  // Assets, templates and their lifecycle (four eyes)
  'GET /admin/api/v1/assets': READ_ASSETS,
  'POST /admin/api/v1/assets': ASSET_TEAM,
  'GET /admin/api/v1/assets/:id': READ_ASSETS,
  'PUT /admin/api/v1/assets/:id': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/lifecycle': ASSET_TEAM,
  'PUT /admin/api/v1/assets/:id/ranking': ASSET_TEAM,
  'PUT /admin/api/v1/assets/:id/financing-end': ASSET_TEAM,
  'GET /admin/api/v1/assets/:id/images/:fileId': READ_ASSETS,
  'POST /admin/api/v1/assets/:id/images': ASSET_TEAM,
  'DELETE /admin/api/v1/assets/:id/images/:fileId': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/documents': ASSET_TEAM,
  'DELETE /admin/api/v1/assets/:id/documents/:fileId': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/records': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/notary-dates': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/outside-placements': OPERATOR,
  'POST /admin/api/v1/assets/:id/history': ASSET_TEAM,
  'GET /admin/api/v1/asset-templates': READ_ASSETS,
  'POST /admin/api/v1/asset-templates': ASSET_TEAM,
  'PUT /admin/api/v1/asset-templates/:id': ASSET_TEAM,
  // Investors and identification (KYC)
  'GET /admin/api/v1/investors': READ_INVESTORS,
  'GET /admin/api/v1/investors/:id': READ_INVESTORS,
  'GET /admin/api/v1/investors/:id/complianceLogs': READ_INVESTORS,
  'GET /admin/api/v1/investors/:id/savingsPlans': READ_INVESTORS,
  'GET /admin/api/v1/investors/:id/autoInvest': READ_INVESTORS,
  'POST /admin/api/v1/investors/:id/lock': LOCKERS,
  'POST /admin/api/v1/investors/:id/unlock': UNLOCKERS,
  'POST /admin/api/v1/investors/:id/emails': LOCKERS,
  'POST /admin/api/v1/investors/:id/messages': LOCKERS,
  'GET /admin/api/v1/identifications/review': KYC_READERS,
  'POST /admin/api/v1/identifications/:id/decision': KYC,
  'GET /admin/api/v1/identifications/:id/documents/:documentId': KYC_READERS,
  // Support queue (issue 23): the support team and operators answer, oversight reads
  'GET /admin/api/v1/support/requests': ['support', 'operator', 'compliance', 'auditor'],
  'POST /admin/api/v1/support/requests/:id/answer': ['support', 'operator'],
  'GET /admin/api/v1/files/:fileId': ['support', 'operator', 'compliance', 'auditor'],
  // Dashboard
  'GET /admin/api/v1/dashboard': OVERSIGHT,
  // Partners (white label)
  'GET /admin/api/v1/partners': READ_ASSETS,
  'POST /admin/api/v1/partners': OPERATOR,
  'PUT /admin/api/v1/partners/:appId': OPERATOR,
  // Bonus codes and campaigns
  'GET /admin/api/v1/bonus-codes': READ_ASSETS,
  'POST /admin/api/v1/bonus-codes': OPERATOR,
  'POST /admin/api/v1/bonus-codes/:code/disable': OPERATOR,
  'GET /admin/api/v1/bonus-codes/:code/redemptions': READ_ASSETS,
  'GET /admin/api/v1/bonus-campaigns': READ_ASSETS,
  'POST /admin/api/v1/bonus-campaigns': OPERATOR,
  'POST /admin/api/v1/bonus-campaigns/:id/disable': OPERATOR,
  'POST /admin/api/v1/bonus-campaigns/:id/settle': OPERATOR,
  // Affiliates
  'GET /admin/api/v1/affiliates': READ_ASSETS,
  'POST /admin/api/v1/affiliates': OPERATOR,
  // Money: corrections and reconciliation
  'GET /admin/api/v1/corrections': OVERSIGHT,
  'POST /admin/api/v1/corrections': OPERATOR,
  'GET /admin/api/v1/reconciliation': OVERSIGHT,
  'GET /admin/api/v1/payouts/review': OVERSIGHT,
  'POST /admin/api/v1/payouts/:id/decision': ASSET_TEAM,
  'GET /admin/api/v1/payouts/threshold': OVERSIGHT,
  'PUT /admin/api/v1/payouts/threshold': OPERATOR,
  'GET /admin/api/v1/bank-wires': OVERSIGHT,
  'GET /admin/api/v1/provider-reconciliation-cases': OVERSIGHT,
  'POST /admin/api/v1/provider-reconciliation-cases/:id/resolve': OPERATOR,
  'POST /admin/api/v1/bank-wires/:id/events': ASSET_TEAM,
  // Income and distributions (issue 22): operators move money, oversight reads
  'GET /admin/api/v1/assets/:id/distributions': OVERSIGHT,
  'POST /admin/api/v1/assets/:id/incomes': OPERATOR,
  'POST /admin/api/v1/assets/:id/incomes/:incomeId/documents': OPERATOR,
  'GET /admin/api/v1/assets/:id/incomes/:incomeId/documents/:fileId': OVERSIGHT,
  'POST /admin/api/v1/assets/:id/distributions': OPERATOR,
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/submit': OPERATOR,
  // Four eyes on a run (issue 35): an operator submits, a second person of the asset team approves.
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/approve': ASSET_TEAM,
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/decline': ASSET_TEAM,
  // Share register (issue 39): holders beside the ledger, the issuer's shareholder register
  'GET /admin/api/v1/assets/:id/register': OVERSIGHT,
  'GET /admin/api/v1/assets/:id/register/export': OVERSIGHT,
  'GET /admin/api/v1/assets/:id/register/log': OVERSIGHT,
  // Forum moderation (issue 24): complaints queue, hide or restore a message with a reason
  'GET /admin/api/v1/forum/complaints': READ_MODERATION,
  'POST /admin/api/v1/forum/messages/:id/hide': MODERATORS,
  'POST /admin/api/v1/forum/messages/:id/restore': MODERATORS,
  // Audit log
  'GET /admin/api/v1/audit': OVERSIGHT,
  'GET /admin/api/v1/audit/export': OVERSIGHT,
} as const satisfies Record<string, readonly StaffRole[]>;

export type AdminRouteKey = keyof typeof adminPermissions;

/** Admin routes anyone may call: they open a session or finish an invitation, nothing else. */
export const publicAdminRoutes = [
  'POST /admin/api/v1/session',
  'GET /admin/api/v1/invitations/:token',
  'POST /admin/api/v1/invitations/:token/accept',
] as const;

export const rolesFor = (key: string): readonly StaffRole[] | undefined =>
  Object.hasOwn(adminPermissions, key) ? adminPermissions[key as AdminRouteKey] : undefined;

export const isPublicAdminRoute = (key: string): boolean => (publicAdminRoutes as readonly string[]).includes(key);

export const isChangingMethod = (method: string): boolean => method !== 'GET' && method !== 'HEAD';

/** Whether `role` may call the admin route `key` (the web hides what the server would refuse). */
export const staffCan = (role: StaffRole, key: AdminRouteKey): boolean =>
  (adminPermissions[key] as readonly StaffRole[]).includes(role);
