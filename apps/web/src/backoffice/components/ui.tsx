import { AlertTriangle, Loader2 } from 'lucide-react';
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';
import { ApiError } from '../../lib/api-client';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const variants: Record<Variant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-dark shadow-sm',
  secondary: 'bg-white text-ink ring-1 ring-inset ring-line hover:bg-canvas',
  danger: 'bg-white text-bad ring-1 ring-inset ring-bad/40 hover:bg-bad/5',
  ghost: 'bg-transparent text-accent hover:bg-accent/5',
};

export const buttonClass = (variant: Variant = 'secondary'): string =>
  `inline-flex items-center justify-center gap-1.5 rounded-md px-3 h-9 text-sm font-medium transition disabled:opacity-50 disabled:cursor-not-allowed ${variants[variant]}`;

export const Button = ({
  variant = 'secondary',
  busy = false,
  className = '',
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { readonly variant?: Variant; readonly busy?: boolean }) => (
  <button type={type} className={`${buttonClass(variant)} ${className}`} disabled={disabled || busy} {...rest}>
    {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
    {children}
  </button>
);

export const PageHeader = ({
  title,
  subtitle,
  actions,
}: {
  readonly title: string;
  readonly subtitle?: ReactNode;
  readonly actions?: ReactNode;
}) => (
  <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
    <div>
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
    </div>
    {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
  </div>
);

export const Card = ({
  title,
  actions,
  children,
  className = '',
}: {
  readonly title?: string;
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}) => (
  <section className={`rounded-lg border border-line bg-white ${className}`}>
    {title ? (
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        {actions}
      </header>
    ) : null}
    <div className="p-4">{children}</div>
  </section>
);

type Tone = 'neutral' | 'ok' | 'warn' | 'bad' | 'info';
const tones: Record<Tone, string> = {
  neutral: 'bg-canvas text-muted ring-line',
  ok: 'bg-ok/10 text-ok ring-ok/25',
  warn: 'bg-warn/10 text-warn ring-warn/25',
  bad: 'bg-bad/10 text-bad ring-bad/25',
  info: 'bg-accent/10 text-accent ring-accent/25',
};

export const Badge = ({ tone = 'neutral', children }: { readonly tone?: Tone; readonly children: ReactNode }) => (
  <span
    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}
  >
    {children}
  </span>
);

export const EmptyState = ({ title, text }: { readonly title: string; readonly text?: string }) => (
  <div className="px-6 py-10 text-center">
    <p className="font-medium text-ink">{title}</p>
    {text ? <p className="mt-1 text-muted">{text}</p> : null}
  </div>
);

export const Spinner = ({ label = 'Wird geladen …' }: { readonly label?: string }) => (
  <div className="flex items-center gap-2 px-4 py-8 text-muted" role="status">
    <Loader2 className="size-4 animate-spin" aria-hidden />
    {label}
  </div>
);

/** What the back office says when a call failed without a message of the server's own. */
export const FALLBACK_MESSAGE = 'Es ist ein Fehler aufgetreten. Bitte versuche es nochmal.';

export const messageOf = (error: unknown): string => (error instanceof ApiError ? error.message : FALLBACK_MESSAGE);

/** A message in the back office's alert box (a refused call, a form's message about no field). */
export const AlertBox = ({
  message,
  className = '',
}: {
  readonly message: string | null | undefined;
  readonly className?: string;
}) =>
  message ? (
    <div
      role="alert"
      className={`flex items-start gap-2 rounded-md border border-bad/30 bg-bad/5 px-3 py-2 text-bad ${className}`}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  ) : null;

export const ErrorNotice = ({ error }: { readonly error: unknown }) =>
  error ? <AlertBox message={messageOf(error)} /> : null;

export const Notice = ({ children }: { readonly children: ReactNode }) => (
  <div role="status" className="rounded-md border border-ok/30 bg-ok/5 px-3 py-2 text-ok">
    {children}
  </div>
);

export const inputClass =
  'block w-full rounded-md border border-line bg-white px-2.5 py-1.5 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/20 disabled:bg-canvas';

export type FieldShell = {
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly className?: string | undefined;
};

/** What a control points at with `aria-describedby`: its message while it has one, else its hint. */
export const fieldDescription = (
  id: string,
  { error, hint }: Pick<FieldShell, 'error' | 'hint'>,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/** The back office's field look: small label, the control, then the message (red) or the hint. */
export const Shell = ({
  id,
  name,
  label,
  hint,
  error,
  className = '',
  children,
}: FieldShell & { readonly id: string; readonly name?: string | undefined; readonly children: ReactNode }) => (
  <div className={className}>
    <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
      {label}
    </label>
    {children}
    {error ? (
      <p className="mt-1 text-xs text-bad" id={`${id}-error`} data-testid={name ? `error-${name}` : undefined}>
        {error}
      </p>
    ) : hint ? (
      <p className="mt-1 text-xs text-muted" id={`${id}-hint`}>
        {hint}
      </p>
    ) : null}
  </div>
);

export const TextField = ({
  label,
  hint,
  error,
  className,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) => {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} className={inputClass} {...fieldDescription(id, { error, hint })} {...input} />
    </Shell>
  );
};

export const TextArea = ({
  label,
  hint,
  error,
  className,
  ...input
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) => {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} className={`${inputClass} min-h-20`} {...fieldDescription(id, { error, hint })} {...input} />
    </Shell>
  );
};

export type SelectOption = { readonly value: string; readonly label: string };

/** A select's choices. */
export const Options = ({ options }: { readonly options: readonly SelectOption[] }) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

export const SelectField = ({
  label,
  hint,
  error,
  className,
  options,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { readonly options: readonly SelectOption[] }) => {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} className={inputClass} {...fieldDescription(id, { error, hint })} {...select}>
        <Options options={options} />
      </select>
    </Shell>
  );
};

/** Label and value pairs of a detail pane. */
export const Facts = ({ items }: { readonly items: readonly (readonly [string, ReactNode])[] }) => (
  <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-[minmax(8rem,auto)_1fr]">
    {items.map(([label, value]) => (
      <div key={label} className="contents">
        <dt className="text-muted">{label}</dt>
        <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value}</dd>
      </div>
    ))}
  </dl>
);
