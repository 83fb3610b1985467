import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';

/**
 * The command-line signer (scripts/private-signer.mjs) is the API document's real consumer
 * (issue 19, ADR 0037): it calls the server through packages/api-client, the typed client generated
 * from the document. Run as a separate process against a listening server, it links a key, lists,
 * signs and rejects signing requests, and reports the server's error code on a refused call.
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SIGNER = path.join(ROOT, 'scripts/private-signer.mjs');
const run = promisify(execFile);

let testApp: TestApp;
let baseUrl: string;
let workDir: string;
let user: LoggedIn;

const signer = async (...args: string[]) => {
  const files = ['key', 'session', 'recovery'].flatMap((name) => [`--${name}`, path.join(workDir, `${name}.json`)]);
  try {
    const { stdout } = await run(process.execPath, [SIGNER, '--api-url', baseUrl, ...files, ...args], { cwd: workDir });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const createRequest = async () => {
  const res = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/dev/securityApp/signingRequests',
    headers: user.headers,
    payload: { details: { assetName: 'Wohnhaus Graz', sharesCount: '4', amountCents: '40000' } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as string;
};

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'bw-signer-'));
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  baseUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  user = await createLoggedInUser(testApp.app);
}, 300_000);
afterAll(async () => {
  await testApp?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the command-line signer over the typed API client', () => {
  it('links a key, signs and rejects requests, and disconnects', async () => {
    const keygen = await signer('keygen');
    expect(keygen.code).toBe(0);
    const publicKey = JSON.parse(readFileSync(path.join(workDir, 'key.json'), 'utf8')).publicKey as string;
    expect(keygen.stdout.trim()).toBe(publicKey);

    expect((await signer('login', '--email', user.email, '--password', user.password)).stdout).toContain(
      `logged in as ${user.email}`,
    );
    expect((await signer('register')).stdout).toContain('linked (privateUser)');

    const first = await createRequest();
    const second = await createRequest();
    const listed = await signer('list');
    expect(listed.stdout).toContain(first);
    expect(listed.stdout).toContain(second);

    const shown = await signer('show', '--id', first);
    expect(shown.stdout).toContain('"protocol":"brickwise.signing.v1"');
    const signed = await signer('sign', '--id', first);
    expect(signed.code).toBe(0);
    expect(signed.stdout).toContain(`request ${first}: signed`);
    expect((await signer('reject', '--id', second)).stdout).toContain(`request ${second}: rejected`);
    expect((await signer('list')).stdout).toContain('no pending requests');

    // Signing again (a retry after a lost answer) learns the recorded outcome ...
    const again = await signer('sign', '--id', first);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`request ${first}: signed`);
    // ... and a refused call stops with the server's code: another answer to an answered request.
    const refused = await signer('reject', '--id', first);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/private-signer: 4\d\d [A-Z_]+: \S/);

    expect((await signer('disconnect')).stdout).toContain('disconnected');
  }, 120_000);
});
