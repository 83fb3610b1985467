// Copies the built web app (apps/web/dist) into apps/native/www, the folder `cap sync` packages.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../web/dist');
const www = path.resolve(here, '../www');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  process.stderr.write('apps/web/dist is missing: run `npm run build -w apps/web` first.\n');
  process.exit(1);
}
fs.rmSync(www, { recursive: true, force: true });
fs.cpSync(dist, www, {
  recursive: true,
  // The precompressed copies are for the HTTP server only; the back office is not part of the app.
  filter: (source) => !/\.(br|gz)$/.test(source) && !source.endsWith('backoffice.html'),
});
process.stdout.write(`www: copied from ${path.relative(process.cwd(), dist)}\n`);
