import { migrate } from '@bw/db';
import { openConfiguredDatabase } from '../../app.js';
import { loadConfig } from '../../config.js';
import { resetSecurityApp } from './operations/disconnect-security-app.js';

/**
 * The operator command behind `npm run support:reset-security-app` (scripts/support-reset-security-app.mjs).
 * It opens the configured database directly: with the embedded PGlite default, stop the server first
 * (one process per data folder); with DATABASE_URL it runs beside the servers.
 */
export const runSupportReset = async (input: { email: string; operator: string; reason: string }): Promise<string> => {
  const database = await openConfiguredDatabase(loadConfig(process.env));
  try {
    await migrate(database.db);
    const result = await resetSecurityApp(database.db, input);
    return result.reset
      ? `security app of ${result.email} reset by ${input.operator}; the user can link a new one`
      : `${result.email} had no linked security app; the check is audited`;
  } finally {
    await database.close();
  }
};
