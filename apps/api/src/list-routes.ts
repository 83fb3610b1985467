import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatRouteTable, inspectApp, PRODUCTION_ROUTES_FILE, productionRouteTableConfig } from './route-table.js';

/** `npm run routes:list`: writes the production route table for review (ADR 0016). */
const { routes } = await inspectApp(productionRouteTableConfig());
const table = formatRouteTable(routes);
await writeFile(PRODUCTION_ROUTES_FILE, table);
process.stdout.write(
  `${fileURLToPath(PRODUCTION_ROUTES_FILE)}: ${table.split('\n').filter((line) => line && !line.startsWith('#')).length} routes\n`,
);
