import * as ops from '@bw/api-client/operations';
import {
  type ComplianceInformationBody,
  type UpdateAddressBody,
  type UpdateBirthDateBody,
  type UpdateBirthPlaceBody,
  type UpdateIbanBody,
  type UpdateNationalityBody,
  type UpdatePhoneBody,
  type UpdateSocialSecurityNumberBody,
  userWithOnboarding,
} from '@bw/contracts';
import type { UserPartCall } from './save-user-part';

/** The personal-data calls of spec section 7, each with its contract's body type. */
export const personalInformationCalls = {
  address:
    (body: UpdateAddressBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPersonalInformationAddress, userWithOnboarding, { body }),
  /** The server's message comes back in `error.fields['body.birthDate']` (spec section 7). */
  birthDate:
    (body: UpdateBirthDateBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPersonalInformationBirthDate, userWithOnboarding, { body }),
  birthPlace:
    (body: UpdateBirthPlaceBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPersonalInformationBirthPlace, userWithOnboarding, { body }),
  nationality:
    (body: UpdateNationalityBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPersonalInformationNationality, userWithOnboarding, { body }),
  socialSecurityNumber:
    (body: UpdateSocialSecurityNumberBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPersonalInformationSocialSecurityNumber, userWithOnboarding, { body }),
  pep:
    (body: ComplianceInformationBody): UserPartCall =>
    (client) =>
      client.send(ops.postUserComplianceInformation, userWithOnboarding, { body }),
  iban:
    (body: UpdateIbanBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserAccountIban, userWithOnboarding, { body }),
  phone:
    (body: UpdatePhoneBody): UserPartCall =>
    (client) =>
      client.send(ops.putUserPhone, userWithOnboarding, { body }),
} as const;
