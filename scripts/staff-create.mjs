#!/usr/bin/env node
/**
 * Operator command (issue 21, ADR 0019): invite a back-office staff member on a fresh install.
 *   npm run staff:create -- --email ops@example.at --role operator [--name "Olga Operator"]
 * Prints the invitation link (also e-mailed through the outbox). Reads the same environment as the
 * server (DATABASE_URL or DATA_DIR); with the embedded database, stop the server first.
 */
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const ROLES = ['operator', 'compliance', 'support', 'auditor'];
const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.role || !ROLES.includes(values.role)) {
  console.error(`staff:create: needs --email and --role (${ROLES.join(', ')}), optionally --name`);
  process.exit(1);
}
const { runCreateStaff } = await tsImport('../apps/api/src/modules/staff/create-staff-command.ts', import.meta.url);
try {
  const displayName = values.name ?? values.email.split('@')[0];
  console.log(await runCreateStaff({ email: values.email, role: values.role, displayName }));
} catch (error) {
  console.error(`staff:create: ${error.code ?? ''} ${error.message}`);
  process.exit(1);
}
