import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_ROLES } from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { z } from 'zod';
import { acceptInvitation } from '../modules/staff/operations/accept-invitation.js';
import { inviteStaff, resendInvitation } from '../modules/staff/operations/invite-staff.js';
import { findStaffByEmail } from '../modules/staff/staff.repo.js';
import { newTotpSecret } from '../modules/staff/totp.js';
import { systemActor } from '../platform/audit.js';
import { readOrCreate } from './demo-files.js';
import { demoFilesDir } from './demo-mode.js';

const member = z.object({ email: z.email(), displayName: z.string(), role: z.enum(STAFF_ROLES) });
const staffContent = z.object({ password: z.string(), staff: z.array(member) });
const staffLogins = z.object({
  _comment: z.string(),
  password: z.string(),
  staff: z.array(member.extend({ totpSecret: z.string() })),
});
export type DemoStaff = z.infer<typeof staffLogins>;

const CONTENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content/backoffice-staff.json');
const TOTP_PERIOD_MS = 30_000;

/**
 * The demo staff's logins for the developer (README "Back office"): e-mail, password and a TOTP
 * secret made on the first seed of this data directory, in DATA_DIR/demo/backoffice-staff.json.
 */
export const demoStaffLogins = (dataDir: string): DemoStaff => {
  const content = staffContent.parse(JSON.parse(readFileSync(CONTENT, 'utf8')));
  return readOrCreate(path.join(demoFilesDir({ DATA_DIR: dataDir }), 'backoffice-staff.json'), staffLogins, () => ({
    _comment:
      'Demo staff of the back office (demo seed). Add a secret to an authenticator app, or print the current code with: node scripts/staff-totp.mjs --secret <secret>',
    password: content.password,
    staff: content.staff.map((person) => ({ ...person, totpSecret: newTotpSecret() })),
  }));
};

/**
 * The demo staff through the back office's own operations: invited, then the invitation accepted
 * with the secret of the logins file. The accepting code is the previous step's, so a person
 * logging in right after the start is not refused as a replay. Existing accounts are left alone.
 */
export const seedDemoStaff = async (app: FastifyInstance, now: Date = new Date()): Promise<void> => {
  const demo = demoStaffLogins(app.config.DATA_DIR);
  const deps = { db: app.db, outbox: app.outbox, config: app.config };
  for (const person of demo.staff) {
    const existing = await findStaffByEmail(app.db, person.email);
    if (existing && existing.status !== 'invited') continue;
    // Invited but not yet accepted (a start that stopped in between): a new link, then accepted.
    const invited = existing
      ? await resendInvitation(deps, systemActor('seed'), existing.id, now)
      : await inviteStaff(deps, systemActor('seed'), person, now);
    const token = decodeURIComponent(invited.invitationUrl.split('/').at(-1) ?? '');
    const epoch = Math.floor((now.getTime() - TOTP_PERIOD_MS) / 1000);
    const code = await generate({ secret: person.totpSecret, epoch });
    await acceptInvitation(app.db, app.config, { token, password: demo.password, code }, now);
    app.log.info({ email: person.email, role: person.role }, 'seed: demo staff member ready');
  }
};
