import type { UserWithOnboarding } from '@bw/contracts';

/** Spec section 4, "Full identification flow order". */
export const IDENTIFICATION_FLOW = [
  'Email',
  'EmailConfirmation',
  'NamePassword',
  'Address',
  'Birthday',
  'Birthplace',
  'Nationality',
  'ComplianceDocuments',
  'PhoneNumber',
  'ContinueOnNative',
  'ExternalIdentification',
  'KnowledgeAndExperience',
  'SecurityAppIntegration',
  'FinishIdentification',
  'BankAccountVerification',
  'AgreementDocuments',
  'SuccessScreen',
] as const;
export type FlowStep = (typeof IDENTIFICATION_FLOW)[number];

/** The steps this feature shows itself; every later step belongs to the identification screens. */
export const PERSONAL_DATA_STEPS = [
  'Address',
  'Birthday',
  'Birthplace',
  'Nationality',
  'ComplianceDocuments',
  'PhoneNumber',
] as const satisfies readonly FlowStep[];
export type PersonalDataStep = (typeof PERSONAL_DATA_STEPS)[number];

export const isPersonalDataStep = (step: FlowStep): step is PersonalDataStep =>
  (PERSONAL_DATA_STEPS as readonly FlowStep[]).includes(step);

/** The fields of `GET /api/v1/user` the choice reads. */
export type FlowUser = Pick<
  UserWithOnboarding,
  'emailVerified' | 'firstName' | 'lastName' | 'phone' | 'personalInformation' | 'PEP' | 'account'
> & { readonly registrationProcessStatus: UserWithOnboarding['registrationProcessStatus'] };

const has = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/** Is this step already done for the user (then it is skipped)? */
export const isStepDone = (step: FlowStep, user: FlowUser): boolean => {
  const info = user.personalInformation;
  const status = user.registrationProcessStatus;
  switch (step) {
    // A logged-in user has an address; the name and the e-mail confirmation may still be open.
    case 'Email':
      return true;
    case 'EmailConfirmation':
      return user.emailVerified;
    case 'NamePassword':
      return has(user.firstName) && has(user.lastName);
    case 'Address':
      return has(info.address.street) && has(info.address.PLZ) && has(info.address.city) && has(info.domicile);
    case 'Birthday':
      return has(info.birthDate);
    case 'Birthplace':
      return has(info.birthCountry) && has(info.birthCity);
    case 'Nationality':
      return has(info.nationality);
    case 'ComplianceDocuments':
      // Spec section 5: the four confirmations (PEP stored), the social security or tax number, the payout IBAN.
      return (
        user.PEP === false &&
        (has(info.socialSecurityNumber) || info.hasTaxNumberInsteadOfSocialSecurityNumber) &&
        has(user.account.IBAN) &&
        user.account.VAT !== null
      );
    case 'PhoneNumber':
      return has(user.phone);
    // Identification runs in the browser as well, so no family is sent to the native app for it.
    case 'ContinueOnNative':
      return true;
    case 'ExternalIdentification':
      return status.kycDocuments;
    case 'KnowledgeAndExperience':
      return status.knowledgeAndExperience;
    case 'SecurityAppIntegration':
      return status.securityApp;
    case 'FinishIdentification':
    case 'BankAccountVerification':
    case 'AgreementDocuments':
    case 'SuccessScreen':
      return status.userWasActivatedOnce;
  }
};

/** Spec section 4: "A required subset of these steps is chosen per user", in the flow's order. */
export const requiredSteps = (user: FlowUser): FlowStep[] =>
  IDENTIFICATION_FLOW.filter((step) => !isStepDone(step, user));

/** The walk through the chosen steps: the last entry of `history` is on screen. */
export type FlowState = { readonly plan: readonly FlowStep[]; readonly history: readonly FlowStep[] };

export const startFlow = (plan: readonly FlowStep[]): FlowState => ({
  plan,
  history: plan.length > 0 ? [plan[0] as FlowStep] : [],
});

export const currentStep = (state: FlowState): FlowStep | null => state.history.at(-1) ?? null;

/** "Advancing moves one step on": the plan's step after the current one (null at the end). */
export const advance = (state: FlowState): FlowState => {
  const current = currentStep(state);
  const next = current === null ? undefined : state.plan[state.plan.indexOf(current) + 1];
  return next === undefined ? state : { ...state, history: [...state.history, next] };
};

/** "Going back removes the last step"; the first one stays. */
export const back = (state: FlowState): FlowState =>
  state.history.length > 1 ? { ...state, history: state.history.slice(0, -1) } : state;

/** The personal-data part of the plan, for "step n of m". */
export const personalDataPlan = (state: FlowState): PersonalDataStep[] => state.plan.filter(isPersonalDataStep);
