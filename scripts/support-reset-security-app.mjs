#!/usr/bin/env node
/**
 * Operator command (spec section 4: support resets a lost security app):
 *   npm run support:reset-security-app -- --email anna@example.at --reason "Handy verloren, Identität per Rückruf geprüft" [--operator name]
 * Disconnects the user's security app without the recovery file and writes an audit row naming
 * the operator and the reason. Reads the same environment as the server (DATABASE_URL or DATA_DIR);
 * with the embedded database, stop the server first.
 */
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    reason: { type: 'string' },
    operator: { type: 'string', default: process.env.USER ?? 'operator' },
  },
});
if (!values.email || !values.reason) {
  console.error('support:reset-security-app: needs --email and --reason');
  process.exit(1);
}
const { runSupportReset } = await tsImport(
  '../apps/api/src/modules/security-app/support-reset-command.ts',
  import.meta.url,
);
try {
  console.log(await runSupportReset({ email: values.email, operator: values.operator, reason: values.reason }));
} catch (error) {
  console.error(`support:reset-security-app: ${error.code ?? ''} ${error.message}`);
  process.exit(1);
}
