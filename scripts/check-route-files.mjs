// Part of `npm run check`: fails when a route file reaches ROUTE_FILE_LINE_LIMIT lines (ADR 0016).

import { oversizedRouteFiles, ROUTE_FILE_LINE_LIMIT, routeFiles } from './lib/route-files.mjs';
import { ROOT } from './lib/web-build.mjs';

const oversized = oversizedRouteFiles(ROOT);
if (oversized.length > 0) {
  process.stderr.write(
    `Route files must stay under ${ROUTE_FILE_LINE_LIMIT} lines: split them by use case (routes/<use-case>.routes.ts, ADR 0016):\n${oversized
      .map(({ file, lines }) => `  ${file}: ${lines} lines`)
      .join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`route files: ${routeFiles(ROOT).length} under ${ROUTE_FILE_LINE_LIMIT} lines\n`);
