// `npm run register:build-page`: the browser verifier of the share register (ADR 0044) as one
// self-contained HTML file, packages/register/verifier/verify.html. Script and style are inline and
// pinned by their SHA-256 in the page's Content-Security-Policy, which also forbids every network
// connection: the page checks a proof without calling any server, served or saved to disk alike.
// The file is committed (the API serves it, investors may keep a copy); a unit test fails when it
// is stale.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = path.join(ROOT, 'packages/register/src/page');
export const VERIFIER_PAGE_FILE = path.join(ROOT, 'packages/register/verifier/verify.html');

const cspHash = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The page's HTML text, built from packages/register/src/page. */
export const buildRegisterVerifierPage = async () => {
  const bundle = await build({
    entryPoints: [path.join(PAGE, 'main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  });
  // `</script` inside the bundle would end the inline element early.
  const script = bundle.outputFiles[0].text.trim().replaceAll('</script', '<\\/script');
  const style = fs.readFileSync(path.join(PAGE, 'style.css'), 'utf8').trim();
  const template = fs.readFileSync(path.join(PAGE, 'template.html'), 'utf8');
  return template
    .replace('__SCRIPT_HASH__', cspHash(script))
    .replace('__STYLE_HASH__', cspHash(style))
    .replace('/*__STYLE__*/', () => style)
    .replace('/*__SCRIPT__*/', () => script);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const html = await buildRegisterVerifierPage();
  fs.mkdirSync(path.dirname(VERIFIER_PAGE_FILE), { recursive: true });
  fs.writeFileSync(VERIFIER_PAGE_FILE, html);
  process.stdout.write(
    `register verifier page: ${path.relative(ROOT, VERIFIER_PAGE_FILE)} (${Math.round(html.length / 1024)} KiB)\n`,
  );
}
