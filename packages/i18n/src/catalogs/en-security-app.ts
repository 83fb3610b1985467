import type { deATSecurityApp } from './de-at-security-app.js';

type SecurityAppCatalog = {
  readonly [K in keyof typeof deATSecurityApp]: { readonly [L in keyof (typeof deATSecurityApp)[K]]: string };
};

/** English texts of the security-app screens (issue 8). */
export const enSecurityApp = {
  securityApp: {
    title: 'Link the security app',
    updateTitle: 'Update the security app',
    updateText:
      'New phone or reinstalled the app? Remove the old link with your recovery file, then pair the security app again.',
    status: 'Status:',
    statusNew: 'Pairing',
    statusActive: 'Linked',
    statusDisconnected: 'Not linked',
    noApp: 'No security app is linked yet. You need one to continue.',
    requestsTitle: 'Signing requests',
    requestsEmpty: 'No signing requests yet.',
    loading: 'Loading …',
    pairTitle: 'Pair the security app',
    pairText: 'Open the security app on your phone and enter this code there. It is valid for 10 minutes.',
    pairOpen: 'Open the security app',
    pairShow: 'Show pairing code',
    pairFailed: 'That did not work. Please try again.',
    unlinkTitle: 'Remove the security app',
    unlinkText: 'Choose the recovery file you saved when pairing. If you lost it, our support helps you.',
    unlinkChoose: 'Choose file',
    unlinkFile: 'Recovery file',
    unlinkFailed: 'An error has occurred. Please write us so we can take care of your request.',
    requestPending: 'Waiting for approval in the security app',
    requestSigned: 'Approved',
    requestRejected: 'Rejected',
    requestExpired: 'Expired',
    privateTitle: 'Private security app',
    privateText:
      'Building your own security app? Paste its Ed25519 public key (32 bytes, base64url). From then on you can only create, accept and see private offers.',
    privateKeyLabel: 'Public key',
    privateSubmit: 'Link private security app',
    privateLinkFailed: 'Linking failed',
    privateLinked: 'Private security app linked',
    privateRecovery: 'Your recovery key (for removal, shown only now):',
  },
} as const satisfies SecurityAppCatalog;
