/** Query keys of the identification feature. */
export const identificationQueryKey = ['identification', 'state'] as const;
export const acceptedDocumentsQueryKey = ['identification', 'accepted-documents'] as const;
export const waitingTimeQueryKey = ['identification', 'waiting-time'] as const;
export const captureSessionQueryKey = ['identification', 'capture-session'] as const;
export const signerRedirectQueryKey = ['identification', 'signer-redirect'] as const;
