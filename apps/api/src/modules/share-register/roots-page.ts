import { createHash } from 'node:crypto';
import type { SignedTreeHead } from '@bw/register';

/**
 * The public page of the register's roots (issue 39, ADR 0044): every asset's latest signed root,
 * the platform key to check them with, and links to each root file and the open verifier. Plain
 * HTML without script; its one style block is pinned by hash in the page's own policy.
 */
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b2733;background:#f6f7f9}
main{max-width:1100px;margin:0 auto;padding:24px 16px}
h1{font-size:1.6rem;margin:0 0 8px}
p{line-height:1.5;max-width:70ch}
.key{background:#fff;border:1px solid #d8dde3;border-radius:8px;padding:12px 16px;margin:16px 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.82rem;word-break:break-all}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d8dde3;border-radius:8px}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e6e9ed;vertical-align:top}
th{font-size:.85rem;color:#52606d}
@media (max-width:700px){table,thead,tbody,tr,th,td{display:block}thead{display:none}
tr{border-bottom:1px solid #d8dde3;padding:8px 0}td{border:0;padding:4px 12px}
td::before{content:attr(data-label);display:block;font-size:.75rem;color:#52606d}}
a{color:#0b5cad}`;

const styleHash = createHash('sha256').update(STYLE).digest('base64');

/** The page's own Content-Security-Policy: no script, no connection, only its pinned style. */
export const ROOTS_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const germanTime = (iso: string): string =>
  new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Vienna' }).format(
    new Date(iso),
  );

export const registerRootsPage = (input: {
  platformKey: { keyId: string; publicKey: string };
  roots: readonly SignedTreeHead[];
  titles: ReadonlyMap<string, string>;
}): string => {
  const rows = input.roots
    .map((root) => {
      const file = `/api/v1/register/roots/${encodeURIComponent(root.assetId)}/${root.treeSize}`;
      const all = `/api/v1/register/roots?assetId=${encodeURIComponent(root.assetId)}`;
      return `<tr data-testid="register-root-row">
<td data-label="Objekt">${escapeHtml(input.titles.get(root.assetId) ?? root.assetId)}<br><code>${escapeHtml(root.assetId)}</code></td>
<td data-label="Einträge">${root.treeSize}</td>
<td data-label="Veröffentlicht">${escapeHtml(germanTime(root.timestamp))}</td>
<td data-label="Wurzel (SHA-256)"><code>${escapeHtml(root.rootHash)}</code></td>
<td data-label="Dateien"><a href="${escapeHtml(file)}" download>Wurzel herunterladen</a><br><a href="${escapeHtml(all)}">alle Wurzeln (JSON)</a></td>
</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Anteilsregister – veröffentlichte Wurzeln</title><style>${STYLE}</style></head>
<body><main>
<h1>Anteilsregister: veröffentlichte Wurzeln</h1>
<p>Jede Bewegung von Anteilen wird in das Register des Objekts eingetragen. Einmal am Tag veröffentlichen wir für jedes Objekt die Wurzel seines Merkle-Baums, signiert mit dem Schlüssel der Plattform. Mit deinem Registernachweis aus „Mein Investment“ und dem <a href="/share-register/verify">Prüfprogramm</a> kannst du selbst nachrechnen, dass deine Einträge in dieser Wurzel enthalten sind. Namen, IBANs und Geldbeträge stehen nicht im Register.</p>
<div class="key" data-testid="register-platform-key"><strong>Schlüssel der Plattform</strong><br>
Kennung (SHA-256): <code>${escapeHtml(input.platformKey.keyId)}</code><br>
Öffentlicher Schlüssel (Ed25519, base64url): <code>${escapeHtml(input.platformKey.publicKey)}</code></div>
${
  input.roots.length === 0
    ? '<p data-testid="register-roots-empty">Es wurde noch keine Wurzel veröffentlicht.</p>'
    : `<table><thead><tr><th>Objekt</th><th>Einträge</th><th>Veröffentlicht</th><th>Wurzel (SHA-256)</th><th>Dateien</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
}
</main></body></html>`;
};
