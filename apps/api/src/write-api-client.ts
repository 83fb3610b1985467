import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  API_CLIENT_OPERATIONS_DIR,
  API_CLIENT_OPERATIONS_FILE,
  API_CLIENT_OPERATIONS_TYPES_FILE,
  API_CLIENT_TYPES_FILE,
  productionOpenApiDocument,
  renderApiClientOperations,
  renderApiClientTypes,
} from './api-client-types.js';

/** `npm run api-client:generate`: regenerates packages/api-client's types and operations from the production document. */
const document = await productionOpenApiDocument();
const types = await renderApiClientTypes(document);
const operations = renderApiClientOperations(document);
await writeFile(API_CLIENT_TYPES_FILE, types);
await writeFile(API_CLIENT_OPERATIONS_FILE, operations.js);
await writeFile(API_CLIENT_OPERATIONS_TYPES_FILE, operations.dts);
await rm(API_CLIENT_OPERATIONS_DIR, { recursive: true, force: true });
await mkdir(API_CLIENT_OPERATIONS_DIR, { recursive: true });
for (const [name, text] of Object.entries(operations.modules)) {
  await writeFile(new URL(name, API_CLIENT_OPERATIONS_DIR), text);
}
for (const [file, text] of [
  [API_CLIENT_TYPES_FILE, types],
  [API_CLIENT_OPERATIONS_FILE, operations.js],
] as const) {
  process.stdout.write(`${fileURLToPath(file)}: ${text.length} characters\n`);
}
