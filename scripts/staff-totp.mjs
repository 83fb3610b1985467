#!/usr/bin/env node
/**
 * The current TOTP code of a (demo) secret, for a person without an authenticator app at hand:
 *   node scripts/staff-totp.mjs --secret <base32 secret from data/demo/backoffice-staff.json>
 */
import { parseArgs } from 'node:util';
import { generate } from 'otplib';

const USAGE = `Prints the current six-digit code of a back-office staff member's second factor (TOTP).

Usage:
  node scripts/staff-totp.mjs --secret <base32 secret>

Options:
  --secret <secret>  the staff member's TOTP secret; the demo's are in data/demo/backoffice-staff.json
  -h, --help         shows this help
`;

/** @type {{ secret?: string; help?: boolean }} */
let values;
try {
  ({ values } = parseArgs({ options: { secret: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  console.error(`staff-totp: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.secret) {
  console.error(`staff-totp: needs --secret\n\n${USAGE}`);
  process.exit(2);
}
const seconds = Math.floor(Date.now() / 1000);
try {
  console.log(`${await generate({ secret: values.secret })} (valid for ${30 - (seconds % 30)} more seconds)`);
} catch (error) {
  console.error(`staff-totp: not a TOTP secret (${error instanceof Error ? error.message : String(error)})`);
  process.exit(1);
}
