import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { API_CLIENT_TYPES_FILE, productionOpenApiDocument, renderApiClientTypes } from './api-client-types.js';

/** `npm run api-client:generate`: regenerates packages/api-client's types from the production document. */
const types = await renderApiClientTypes(await productionOpenApiDocument());
await writeFile(API_CLIENT_TYPES_FILE, types);
process.stdout.write(`${fileURLToPath(API_CLIENT_TYPES_FILE)}: ${types.length} characters\n`);
