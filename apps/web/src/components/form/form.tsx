import { type FormEvent, type FormHTMLAttributes, type ReactNode, useRef } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn, useFormState } from 'react-hook-form';
import { Button, type ButtonProps } from '../button';
import { FormMessage } from './form-message';
import { applyServerErrors, type ServerErrorOptions } from './use-zod-form';

export type FormProps<Fields extends FieldValues, Values> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate'
> & {
  /** From `useZodForm`. */
  readonly form: UseFormReturn<Fields, unknown, Values>;
  /**
   * Runs with the schema's parsed values once the fields pass. A call that fails may throw: its
   * messages are placed by `serverErrors` (at their fields, else above the form).
   */
  readonly onSubmit: (values: Values) => unknown;
  readonly serverErrors: ServerErrorOptions;
  readonly children: ReactNode;
};

/**
 * A form of the kit (ADR 0015): checks the fields with the schema, sends once (a second submit while
 * one is under way is ignored), shows `aria-busy` meanwhile and places a refusal's messages.
 */
export const Form = <Fields extends FieldValues, Values>({
  form,
  onSubmit,
  serverErrors,
  children,
  ...rest
}: FormProps<Fields, Values>) => {
  const sending = useRef(false);
  const { isSubmitting } = useFormState({ control: form.control });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A form inside a portal (bottom sheet) must not submit the form its opener sits in.
    event.stopPropagation();
    if (sending.current) return;
    sending.current = true;
    void form
      .handleSubmit(async (values: Values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          applyServerErrors(form, error, serverErrors);
        }
      })(event)
      .finally(() => {
        sending.current = false;
      });
  };
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-busy={isSubmitting} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
};

/** True while the surrounding form is being sent. */
export const useFormPending = (): boolean => useFormState().isSubmitting;

/** The surrounding form's message that belongs to no field (`root.server`), where the layout puts it. */
export const FormError = () => {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  return <FormMessage tone="error" text={typeof message === 'string' && message !== '' ? message : null} />;
};

/** The form's submit button: disabled while the form is sent, with `pendingLabel` meanwhile if given. */
export const SubmitButton = ({
  pendingLabel,
  disabled,
  children,
  ...rest
}: Omit<ButtonProps, 'type'> & { readonly pendingLabel?: ReactNode }) => {
  const pending = useFormPending();
  return (
    <Button type="submit" disabled={pending || disabled} {...rest}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
};
