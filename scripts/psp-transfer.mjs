#!/usr/bin/env node
/**
 * Operator command: simulate an incoming SEPA transfer at the sandbox payment provider.
 *   npm run psp:transfer -- --iban AT.. --amount 100.00 --name "Anna Muster" --from-iban DE.. [--reference text]
 * Calls the development-only route of a running server (API_URL, default http://localhost:3000).
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    iban: { type: 'string' },
    amount: { type: 'string' },
    name: { type: 'string' },
    'from-iban': { type: 'string' },
    reference: { type: 'string', default: '' },
    'api-url': { type: 'string', default: process.env.API_URL ?? 'http://localhost:3000' },
  },
});

const fail = (message) => {
  console.error(`psp:transfer: ${message}`);
  process.exit(1);
};

if (!values.iban || !values.amount || !values.name || !values['from-iban']) {
  fail('needs --iban, --amount (e.g. 100.00), --name and --from-iban');
}
// Euros to cents as text, never through a float.
const match = values.amount.trim().match(/^(\d{1,15})(?:[.,](\d{1,2}))?$/);
if (!match) fail(`not a euro amount: ${values.amount}`);
const cents = (BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'))).toString();

const response = await fetch(new URL('/api/v1/dev/psp/transfer', values['api-url']), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    iban: values.iban,
    amount: cents,
    name: values.name,
    fromIban: values['from-iban'],
    reference: values.reference,
  }),
}).catch((error) => fail(`server not reachable at ${values['api-url']}: ${error.message}`));
const body = await response.json().catch(() => ({}));
if (!response.ok) fail(`${response.status} ${body?.error?.code ?? ''} ${body?.error?.message ?? ''}`);
console.log(
  `transfer ${body.data.transferId}: ${values.amount} EUR from ${values.name} to ${values.iban} (pending, settles after the sandbox delay)`,
);
