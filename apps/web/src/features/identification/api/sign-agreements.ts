import {
  bavSession,
  DOCUMENT_PROVIDER_PATH,
  type IdentificationState,
  identificationState,
  type TermsKind,
  type UserWithOnboarding,
  userWithOnboarding,
} from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

const base = `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`;

/** `GET /api/v1/identification/agreements/{kind}`: the partner's PDF of that legal document kind. */
export const agreementPdfHref = (kind: TermsKind): string => `/api/v1/identification/agreements/${kind}`;

/** `PUT /api/v2/user/complianceInformation/terms`: every box ticked (the server stamps time and IP). */
export const acceptTerms = (kinds: readonly TermsKind[], client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  client.send(
    'PUT',
    '/api/v2/user/complianceInformation/terms',
    Object.fromEntries(kinds.map((kind) => [kind, true])),
    userWithOnboarding,
  );

type Step = 'signingRequest' | 'signature/authorize' | 'signature/resend';

/** `POST .../signingRequest`, `.../signature/authorize`, `.../signature/resend` (spec section 7). */
export const signatureStep = (step: Step, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send('POST', `${base}/${step}`, {}, identificationState);

/** `POST .../signature {signature}`: the drawn signature as SVG path data. */
export const submitSignature = (signature: string, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send('POST', `${base}/signature`, { signature }, identificationState);

/** `POST .../signature/otp {otp}`: the SMS code. */
export const confirmCode = (otp: string, client: ApiClient = apiClient): Promise<IdentificationState> =>
  client.send('POST', `${base}/signature/otp`, { otp }, identificationState);

/** `POST /api/v2/user/activate` (spec section 4: activation is a separate call). */
export const activateAccount = (client: ApiClient = apiClient): Promise<UserWithOnboarding> =>
  client.send('POST', '/api/v2/user/activate', {}, userWithOnboarding);

/** `GET .../bavSession`: where the bank-account verification happens. */
export const openBavSession = (client: ApiClient = apiClient) => client.get(`${base}/bavSession`, bavSession);
