import { z } from 'zod';

/** Spec section 7: company registration, financial advisor, reminders (issue 5). */

const text = (max: number) => z.string().max(max);

export const createCompanyBody = z.strictObject({
  name: text(200),
  email: text(254),
  phone: text(32),
  street: text(200),
  postcode: text(16),
  city: text(100),
  countryCode: text(2),
  registerNumber: text(32),
  taxNumber: text(32),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

export const companyView = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  registerNumber: z.string(),
  taxNumber: z.string(),
});
export type CompanyView = z.infer<typeof companyView>;

export const setUserCompanyBody = z.strictObject({ companyId: z.uuid() });
export const setUserCompanyResult = z.object({ companyId: z.uuid() });

export const financialAdvisorKinds = ['financialAdvisor', 'tipster', 'none'] as const;
export const financialAdvisorBody = z.strictObject({
  kind: z.enum(financialAdvisorKinds),
  name: text(200).optional(),
});
export const financialAdvisorView = z.object({ kind: z.enum(financialAdvisorKinds), name: z.string().nullable() });

export const reminderTypes = ['identification', 'securityApp', 'signature', 'register'] as const;
export const reminderBody = z.strictObject({
  type: z.enum(reminderTypes),
  /** When to remind (ISO date-time); null cancels the reminder. */
  date: z.iso.datetime({ offset: true }).nullable(),
});
export const reminderView = z.object({ type: z.enum(reminderTypes), date: z.string().nullable() });

export const registrationErrors = {
  COMPANY_INVALID: { status: 400 },
  COMPANY_NOT_FOUND: { status: 404 },
  FINANCIAL_ADVISOR_NAME_REQUIRED: { status: 400 },
  REMINDER_DATE_INVALID: { status: 400 },
} as const;
