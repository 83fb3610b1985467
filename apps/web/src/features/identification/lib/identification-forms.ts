import { ID_DOCUMENT_TYPES, otpBody, startIdentificationBody, TERMS_KINDS, type TermsKind } from '@bw/contracts';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';

/**
 * The identification's forms (spec sections 2 and 5, ADR 0015), over the contracts' bodies with the
 * catalogue's messages.
 */

const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9]{6,20}$/;

/** How to identify; with a document, which one and its number (`POST .../documentIdent`). */
export const chooseForm = startIdentificationBody
  .extend({
    method: z.enum(['document', 'video']),
    documentType: z.enum(ID_DOCUMENT_TYPES),
    documentNumber: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.method === 'document' && !DOCUMENT_NUMBER_PATTERN.test(values.documentNumber)) {
      context.addIssue({
        code: 'custom',
        path: ['documentNumber'],
        message: msg('identification.documentNumberInvalid'),
      });
    }
  });

/** Every legal document accepted, and a drawn signature (spec section 5: 'There is no signature in the field!'). */
export const consentForm = z.object({
  terms: z
    .array(z.enum(TERMS_KINDS))
    .refine(
      (accepted) => TERMS_KINDS.every((kind: TermsKind) => accepted.includes(kind)),
      msg('identification.agreementRequired'),
    ),
  signature: z.string().min(1, msg('identification.signatureEmpty')),
});

/** The signature's SMS code: six digits (`POST .../signature/confirm`). */
export const OTP_LENGTH = 6;
export const otpForm = otpBody.extend({ otp: z.string().length(OTP_LENGTH) });
