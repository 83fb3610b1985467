/**
 * Spec section 5, Confirmations: all four are required before the identification continues.
 * The client asks them on the ComplianceDocuments step; the PEP answer is also stored through
 * `POST /api/v1/user/complianceInformation {PEP}`.
 */
export const REQUIRED_CONFIRMATIONS = [
  'notPoliticallyExposed',
  'notUsTaxResident',
  'ownAccount',
  'noMoneyLaundering',
] as const;
export type Confirmation = (typeof REQUIRED_CONFIRMATIONS)[number];
export type Confirmations = Readonly<Partial<Record<Confirmation, boolean>>>;

/** The confirmations still missing (empty when all four are given). */
export const missingConfirmations = (given: Confirmations): Confirmation[] =>
  REQUIRED_CONFIRMATIONS.filter((name) => given[name] !== true);
