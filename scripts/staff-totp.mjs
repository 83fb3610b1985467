#!/usr/bin/env node
/**
 * The current TOTP code of a (demo) secret, for a person without an authenticator app at hand:
 *   node scripts/staff-totp.mjs --secret <base32 secret from data/demo/backoffice-staff.json>
 */
import { parseArgs } from 'node:util';
import { generate } from 'otplib';

const { values } = parseArgs({ options: { secret: { type: 'string' } } });
if (!values.secret) {
  console.error('staff-totp: needs --secret');
  process.exit(1);
}
const seconds = Math.floor(Date.now() / 1000);
console.log(`${await generate({ secret: values.secret })} (valid for ${30 - (seconds % 30)} more seconds)`);
