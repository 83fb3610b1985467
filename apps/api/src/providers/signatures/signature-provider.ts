/**
 * The qualified e-signature of the partner's agreements (spec `docident/signingRequest`, ADR 0038).
 * The signer confirmed with the SMS code; the provider creates the QES. A provider at which the
 * signer signs on its own page (Skribble) answers the page to send the signer to; the result comes
 * as `signature.completed` (a signed webhook of the sandbox, or a callback whose signature request
 * is read from the provider).
 */
export type SignatureProvider = {
  createQualifiedSignature(input: {
    signingRequestId: string;
    /** Our user id. */
    reference: string;
    signer: { email: string; firstName: string; lastName: string };
    /** The agreements to sign, as one PDF each. */
    documents: () => Promise<{ title: string; pdf: Uint8Array }[]>;
  }): Promise<{ signingUrl: string | null }>;
  /** The page where the signer signs, while the signature is open there; null for a provider without one. */
  signingUrl(signingRequestId: string): Promise<string | null>;
};
