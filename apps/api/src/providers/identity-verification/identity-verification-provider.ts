import type { AcceptedDocument, IdDocumentType } from '@bw/contracts';
import type { SignedWebhook } from './signed-webhook.js';

/**
 * The two identification providers behind one interface (architecture: providers; ADR 0009).
 * Every decision comes back later as a signed webhook to `POST /api/v1/identification/webhook`
 * (`identity.checked`, `bav.completed`, `signature.completed`); the calls here only hand work over.
 */
export type DocumentIdentProvider = {
  acceptedDocuments(): AcceptedDocument[];
  /** Opens a case; the id comes back in every webhook about it. */
  openCase(input: { reference: string }): Promise<{ caseId: string }>;
  /** Document and selfie are complete: check them. `submission` counts from 1 (a retaken selfie is 2). */
  submitCase(input: {
    caseId: string;
    documentType: IdDocumentType;
    documentNumber: string;
    submission: number;
  }): Promise<void>;
  /** A bank-account verification session; the result comes as `bav.completed`. */
  openBavSession(input: { caseId: string }): Promise<{ sessionId: string; url: string }>;
  /** The signer confirmed with the SMS code: create the qualified signature (`signature.completed`). */
  createQualifiedSignature(input: { signingRequestId: string; signerLastName: string }): Promise<void>;
};

export type VideoIdentProvider = {
  /** Starts a video identification; the answer's id is what the client opens (spec: `data.idNowId`). */
  startIdent(input: { reference: string; lastName: string }): Promise<{ identId: string }>;
  estimatedWaitingTimeSeconds(): Promise<number>;
};

export type IdentityVerificationProvider = {
  documentIdent: DocumentIdentProvider;
  videoIdent: VideoIdentProvider;
};

/** What only the sandbox can do: deliver its queued webhooks now (tests, dev route). */
/** Delivers one signed webhook and answers with the HTTP status our route gave. */
export type WebhookTransport = (webhook: SignedWebhook) => Promise<number>;

export type IdentityVerificationSandbox = IdentityVerificationProvider & {
  /**
   * Sends the queued webhooks (all of them, or the due ones). `transport` replaces the HTTP post:
   * the demo seed hands them to the app's own route before the server listens (ADR 0022).
   */
  deliverWebhooks(options?: { all?: boolean; transport?: WebhookTransport }): Promise<number>;
  start(): void;
  stop(): void;
};
