import { type UpdatePhoneBody, updateAddressBody, updateBirthPlaceBody, updateNationalityBody } from '@bw/contracts';
import { type Confirmation, REQUIRED_CONFIRMATIONS } from '@bw/domain';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';
import { ADVISOR_KINDS } from '../api/update-financial-advisor';
import { toBirthDate } from './birth-date-input';
import { internationalNumber, isDigitsOnly } from './countries';

/**
 * The personal-data steps' schemas (spec sections 5 and 7, ADR 0015): the contracts' bodies, with the
 * checks the screen makes before sending; the server decides the rest and answers at the field.
 */

const filled = (value: string) => value.trim() !== '';
const required = z.string().refine(filled, { error: msg('personalData.required'), abort: true });
/** A country chosen from the list ("Bitte wählen" is the empty choice). */
const chosenCountry = z.string().min(1, msg('personalData.required'));

/** Address: sent as typed; a street without a house number gets 1 on the server. */
export const addressForm = updateAddressBody.extend({
  street: z.string(),
  houseNumber: z.string().transform((value) => (filled(value) ? value : null)),
  postcode: z.string(),
  city: z.string(),
  domicile: z.string(),
});

/** Birth date in three parts; the server says whether it is a date of an adult (spec section 5). */
export const birthdayForm = z
  .object({ birthdayDay: z.string(), birthdayMonth: z.string(), birthdayYear: z.string() })
  .transform(({ birthdayDay, birthdayMonth, birthdayYear }) => ({
    birthDate: toBirthDate(birthdayDay, birthdayMonth, birthdayYear),
  }));

/** Birth place: the country from the list; the city is the contract's ('Bitte fülle dieses Feld aus.'). */
export const birthplaceForm = updateBirthPlaceBody.extend({ birthCountry: chosenCountry });

export const nationalityForm = updateNationalityBody.extend({ nationality: chosenCountry });

/** Phone: the calling code and the number, digits only (spec section 5), sent as one international number. */
export const phoneForm = z
  .object({
    callCode: z.string(),
    phone: required.refine(isDigitsOnly, msg('personalData.phoneDigitsOnly')),
  })
  .transform(({ callCode, phone }): UpdatePhoneBody => ({ phone: internationalNumber(callCode, phone) }));

const confirmed = z.boolean().refine((value) => value, msg('personalData.confirmationRequired'));

/**
 * ComplianceDocuments: the four required confirmations, the social security number (or a tax number
 * instead; not again when the server has one), the small-business-owner answer, the payout IBAN and who
 * referred the user (a name unless nobody).
 */
export const complianceForm = (hasSocialSecurityNumber: boolean) =>
  z
    .object({
      ...(Object.fromEntries(REQUIRED_CONFIRMATIONS.map((name) => [name, confirmed])) as Record<
        Confirmation,
        typeof confirmed
      >),
      useTaxNumber: z.boolean(),
      socialSecurityNumber: z.string(),
      taxNumber: z.string(),
      VAT: z.enum(['', 'yes', 'no']).refine((value) => value !== '', msg('personalData.required')),
      iban: required,
      advisorKind: z.enum(ADVISOR_KINDS),
      advisorName: z.string(),
    })
    .superRefine((values, context) => {
      const numberField = values.useTaxNumber ? 'taxNumber' : 'socialSecurityNumber';
      if (!filled(values[numberField]) && !hasSocialSecurityNumber) {
        context.addIssue({ code: 'custom', path: [numberField], message: msg('personalData.required') });
      }
      if (values.advisorKind !== 'none' && !filled(values.advisorName)) {
        context.addIssue({ code: 'custom', path: ['advisorName'], message: msg('personalData.required') });
      }
    });
export type ComplianceValues = z.output<ReturnType<typeof complianceForm>>;
