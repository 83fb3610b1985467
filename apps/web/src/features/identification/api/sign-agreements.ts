import * as ops from '@bw/api-client/operations';
import {
  bavSession,
  type IdentificationState,
  identificationState,
  type TermsKind,
  type UserWithOnboarding,
  userWithOnboarding,
} from '@bw/contracts';
import { type ApiClient, apiClient, urlOf } from '../../../lib/api-client';

/** `GET /api/v1/identification/agreements/{kind}`: the partner's PDF of that legal document kind. */
export const agreementPdfHref = (kind: TermsKind): string =>
  urlOf(ops.getIdentificationAgreementsByKind, { path: { kind } });

/** `PUT /api/v2/user/complianceInformation/terms`: every box ticked (the server stamps time and IP). */
export const acceptTerms = (kinds: readonly TermsKind[], client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  client.send(ops.putUserComplianceInformationTerms, userWithOnboarding, {
    body: Object.fromEntries(kinds.map((kind) => [kind, true])),
  });

type Step = 'signingRequest' | 'signature/authorize' | 'signature/resend';

const stepOperations = {
  signingRequest: ops.postIdentificationDocidentSigningRequest,
  'signature/authorize': ops.postIdentificationDocidentSignatureAuthorize,
  'signature/resend': ops.postIdentificationDocidentSignatureResend,
} as const;

/** `POST .../signingRequest`, `.../signature/authorize`, `.../signature/resend` (spec section 7). */
export const signatureStep = (step: Step, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send(stepOperations[step], identificationState);

/** `POST .../signature {signature}`: the drawn signature as SVG path data. */
export const submitSignature = (signature: string, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send(ops.postIdentificationDocidentSignature, identificationState, { body: { signature } });

/** `POST .../signature/otp {otp}`: the SMS code. */
export const confirmCode = (otp: string, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send(ops.postIdentificationDocidentSignatureOtp, identificationState, { body: { otp } });

/** `POST /api/v2/user/activate` (spec section 4: activation is a separate call). */
export const activateAccount = (client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  client.send(ops.postUserActivate, userWithOnboarding);

/** `GET .../bavSession`: where the bank-account verification happens. */
export const openBavSession = (client: ApiClient = apiClient) =>
  client.get(ops.getIdentificationDocidentBavSession, bavSession);
