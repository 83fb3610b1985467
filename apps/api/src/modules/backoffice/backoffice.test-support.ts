import { STAFF_CSRF_HEADER } from '@bw/contracts';
import { auditLog } from '@bw/db';
import type { StaffRole } from '@bw/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { systemActor } from '../../platform/audit.js';
import { cookieHeaderOf } from '../auth/auth.test-support.js';
import { acceptInvitation } from '../staff/operations/accept-invitation.js';
import { inviteStaff } from '../staff/operations/invite-staff.js';

export const STAFF_TEST_PASSWORD = 'Back-Office-Test-2026';

export type StaffLoggedIn = {
  staffId: string;
  email: string;
  role: StaffRole;
  totpSecret: string;
  /** Pass as `headers` to `app.inject` for a logged-in, CSRF-protected admin call. */
  headers: { cookie: string; [STAFF_CSRF_HEADER]: string };
};

let counter = 0;

/** The current TOTP code of a secret, optionally `offsetSeconds` away from now. */
export const totpNow = (secret: string, offsetSeconds = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * A staff member of `role`, invited and accepted through the real operations and logged in
 * through the real login call (password + TOTP). For the back office's integration tests.
 */
export const createStaffSession = async (app: FastifyInstance, role: StaffRole): Promise<StaffLoggedIn> => {
  counter += 1;
  const email = `staff-${role}-${process.pid}-${Date.now()}-${counter}@operator.example`;
  const totpSecret = generateSecret();
  const deps = { db: app.db, outbox: app.outbox, config: app.config };
  const invited = await inviteStaff(deps, systemActor('test'), {
    email,
    displayName: `Test ${role}`,
    role,
    totpSecret,
  });
  const token = decodeURIComponent(invited.invitationUrl.split('/').at(-1) ?? '');
  // The accepting code is the previous step's, so the login below may use the current one.
  await acceptInvitation(
    app.db,
    app.config,
    { token, password: STAFF_TEST_PASSWORD, code: await totpNow(totpSecret, -30) },
    new Date(),
  );
  const login = await app.inject({
    method: 'POST',
    url: '/admin/api/v1/session',
    payload: { email, password: STAFF_TEST_PASSWORD, code: await totpNow(totpSecret) },
    remoteAddress: `10.200.${(counter >> 8) & 255}.${counter & 255}`,
  });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  return {
    staffId: invited.staff.id,
    email,
    role,
    totpSecret,
    headers: { cookie: cookieHeaderOf(login), [STAFF_CSRF_HEADER]: login.json().data.csrfToken as string },
  };
};

/** The newest audit rows of a staff member (searched through the admin API's own tables). */
export const auditActionsOf = async (app: FastifyInstance, staffId: string): Promise<string[]> => {
  const rows = await app.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.staffId, staffId))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.action);
};

/** A partner as the back office creates one, with its own app id and web address. */
export const newPartner = (appId: string) => ({
  appId,
  partnerId: appId,
  name: 'Ziegelwerk Invest',
  colors: {
    brand: '#0f766e',
    primary: '#0f172a',
    systemSuccess: '#15803d',
    systemError: '#b91c1c',
    highlight: '#f59e0b',
    navy100: '#f1f5f9',
    navy300: '#cbd5e1',
    navy500: '#64748b',
    navy700: '#334155',
    navy900: '#0f172a',
    ctaLabel: '#ffffff',
  },
  appIcon: '/static/partners/brickwise.svg',
  featureFlags: {
    introSlidesSignUp: true,
    partnerSelectionPage: false,
    referral: true,
    liking: true,
    easter: false,
    bonusCodes: true,
    partialEmission: false,
    enableChart: true,
    marketingConsent: true,
    copyMe: false,
  },
  introSlides: [],
  webAppURL: `https://${appId}.example`,
  imprint: 'Ziegelwerk Invest GmbH, Wien',
  supportEmail: 'hilfe@ziegelwerk.example',
  supportPhone: '',
  appURL: `https://app.${appId}.example`,
  domainUriPrefix: `https://${appId}.example/l`,
  androidPackageName: 'at.ziegelwerk.app',
  iosBundleId: 'at.ziegelwerk.app',
  appStoreId: '1600000099',
  transactionFeeBps: 150,
  brokerageFeeBps: null,
});
