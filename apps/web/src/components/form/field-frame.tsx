import type { ReactNode } from 'react';
import { ErrorText } from './field-error';

/** The ids a field's control points at with `aria-describedby`: its message (when shown), then its hint. */
export const describedBy = (id: string, error: string | undefined, hint: string | undefined): string | undefined =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** The look every field of the kit shares: label, the control, the message at the field (spec section 5), the hint. */
export const FieldFrame = ({
  id,
  name,
  label,
  error,
  hint,
  className,
  children,
}: {
  /** The control's id; the message and the hint get `<id>-error` and `<id>-hint`. */
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: string | undefined;
  readonly className?: string | undefined;
  readonly children: ReactNode;
}) => (
  <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
    <label htmlFor={id} className="text-sm font-semibold text-navy-900">
      {label}
    </label>
    {children}
    <ErrorText id={`${id}-error`} name={name} message={error} />
    {hint ? (
      <p id={`${id}-hint`} className="text-sm text-navy-700">
        {hint}
      </p>
    ) : null}
  </div>
);

/** The border of a text input, select or text area: red while the field has a message. */
export const controlClass = (error: boolean): string =>
  `block w-full rounded-xl border bg-white text-base text-navy-900 placeholder:text-navy-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
    error ? 'border-danger' : 'border-navy-300'
  }`;
