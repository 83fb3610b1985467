import type {
  UpdateAddressBody,
  UpdateBirthDateBody,
  UpdateBirthPlaceBody,
  UpdateNationalityBody,
  UpdateSocialSecurityNumberBody,
  UserWithOnboarding,
} from '@bw/contracts';
import {
  isAustrianTaxNumber,
  isValidAustrianSocialSecurityNumber,
  normalizeSocialSecurityNumber,
  onboardingMessages,
  validateAddress,
  validateBirthDate,
} from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { upsertPersonalInformation } from '../onboarding.repo.js';
import { respondWithUser } from './respond-with-user.js';

const bodyFields = (fields: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, message]) => [`body.${field}`, message]));

/** `PUT /api/v2/user/personalInformation/address`: complete, in Austria, street split into name and number. */
export const updateAddress = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateAddressBody,
): Promise<UserWithOnboarding> => {
  const result = validateAddress(body);
  if (!result.ok) {
    const onlyDomicile = Object.keys(result.fields).length === 1 && result.fields.domicile !== undefined;
    const residenceRefused = onlyDomicile && result.fields.domicile === onboardingMessages.residenceNotAustria;
    throw new AppError(residenceRefused ? 'RESIDENCE_NOT_ALLOWED' : 'ADDRESS_INCOMPLETE', bodyFields(result.fields));
  }
  const { street, houseNumber, postcode, city, domicile } = result.address;
  await upsertPersonalInformation(app.db, sessionUser.userId, { street, houseNumber, postcode, city, domicile });
  return respondWithUser(app, sessionUser, 'personalInformation');
};

const BIRTH_DATE_CODES = {
  required: 'BIRTH_DATE_REQUIRED',
  invalid: 'BIRTH_DATE_INVALID',
  underage: 'BIRTH_DATE_UNDERAGE',
} as const;

/** `PUT /api/v2/user/personalInformation/birthDate`: the message goes to `error.fields['body.birthDate']`. */
export const updateBirthDate = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateBirthDateBody,
): Promise<UserWithOnboarding> => {
  const result = validateBirthDate(body.birthDate, new Date());
  if (!result.ok) {
    throw new AppError(BIRTH_DATE_CODES[result.reason], { 'body.birthDate': result.message });
  }
  await upsertPersonalInformation(app.db, sessionUser.userId, { birthDate: result.birthDate });
  return respondWithUser(app, sessionUser, 'personalInformation');
};

/** `PUT /api/v2/user/personalInformation/birthPlace {birthCountry,birthCity}`. */
export const updateBirthPlace = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateBirthPlaceBody,
): Promise<UserWithOnboarding> => {
  await upsertPersonalInformation(app.db, sessionUser.userId, {
    birthCountry: body.birthCountry,
    birthCity: body.birthCity,
  });
  return respondWithUser(app, sessionUser, 'personalInformation');
};

/** `PUT /api/v2/user/personalInformation/nationality`. */
export const updateNationality = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateNationalityBody,
): Promise<UserWithOnboarding> => {
  await upsertPersonalInformation(app.db, sessionUser.userId, { nationality: body.nationality });
  return respondWithUser(app, sessionUser, 'personalInformation');
};

/**
 * `PUT /api/v2/user/personalInformation/socialSecurityNumber`: an Austrian social security number
 * with a valid check digit, or an Austrian tax number instead (spec section 5). Giving one clears
 * the other.
 */
export const updateSocialSecurityNumber = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateSocialSecurityNumberBody,
): Promise<UserWithOnboarding> => {
  const ssn = body.socialSecurityNumber?.trim() ?? '';
  const taxNumber = body.taxNumber?.trim() ?? '';
  if (ssn !== '') {
    if (!isValidAustrianSocialSecurityNumber(ssn)) {
      throw new AppError('SOCIAL_SECURITY_NUMBER_INVALID', {
        'body.socialSecurityNumber': onboardingMessages.socialSecurityNumberInvalid,
      });
    }
    await upsertPersonalInformation(app.db, sessionUser.userId, {
      socialSecurityNumber: normalizeSocialSecurityNumber(ssn),
      austrianTaxNumber: null,
    });
  } else if (taxNumber !== '' && isAustrianTaxNumber(taxNumber)) {
    await upsertPersonalInformation(app.db, sessionUser.userId, {
      socialSecurityNumber: null,
      austrianTaxNumber: taxNumber.replace(/[\s/-]/g, ''),
    });
  } else {
    const field = taxNumber === '' ? 'body.socialSecurityNumber' : 'body.taxNumber';
    throw new AppError('SOCIAL_SECURITY_NUMBER_INVALID', { [field]: onboardingMessages.socialSecurityNumberInvalid });
  }
  return respondWithUser(app, sessionUser, 'personalInformation');
};
