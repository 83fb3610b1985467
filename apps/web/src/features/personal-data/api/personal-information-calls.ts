import type {
  ComplianceInformationBody,
  UpdateAddressBody,
  UpdateBirthDateBody,
  UpdateBirthPlaceBody,
  UpdateIbanBody,
  UpdateNationalityBody,
  UpdatePhoneBody,
  UpdateSocialSecurityNumberBody,
} from '@bw/contracts';
import type { UserPartCall } from './save-user-part';

/** The personal-data calls of spec section 7, each with its contract's body type. */
export const personalInformationCalls = {
  address: (body: UpdateAddressBody): UserPartCall => ({
    method: 'PUT',
    path: '/api/v2/user/personalInformation/address',
    body,
  }),
  /** The server's message comes back in `error.fields['body.birthDate']` (spec section 7). */
  birthDate: (body: UpdateBirthDateBody): UserPartCall => ({
    method: 'PUT',
    path: '/api/v2/user/personalInformation/birthDate',
    body,
  }),
  birthPlace: (body: UpdateBirthPlaceBody): UserPartCall => ({
    method: 'PUT',
    path: '/api/v2/user/personalInformation/birthPlace',
    body,
  }),
  nationality: (body: UpdateNationalityBody): UserPartCall => ({
    method: 'PUT',
    path: '/api/v2/user/personalInformation/nationality',
    body,
  }),
  socialSecurityNumber: (body: UpdateSocialSecurityNumberBody): UserPartCall => ({
    method: 'PUT',
    path: '/api/v2/user/personalInformation/socialSecurityNumber',
    body,
  }),
  pep: (body: ComplianceInformationBody): UserPartCall => ({
    method: 'POST',
    path: '/api/v1/user/complianceInformation',
    body,
  }),
  iban: (body: UpdateIbanBody): UserPartCall => ({ method: 'PUT', path: '/api/v2/user/account/iban', body }),
  phone: (body: UpdatePhoneBody): UserPartCall => ({ method: 'PUT', path: '/api/v2/user/phone', body }),
} as const;
