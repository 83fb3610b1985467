import type { deATSettings } from './de-at-settings.js';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of the settings screens (issue 20). */
export const enSettings: Texts<typeof deATSettings> = {
  accountSettings: {
    loading: 'Loading …',
    saved: 'Saved.',
    save: 'Save',
    cancel: 'Cancel',
    error: 'That did not work. Please try again.',
    taxTitle: 'Tax details',
    taxText:
      'For products in Germany we need your German tax identification number and your church-tax answer; for Austrian participation rights your Austrian tax number.',
    taxIdGerman: 'German tax ID',
    taxIdAustrian: 'Austrian tax number',
    taxIdMissing: 'Not given',
    taxIdEnter: 'Enter',
    taxIdChange: 'Change',
    germanTaxIdModalTitle: 'German tax ID',
    germanTaxIdModalText:
      'Your tax identification number has 11 digits. You find it on your income tax assessment, your payroll tax certificate or the letter of the Federal Central Tax Office.',
    germanTaxIdLabel: 'Tax identification number',
    austrianTaxNumberModalTitle: 'Austrian tax number',
    austrianTaxNumberModalText:
      'Your tax number has 9 digits (tax office number and tax account number), e.g. 12-345/6789.',
    austrianTaxNumberLabel: 'Tax number',
    churchTaxTitle: 'Church tax',
    churchTaxQuestion: 'Are you a member of a religious community in Germany that levies church tax?',
    churchTaxYes: 'Yes',
    churchTaxNo: 'No',
    ssnTitle: 'Social security number',
    ssnText: 'Your Austrian social security number (NNNNTTMMJJ). Only its last digits are shown once saved.',
    ssnCurrent: 'Saved: {{value}}',
    ssnLabel: 'Social security number',
    advisorTitle: 'Financial advisor or tipster',
    advisorText: 'Did someone bring you to us? It helps us reward the right person.',
    consentTitle: 'Newsletter and analytics',
    newsletter: 'I would like to receive the newsletter with new assets and news by e-mail.',
    analytics: 'I agree that my use of the app is analysed anonymously to improve it.',
    securityAppTitle: 'Security app',
    securityAppText: 'Link, remove or recover your security app.',
    documentsTitle: 'Documents',
    documentsText: 'Every agreement you signed and your tax statements.',
    documentsEmpty: 'No documents yet. Once you sign agreements, you find them here.',
    documentAgreement: 'Signed on {{date}}',
    documentTaxStatement: 'Issued for {{year}}',
    deletionTitle: 'Delete account',
    deletionText:
      'We delete your account 4 to 7 days after you confirm by e-mail. Before that, all shares must be sold, all offers deleted and your balance paid out.',
    deletionRequest: 'Request deletion',
    deletionRequested: 'We sent you an e-mail. Confirm the deletion with its link.',
    deletionConfirmed: 'The deletion is confirmed. Your account will be deleted on {{date}}.',
    deletionConfirming: 'Confirming the deletion …',
    deletionWithdraw: 'Withdraw deletion',
    deletionAsk: 'Do you really want to delete your account? This cannot be undone.',
    deletionYes: 'Yes, delete my account',
  },
};
