#!/usr/bin/env node
/**
 * No API path literal in the web app (issue 36, ADR 0037 addendum): apps/web/src calls the API
 * through the operations of the generated client (`@bw/api-client/operations`), so `tsc` checks
 * every path, parameter and body. A string or template literal that starts like an API path
 * (`/api/v…`, `/admin/api/`, `/launchpad/api/`, `/auth/`) fails `npm run check`; comments are not
 * literals and test files may assert the URLs that go over the wire.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_SOURCE = 'apps/web/src';

/** What an API path looks like at the start of a literal. */
export const API_PATH = /^\/(?:api\/v\d|admin\/api\/|launchpad\/api\/|auth\/)/;

/**
 * Files allowed a literal, each with its reason. Only routes that the production document (and so
 * the generated client) does not have belong here.
 */
export const ALLOWED = new Map([
  [
    'apps/web/src/features/dev-mailbox/api/get-dev-mailbox.ts',
    'a development-only route, not in the production document',
  ],
]);

const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.includes('/src/test/');

/** The API path literals of one source text: `{ line, text }` for each. */
export const apiPathLiterals = (fileName, source) => {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    let text = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text;
    if (text !== null && API_PATH.test(text)) {
      found.push({ line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
};

const sourceFiles = (dir) =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !isTestFile(relative) ? [relative] : [];
  });

/** Every API path literal under `dir` outside the allowed files, as `file:line text`. */
export const findApiPathLiterals = (dir = WEB_SOURCE) =>
  sourceFiles(dir)
    .filter((file) => !ALLOWED.has(file))
    .flatMap((file) =>
      apiPathLiterals(file, fs.readFileSync(path.join(ROOT, file), 'utf8')).map(
        ({ line, text }) => `${file}:${line} ${text}`,
      ),
    );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findApiPathLiterals(process.argv[2] ?? WEB_SOURCE);
  if (found.length > 0) {
    process.stderr.write(
      `API path literals (call the API through @bw/api-client/operations and urlOf, ADR 0037):\n${found.join('\n')}\n`,
    );
    process.exit(1);
  }
}
