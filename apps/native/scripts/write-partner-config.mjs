// Writes apps/native/partner.json, the white-label variant the native shell is built for.
// The partner's configuration is the live app config (GET /api/v1/appConfig/{appId}, spec section 7),
// so the app id, name, colour and store ids come from the same place the web app reads them.
//
//   node scripts/write-partner-config.mjs --app-id alpen --api https://app.alpenanteil.example
//   node scripts/write-partner-config.mjs --file exported-app-config.json
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyIosVariant } from './apply-ios-variant.mjs';
import { partnerVariant } from './partner-variant.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.resolve(here, '../partner.json');

const argument = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};

const fail = (message) => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const loadConfig = async () => {
  const file = argument('file');
  if (file) {
    const body = JSON.parse(fs.readFileSync(file, 'utf8'));
    return body.data ?? body;
  }
  const appId = argument('app-id');
  const api = argument('api');
  if (!appId || !api)
    fail('Usage: write-partner-config.mjs --app-id <appId> --api <server URL> | --file <app config JSON>');
  const url = `${api.replace(/\/+$/, '')}/api/v1/appConfig/${encodeURIComponent(appId)}`;
  const response = await fetch(url);
  if (!response.ok) fail(`${url} answered ${response.status}`);
  const body = await response.json();
  return body.data ?? body;
};

try {
  const variant = partnerVariant(await loadConfig(), { webAppUrl: argument('web-app-url') });
  fs.writeFileSync(target, `${JSON.stringify(variant, null, 2)}\n`);
  // Android reads partner.json in app/build.gradle; iOS gets the variant written into its project.
  applyIosVariant(path.resolve(here, '../ios/App'), variant);
  process.stdout.write(`partner.json: ${variant.appName} (${variant.appId}), ${variant.serverUrl}\n`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
