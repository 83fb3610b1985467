import type { UserWithOnboarding } from '@bw/contracts';
import type { ScreenRef } from '../../../config/paths';
import type { OpenStep } from '../../../lib/startup';

/** Spec section 4: "The header reminds the user of the open step: register, identification, signature, connect security app." */
export type { OpenStep };

/** What the open step depends on (the banner reads only this much of the user, api/get-open-step-user.ts). */
export type OpenStepUser = Pick<UserWithOnboarding, 'firstName' | 'lastName' | 'status'> & {
  readonly registrationProcessStatus: Pick<UserWithOnboarding['registrationProcessStatus'], 'securityApp'>;
};

/** The first open step of the account setup order (spec section 4), or null when nothing is open or it waits for review. */
export const openStepOf = (user: OpenStepUser): OpenStep | null => {
  if (!user.firstName?.trim() || !user.lastName?.trim()) return 'register';
  switch (user.status) {
    case 'new':
      return 'identification';
    // Under review: the user is told by e-mail once checked (spec section 4); nothing to do meanwhile.
    case 'pending':
    case 'deactivated':
      return null;
    case 'verified':
      return 'signature';
    case 'active':
      return user.registrationProcessStatus.securityApp ? null : 'securityApp';
  }
};

/** Where each open step is done. */
export const openStepScreen = (step: OpenStep): ScreenRef => {
  switch (step) {
    case 'register':
      return { key: 'register', search: 'finishRegistration&hidePassword' };
    case 'identification':
    case 'signature':
      return { key: 'identification' };
    case 'securityApp':
      return { key: 'securityAppIntegration' };
  }
};
