import type { AcceptedDocument, IdDocumentType, IdvEvent } from '@bw/contracts';
import type { SignatureProvider } from '../signatures/signature-provider.js';
import type { SignedWebhook } from './signed-webhook.js';

/** A file of an identification case (ours, or fetched from the provider after its verdict). */
export type CaseFile = { kind: 'document' | 'selfie'; bytes: Buffer; contentType: string };

/**
 * What a real provider's notification stands for, read from the provider itself (issue 38): the
 * verdicts as our events, and the case's files fetched from the provider into our storage.
 * `refused`: the provider does not know the resource (a forged notification); nothing is applied.
 */
export type ResolvedIdentityNotification =
  | { kind: 'events'; events: IdvEvent[]; files?: { caseId: string; files: CaseFile[] } }
  | { kind: 'refused'; reason: string };

/** A notification as it reached us: the exact body (signatures cover the bytes), headers and query. */
export type IncomingNotification = {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
};

/** A real identification or signature provider whose notifications are resolved by reading the named resource. */
export type IdentityNotificationSource = {
  provider: string;
  /**
   * Checks the notification's signature as the provider documents it and reads what it names;
   * throws WEBHOOK_SIGNATURE_INVALID (401) when it is missing or wrong, BAD_REQUEST when it names nothing.
   */
  readNotification(incoming: IncomingNotification): Promise<{ eventType: string; resourceId: string }>;
  resolveNotification(eventType: string, resourceId: string): Promise<ResolvedIdentityNotification>;
};

/** A capture in the provider's own SDK (web and native): the token the SDK opens the case with. */
export type CaptureSession = { provider: string; sdkToken: string; workflowRunId: string };

/**
 * The two identification providers behind one interface (architecture: providers; ADR 0009).
 * Every decision comes back later as a signed webhook to `POST /api/v1/identification/webhook`
 * (`identity.checked`, `bav.completed`, `signature.completed`); the calls here only hand work over.
 */
export type DocumentIdentProvider = {
  acceptedDocuments(): AcceptedDocument[];
  /** Opens a case for the user (`reference`: our user id); the id comes back in every webhook about it. */
  openCase(input: { reference: string; firstName: string; lastName: string; email: string }): Promise<{
    caseId: string;
  }>;
  /**
   * Document and selfie are complete: check them. `submission` counts from 1 (a retaken selfie is 2);
   * `files` reads the uploaded files, for a provider that checks them on its side.
   */
  submitCase(input: {
    caseId: string;
    documentType: IdDocumentType;
    documentNumber: string;
    submission: number;
    files: () => Promise<CaseFile[]>;
  }): Promise<void>;
  /**
   * A provider whose own SDK captures document and selfie (Onfido): the token for the web or native
   * SDK. Absent where capture is by upload to our API (the sandbox).
   */
  captureSession?(input: { caseId: string }): Promise<CaptureSession>;
  /** A bank-account verification session; the result comes as `bav.completed`. */
  openBavSession(input: { caseId: string }): Promise<{ sessionId: string; url: string }>;
};

export type VideoIdentProvider = {
  /** Starts a video identification; the answer's id is what the client opens (spec: `data.idNowId`). */
  startIdent(input: {
    reference: string;
    firstName: string;
    lastName: string;
    email: string;
    birthDate: string | null;
    nationality: string | null;
  }): Promise<{ identId: string; redirectUrl?: string }>;
  estimatedWaitingTimeSeconds(): Promise<number>;
};

export type IdentityVerificationProvider = {
  documentIdent: DocumentIdentProvider;
  videoIdent: VideoIdentProvider;
  /** The qualified e-signature of the partner's agreements. */
  signatures: SignatureProvider;
  /** The real providers' notification resolvers, by provider name (none for the sandboxes, which sign their verdicts). */
  notificationSources: Record<string, IdentityNotificationSource>;
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
