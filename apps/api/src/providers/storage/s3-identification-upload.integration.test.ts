import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../modules/auth/auth.test-support.js';
import { A, identificationClient, PDF } from '../../modules/identification/identification.test-support.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver.test-support.js';

/** The whole server with STORAGE_PROVIDER=s3: an identification upload lands in the bucket and is read back from it. */
const BUCKET = 'bw-server-documents';
const credentials = S3RVER_CREDENTIALS;
let s3rver: Awaited<ReturnType<typeof startS3rver>>;
let directory: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'bw-s3-app-'));
  s3rver = await startS3rver(BUCKET);
  endpoint = s3rver.endpoint;
  t = await createTestApp({
    env: {
      DATA_DIR: path.join(directory, 'data'),
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: BUCKET,
      S3_PREFIX: 'kyc/',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await t.close();
  await s3rver.close();
  await rm(directory, { recursive: true, force: true });
});

describe('identification files with STORAGE_PROVIDER=s3', () => {
  it('stores the upload in the bucket, not on disk, and serves it back to its owner', async () => {
    expect(t.app.providerAdapters.documents).toBe('s3');
    const user = await createLoggedInUser(t.app);
    const idv = identificationClient(t.app, user);
    expect((await idv.start('P7777777')).statusCode).toBe(200);
    const uploaded = await idv.upload('document', PDF, { contentType: 'application/pdf' });
    expect(uploaded.statusCode).toBe(200);
    const [doc] = uploaded.json().data.documents;

    const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `kyc/${user.userId}/` }));
    expect(listed.Contents?.map((object) => object.Size)).toEqual([PDF.length]);
    s3.destroy();
    expect(existsSync(path.join(directory, 'data', 'identification-documents'))).toBe(false);

    const mine = await idv.json('GET', `${A}/verification/${doc.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
  });
});
