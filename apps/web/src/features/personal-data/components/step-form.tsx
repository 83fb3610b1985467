import { ArrowLeft } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { useTranslation } from '../../../lib/i18n';

export type StepNavigation = {
  /** Absent on the first step of the walk (spec section 4: going back removes the last step). */
  readonly onBack?: (() => void) | undefined;
  /** Called once the step's calls succeeded: advancing moves one step on. */
  readonly onNext: () => void;
};

export type StepFormProps = {
  readonly title: string;
  readonly text?: string;
  readonly saving: boolean;
  readonly formError: string | null;
  readonly onBack?: (() => void) | undefined;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
};

/** One step of the personal data: its question, its fields, the message above the buttons, back and next. */
export const StepForm = ({ title, text, saving, formError, onBack, onSubmit, children }: StepFormProps) => {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-busy={saving}>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {text ? <p className="mt-1 text-navy-700">{text}</p> : null}
      </div>
      <div className="flex flex-col gap-4">{children}</div>
      <FormMessage tone="error" text={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={saving}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            {t('personalData.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={saving} className="sm:min-w-40">
          {saving ? t('personalData.saving') : t('personalData.next')}
        </Button>
      </div>
    </form>
  );
};
