import type { FastifyInstance } from 'fastify';
import type { IdentityVerificationProvider } from '../../providers/identity-verification/identity-verification-provider.js';
import type { DocumentStorage } from '../../providers/storage/document-storage.js';

/** What every identification operation works with: the app, the providers and the file store. */
export type IdentificationContext = {
  app: FastifyInstance;
  provider: IdentityVerificationProvider;
  storage: DocumentStorage;
};

/** Spec section 4: each change is announced to the user's open clients as `update`. */
export const REALTIME_REASON = 'identification';
