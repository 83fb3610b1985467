import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STAFF_ROLES } from '@bw/domain';
import type { FastifyBaseLogger } from 'fastify';
import { generate } from 'otplib';
import { z } from 'zod';
import { REPO_ROOT } from '../../config.js';
import { systemActor } from '../backoffice/audit.js';
import { acceptInvitation } from './operations/accept-invitation.js';
import { inviteStaff, type StaffDeps } from './operations/invite-staff.js';
import { findStaffByEmail } from './staff.repo.js';

const demoStaffFile = z.object({
  password: z.string(),
  staff: z.array(
    z.object({ email: z.email(), displayName: z.string(), role: z.enum(STAFF_ROLES), totpSecret: z.string() }),
  ),
});
export type DemoStaff = z.infer<typeof demoStaffFile>;

export const DEMO_STAFF_PATH = path.join(REPO_ROOT, 'demo/backoffice-staff.json');
export const readDemoStaff = (): DemoStaff => demoStaffFile.parse(JSON.parse(readFileSync(DEMO_STAFF_PATH, 'utf8')));

const TOTP_PERIOD_MS = 30_000;

/**
 * The demo staff (README, demo/backoffice-staff.json) through the back office's own operations:
 * invited, then the invitation accepted with the fixed TOTP secret. The accepting code is the
 * previous step's, so a person logging in right after the start is not refused as a replay.
 * Existing accounts are left alone.
 */
export const seedDemoStaff = async (deps: StaffDeps, log: FastifyBaseLogger, now: Date = new Date()): Promise<void> => {
  const demo = readDemoStaff();
  for (const member of demo.staff) {
    if (await findStaffByEmail(deps.db, member.email)) continue;
    const invited = await inviteStaff(deps, systemActor('seed'), member, now);
    const token = decodeURIComponent(invited.invitationUrl.split('/').at(-1) ?? '');
    const epoch = Math.floor((now.getTime() - TOTP_PERIOD_MS) / 1000);
    const code = await generate({ secret: member.totpSecret, epoch });
    await acceptInvitation(deps.db, deps.config, { token, password: demo.password, code }, now);
    log.info({ email: member.email, role: member.role }, 'demo staff member seeded');
  }
};
