import type { UserWithOnboarding } from '@bw/contracts';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  advance,
  back,
  currentStep,
  type FlowState,
  IDENTIFICATION_FLOW,
  isPersonalDataStep,
  type PersonalDataStep,
  personalDataPlan,
  requiredSteps,
  startFlow,
} from '../lib/flow';
import { ReminderDialog } from './reminder-dialog';
import type { StepNavigation } from './step-form';
import { AddressStep } from './steps/address-step';
import { BirthdayStep } from './steps/birthday-step';
import { BirthplaceStep } from './steps/birthplace-step';
import { ComplianceDocumentsStep } from './steps/compliance-documents-step';
import { NationalityStep } from './steps/nationality-step';
import { PhoneNumberStep } from './steps/phone-number-step';

type StepProps = { readonly user: UserWithOnboarding; readonly nav: StepNavigation };

const screens = {
  Address: AddressStep,
  Birthday: BirthdayStep,
  Birthplace: BirthplaceStep,
  Nationality: NationalityStep,
  ComplianceDocuments: ComplianceDocumentsStep,
  PhoneNumber: PhoneNumberStep,
} as const satisfies Record<PersonalDataStep, (props: StepProps) => React.ReactNode>;

/** The registration steps before Address belong to the register screen (spec section 4, registration flow). */
const FIRST_IDENTIFICATION_STEP = IDENTIFICATION_FLOW.indexOf('Address');

/** The identification flow from Address on, with the steps this user still needs (spec section 4). */
export const identificationWalk = (user: UserWithOnboarding): FlowState =>
  startFlow(requiredSteps(user).filter((step) => IDENTIFICATION_FLOW.indexOf(step) >= FIRST_IDENTIFICATION_STEP));

/** Does this user still have personal-data steps to walk? */
export const needsPersonalData = (user: UserWithOnboarding): boolean => {
  const step = currentStep(identificationWalk(user));
  return step !== null && isPersonalDataStep(step);
};

/**
 * Spec section 4: the personal-data part of the identification flow. The required subset is chosen
 * once from the user's data (steps already done are skipped); advancing moves one step on, back
 * removes the last. When the next step is the external identification, `onDone` hands over.
 */
export const PersonalDataSteps = ({
  user,
  onDone,
}: {
  readonly user: UserWithOnboarding;
  readonly onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [flow, setFlow] = useState(() => identificationWalk(user));
  const [reminderOpen, setReminderOpen] = useState(false);
  const step = currentStep(flow);
  const personalStep = step !== null && isPersonalDataStep(step) ? step : null;
  useEffect(() => {
    if (personalStep === null) onDone();
  }, [personalStep, onDone]);
  useEffect(() => {
    if (personalStep) window.scrollTo({ top: 0 });
  }, [personalStep]);
  if (personalStep === null) return null;
  const plan = personalDataPlan(flow);
  const position = plan.indexOf(personalStep) + 1;
  const Screen = screens[personalStep];
  const nav: StepNavigation = {
    onBack: flow.history.length > 1 ? () => setFlow(back) : undefined,
    onNext: () => setFlow(advance),
  };
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10"
      data-screen={`personal-data-${personalStep}`}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-brand-text">
          {t('personalData.eyebrow')} · {t('personalData.stepOf', { current: position, total: plan.length })}
        </p>
        <div
          role="progressbar"
          aria-label={t('personalData.progress')}
          aria-valuemin={0}
          aria-valuemax={plan.length}
          aria-valuenow={position}
          className="h-1.5 overflow-hidden rounded-full bg-navy-300/50"
        >
          <div className="h-full rounded-full bg-brand" style={{ width: `${(position / plan.length) * 100}%` }} />
        </div>
      </div>
      <Screen key={personalStep} user={user} nav={nav} />
      <button
        type="button"
        onClick={() => setReminderOpen(true)}
        className="inline-flex min-h-11 items-center justify-center gap-2 self-center rounded-lg px-3 text-sm font-semibold text-navy-700 hover:bg-navy-100 hover:text-navy-900"
      >
        <BellRing aria-hidden="true" className="size-4" />
        {t('personalData.remindLater')}
      </button>
      <ReminderDialog open={reminderOpen} onClose={() => setReminderOpen(false)} />
    </div>
  );
};
