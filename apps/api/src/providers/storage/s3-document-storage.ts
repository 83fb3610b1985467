import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { assertStorageKey, type DocumentStorage, newStorageKey } from './document-storage.js';

/** STORAGE_PROVIDER=s3: the bucket and how to reach it (providers/settings.ts, docs/runbooks/deploy.md). */
export type S3StorageSettings = {
  bucket: string;
  /** Every object's name starts with it, e.g. `identification-documents/`. */
  prefix: string;
  region: string;
  /** A non-AWS service (MinIO, Ceph, R2, …); unset for AWS itself. */
  endpoint?: string | undefined;
  /** `bucket` in the path instead of the host name (most self-hosted services need it). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own credential chain (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/**
 * Identification files as objects in an S3-compatible bucket, through the AWS SDK v3. The SDK loads
 * on first use only, so a server on the local store never pays for it. Each object carries its SHA-256,
 * which the service checks on the way in; encryption at rest is the bucket's default encryption
 * (docs/runbooks/deploy.md). Checksums are sent only where S3 requires them (plus ours), so services
 * without the SDK's newer streaming checksums (MinIO releases, Ceph, s3rver) work too.
 */
export const createS3DocumentStorage = (
  settings: S3StorageSettings,
  log: Pick<FastifyBaseLogger, 'error'>,
): DocumentStorage & { close(): void } => {
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () => {
    client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
      }),
    }));
    return client;
  };
  const objectKey = (storageKey: string) => `${settings.prefix}${assertStorageKey(storageKey)}`;
  return {
    save: async (userId, bytes) => {
      const stored = newStorageKey(userId, bytes);
      const { s3, sdk } = await connect();
      try {
        await s3.send(
          new sdk.PutObjectCommand({
            Bucket: settings.bucket,
            Key: objectKey(stored.storageKey),
            Body: bytes,
            ContentType: 'application/octet-stream',
            ChecksumSHA256: Buffer.from(stored.sha256, 'hex').toString('base64'),
          }),
        );
      } catch (error) {
        // Credentials, bucket or service: the operator's to fix (the log says which); the user may retry.
        log.error({ err: error, bucket: settings.bucket }, 'document store: S3 PutObject failed');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return stored;
    },
    read: async (storageKey) => {
      const { s3, sdk } = await connect();
      const object = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(storageKey) }));
      if (!object.Body) throw new Error(`object ${storageKey} has no body`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    // S3 answers a deleted or unknown key with success, so a retried removal is no error.
    remove: async (storageKey) => {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(storageKey) }));
    },
    close: () => {
      void client?.then(({ s3 }) => s3.destroy()).catch(() => undefined);
    },
  };
};
