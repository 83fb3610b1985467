import { useId } from 'react';
import { get, useFormState } from 'react-hook-form';

/**
 * The message of one name in the surrounding form (the schema's or the server's) and the id its
 * text gets, for `aria-describedby` on the inputs it is about.
 */
export const useFieldError = (name: string): { readonly message: string | undefined; readonly errorId: string } => {
  const { errors } = useFormState({ name });
  const errorId = `${useId()}-error`;
  const error: { message?: unknown } | undefined = get(errors, name);
  const message = error?.message;
  return { message: typeof message === 'string' && message !== '' ? message : undefined, errorId };
};

/** A field's message below it, announced with the field (`aria-describedby` points at `id`). */
export const ErrorText = ({
  id,
  name,
  message,
  className = '',
}: {
  readonly id: string;
  /** `data-testid="error-<name>"`, as the browser tests find it. */
  readonly name: string;
  readonly message: string | null | undefined;
  readonly className?: string;
}) =>
  message ? (
    <p id={id} className={`text-sm font-medium text-danger ${className}`} data-testid={`error-${name}`}>
      {message}
    </p>
  ) : null;

/** The message of a name that has no input of its own (a date typed in three parts). */
export const FieldError = ({ name, className }: { readonly name: string; readonly className?: string }) => {
  const { message, errorId } = useFieldError(name);
  return <ErrorText id={errorId} name={name} message={message} className={className} />;
};
