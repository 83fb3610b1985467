#!/usr/bin/env node
// @ts-check
/**
 * The share register's command-line verifier (docs/register/verifying.md, ADR 0044). Checks an
 * investor's proof file, or an asset's whole log, with the same module as the browser page; it
 * calls no server.
 *
 *   npm run register:verify -- <file.json> [--root <root.json>] [--platform-key <base64url>] [--json] [--lang de|en]
 *   node --import tsx scripts/verify-register-proof.mjs <file.json> ...
 *
 * Exit code: 0 valid, 1 invalid, 2 usage error (no file, unreadable file).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { describeFailure, describePass, verifyRegisterFile } from '@bw/register';

/** @param {string} message */
const usage = (message) => {
  process.stderr.write(
    `verify-register-proof: ${message}\nusage: npm run register:verify -- <proof.json> [--root <root.json>] [--platform-key <base64url>] [--json] [--lang de|en]\n`,
  );
  process.exit(2);
};

/** @type {ReturnType<typeof parseArgs<{ allowPositionals: true, options: { root: { type: 'string' }, 'platform-key': { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' }, help: { type: 'boolean' } } }>>} */
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      'platform-key': { type: 'string' },
      json: { type: 'boolean' },
      lang: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
  throw error;
}
const { positionals, values } = parsed;
if (values.help) usage('checks a register proof file or log file against its signed roots');
const [file] = positionals;
if (file === undefined || positionals.length > 1) usage('give exactly one proof or log file');
const language = values.lang === 'de' ? 'de' : 'en';
if (values.lang !== undefined && values.lang !== 'de' && values.lang !== 'en') usage('--lang is de or en');

/** @param {string} name */
const read = (name) => {
  try {
    return fs.readFileSync(name, 'utf8');
  } catch {
    return usage(`cannot read ${name}`);
  }
};
const text = read(/** @type {string} */ (file));
const rootText = values.root === undefined ? undefined : read(values.root);
const result = verifyRegisterFile(text, {
  ...(rootText === undefined ? {} : { rootText }),
  ...(values['platform-key'] === undefined ? {} : { platformPublicKey: values['platform-key'] }),
});

if (values.json) {
  const report = {
    ...result,
    failures: result.failures.map((failure) => ({ ...failure, message: describeFailure(failure, language) })),
    passed: result.passed.map((pass) => ({ ...pass, message: describePass(pass, language) })),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  const lines = [`${result.kind === 'log' ? 'Register log' : 'Register proof'}: ${file}`];
  const summary = result.summary;
  if (result.kind === 'proof' && result.summary !== null) {
    const s = result.summary;
    lines.push(
      `  asset            ${s.assetId}`,
      `  holder           ${s.pseudonym} (user ${s.userId})`,
      `  shares           ${s.shares} after ${s.movements.length} entr${s.movements.length === 1 ? 'y' : 'ies'}`,
      `  latest root      size ${s.latestRoot.treeSize}, ${s.latestRoot.timestamp}`,
      `                   ${s.latestRoot.rootHash}`,
      `  roots            ${s.rootCount}`,
      `  platform key id  ${s.platformKeyId}`,
    );
  } else if (result.kind === 'log' && result.summary !== null) {
    const s = result.summary;
    lines.push(
      `  asset            ${s.assetId}`,
      `  entries          ${s.entries}, chain head ${s.headHash ?? '-'}`,
      `  holders          ${Object.keys(s.holdings).length} with shares`,
      `  roots            ${s.rootCount}${s.latestRoot === null ? '' : `, latest size ${s.latestRoot.treeSize} ${s.latestRoot.rootHash}`}`,
      `  platform key id  ${s.platformKeyId}`,
    );
  }
  if (summary !== null) lines.push('');
  for (const pass of result.passed) lines.push(`  ok    ${describePass(pass, language)}`);
  for (const failure of result.failures) lines.push(`  FAIL  ${describeFailure(failure, language)}`);
  lines.push('', result.ok ? 'VALID: every check passed.' : `INVALID: ${result.failures.length} check(s) failed.`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
process.exit(result.ok ? 0 : 1);
