import { migrate } from '@bw/db';
import type { StaffRole } from '@bw/domain';
import { openConfiguredDatabase } from '../../app.js';
import { loadConfig } from '../../config.js';
import { coreJobs } from '../../jobs/index.js';
import { createOutbox } from '../../jobs/outbox.js';
import { createJobRegistry } from '../../jobs/registry.js';
import { systemActor } from '../../platform/audit.js';
import { inviteStaff } from './operations/invite-staff.js';

/**
 * `npm run staff:create -- --email … --role operator [--name …]` (scripts/staff-create.mjs): the
 * first operator of a fresh install, or anyone when nobody can log in. Invites through the same
 * operation as the back office (audited as `system:staff-create`); the invitation e-mail is queued
 * in the outbox and the link is printed. With the embedded PGlite default, stop the server first.
 */
export const runCreateStaff = async (input: {
  email: string;
  role: StaffRole;
  displayName: string;
}): Promise<string> => {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database.db);
    const outbox = createOutbox(createJobRegistry(coreJobs));
    const invited = await inviteStaff({ db: database.db, outbox, config }, systemActor('staff-create'), input);
    return `${invited.staff.displayName} <${invited.staff.email}> invited as ${invited.staff.role}.\nInvitation link (valid 72 hours, once):\n${invited.invitationUrl}`;
  } finally {
    await database.close();
  }
};
