import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createS3DocumentStorage, type S3StorageSettings } from './s3-document-storage.js';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver.test-support.js';

/**
 * The S3 adapter against a real S3-compatible server started here (s3rver: the S3 REST API over
 * HTTP, objects on disk, access keys checked), as STORAGE_PROVIDER=s3 runs in production (ADR 0036).
 */
const BUCKET = 'bw-identification';
const credentials = S3RVER_CREDENTIALS;
const log = { error: vi.fn() };
let s3rver: Awaited<ReturnType<typeof startS3rver>>;
let settings: S3StorageSettings;

beforeAll(async () => {
  s3rver = await startS3rver(BUCKET);
  settings = {
    bucket: BUCKET,
    prefix: 'identification-documents/',
    region: 'eu-central-1',
    endpoint: s3rver.endpoint,
    forcePathStyle: true,
    credentials,
  };
});
afterAll(() => s3rver.close());

describe('S3 document storage (STORAGE_PROVIDER=s3)', () => {
  it('stores a document as an object under the prefix and reads it back byte for byte', async () => {
    const store = createS3DocumentStorage(settings, log);
    const userId = randomUUID();
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251)),
    ]);
    const stored = await store.save(userId, bytes);
    expect(stored.storageKey).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}$`));
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Buffer.compare(await store.read(stored.storageKey), bytes)).toBe(0);

    // The object itself, seen by a separate client: in the bucket under the prefix, with its size.
    const other = new S3Client({
      region: 'eu-central-1',
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials,
    });
    const head = await other.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: `identification-documents/${stored.storageKey}` }),
    );
    expect(head.ContentLength).toBe(bytes.length);
    const object = await other.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: `identification-documents/${stored.storageKey}` }),
    );
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(bytes)).toBe(true);

    // Removed (the cleanup of unattached files): the object is gone; removing again is no error.
    await store.remove(stored.storageKey);
    await expect(
      other.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `identification-documents/${stored.storageKey}` })),
    ).rejects.toThrow();
    await store.remove(stored.storageKey);
    other.destroy();
    store.close();
  });

  it('keeps two users apart and gives each save its own key', async () => {
    const store = createS3DocumentStorage(settings, log);
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await store.save(a, Buffer.from('a'));
    const second = await store.save(a, Buffer.from('a'));
    const third = await store.save(b, Buffer.from('b'));
    expect(new Set([first.storageKey, second.storageKey, third.storageKey]).size).toBe(3);
    expect((await store.read(third.storageKey)).toString()).toBe('b');
    store.close();
  });

  it('rejects a key that names nothing, a key it did not make, and a user id that is not a uuid', async () => {
    const store = createS3DocumentStorage(settings, log);
    await expect(store.read(`${randomUUID()}/${randomUUID()}`)).rejects.toThrow();
    await expect(store.read('../../etc/passwd')).rejects.toThrow('not a document storage key');
    await expect(store.save('../x', Buffer.from('x'))).rejects.toThrow('not a uuid');
    store.close();
  });

  it('answers 503 and logs the cause when the server refuses the key or has no such bucket', async () => {
    // s3rver checks the access key of a V4-signed request but not the V4 signature itself (ADR 0036).
    const wrongKey = createS3DocumentStorage(
      { ...settings, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } },
      log,
    );
    await expect(wrongKey.save(randomUUID(), Buffer.from('x'))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
    });
    expect(String(log.error.mock.lastCall?.[0].err)).toMatch(/access key/i);
    wrongKey.close();

    const noBucket = createS3DocumentStorage({ ...settings, bucket: 'bw-missing' }, log);
    await expect(noBucket.save(randomUUID(), Buffer.from('x'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(String(log.error.mock.lastCall?.[0].err)).toMatch(/bucket/i);
    noBucket.close();
  });
});
