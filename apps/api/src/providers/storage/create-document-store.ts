import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DocumentStorage } from './document-storage.js';
import { createLocalDocumentStorage } from './local-document-storage.js';
import { createS3DocumentStorage } from './s3-document-storage.js';

/** The document store STORAGE_PROVIDER chooses: the local disk under DATA_DIR, or an S3 bucket (ADR 0036). */
export const createDocumentStore = (
  config: AppConfig,
  log: FastifyBaseLogger,
): { adapter: 'local' | 's3'; store: DocumentStorage; close(): void } => {
  if (config.STORAGE_PROVIDER === 's3' && config.S3_BUCKET) {
    const store = createS3DocumentStorage(
      {
        bucket: config.S3_BUCKET,
        prefix: config.S3_PREFIX,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
      },
      log,
    );
    return { adapter: 's3', store, close: store.close };
  }
  const store = createLocalDocumentStorage(path.join(config.DATA_DIR, 'identification-documents'));
  return { adapter: 'local', store, close: () => undefined };
};
