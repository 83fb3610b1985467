import { createCompanyBody } from '@bw/contracts';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';

/** The platform's audience (spec section 1): Austria, Germany, Switzerland. */
export const COMPANY_COUNTRIES = ['AT', 'DE', 'CH'] as const;

const required = z.string().refine((value) => value.trim() !== '', {
  error: msg('companyRegistration.required'),
  abort: true,
});

/**
 * Spec section 2, company registration: every field filled, the e-mail valid ('E-Mail nicht gültig',
 * zod's e-mail check as the contracts use it). The values go to `POST /api/v1/company` as typed.
 */
export const companyForm = createCompanyBody.extend({
  name: required,
  email: required.refine((value) => z.regexes.email.test(value.trim()), msg('companyRegistration.emailInvalid')),
  phone: required,
  street: required,
  postcode: required,
  city: required,
  registerNumber: required,
  taxNumber: required,
});
