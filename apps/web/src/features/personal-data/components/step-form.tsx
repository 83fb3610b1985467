import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { type CodeFields, Form, FormError, SubmitButton, useFormPending } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';

export type StepNavigation = {
  /** Absent on the first step of the walk (spec section 4: going back removes the last step). */
  readonly onBack?: (() => void) | undefined;
  /** Called once the step's calls succeeded: advancing moves one step on. */
  readonly onNext: () => void;
};

export type StepFormProps<Fields extends FieldValues, Values> = {
  readonly title: string;
  readonly text?: string;
  readonly form: UseFormReturn<Fields, unknown, Values>;
  /** Saves the step (a failed call's messages go to their fields, spec section 7, else above the buttons). */
  readonly onSubmit: (values: Values) => unknown;
  readonly codeFields?: CodeFields;
  /** Names the server answers for beside the form's fields (the birth date typed in three parts). */
  readonly fields?: readonly string[];
  readonly onBack?: (() => void) | undefined;
  readonly children: ReactNode;
};

const StepButtons = ({ onBack }: { readonly onBack: (() => void) | undefined }) => {
  const { t } = useTranslation();
  const saving = useFormPending();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('personalData.back')}
        </Button>
      ) : (
        <span />
      )}
      <SubmitButton className="sm:min-w-40" pendingLabel={t('personalData.saving')}>
        {t('personalData.next')}
      </SubmitButton>
    </div>
  );
};

/** One step of the personal data: its question, its fields, the message above the buttons, back and next. */
export const StepForm = <Fields extends FieldValues, Values>({
  title,
  text,
  form,
  onSubmit,
  codeFields,
  fields,
  onBack,
  children,
}: StepFormProps<Fields, Values>) => {
  const { t } = useTranslation();
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      serverErrors={{ fallback: t('personalData.saveFailed'), codeFields, fields }}
      className="flex flex-col gap-6"
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {text ? <p className="mt-1 text-navy-700">{text}</p> : null}
      </div>
      <div className="flex flex-col gap-4">{children}</div>
      <FormError />
      <StepButtons onBack={onBack} />
    </Form>
  );
};
