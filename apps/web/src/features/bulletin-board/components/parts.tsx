import type { BulletinOffer } from '@bw/contracts';
import type { PriceDeviation } from '@bw/domain';
import { formatNumber } from '@bw/i18n';
import { Clock, Info, Lock, Minus, Plus, Smartphone, TriangleAlert } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { BackLink } from '../../../components/back-link';
import { ErrorText } from '../../../components/form/field-error';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { ApiError } from '../../../lib/api-client';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { RefusalNote as TradeRefusalNote } from '../../trading/components/refusal-note';
import { refusalAction } from '../../trading/lib/purchase-draft';

export const Card = ({
  children,
  testId,
  className = '',
  labelledBy,
}: {
  readonly children: ReactNode;
  readonly testId?: string;
  readonly className?: string;
  readonly labelledBy?: string;
}) => (
  <section
    aria-labelledby={labelledBy}
    className={`flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6 ${className}`}
    data-testid={testId}
  >
    {children}
  </section>
);

/** "3 Anteile" in the current locale. */
export const useSharesText = () => {
  const { t } = useTranslation();
  return (count: number) => t('bulletinBoard.sharesCount', { count, value: formatNumber(count, currentLocale(), 0) });
};

const MAX_SHARES_INPUT_DIGITS = 7;

/** Digits only; anything else is ignored rather than turned into NaN. */
export const parseShares = (raw: string): number => {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_SHARES_INPUT_DIGITS);
  return digits === '' ? 0 : Number(digits);
};

const stepClass =
  'grid size-12 shrink-0 place-items-center rounded-xl text-navy-900 ring-1 ring-inset ring-navy-300 hover:bg-navy-100 disabled:opacity-40';

/** A shares field with minus and plus, capped at `max` when known. */
export const SharesField = ({
  value,
  onChange,
  max,
  hint,
  invalid,
  error,
  inputRef,
}: {
  readonly value: number;
  readonly onChange: (shares: number) => void;
  readonly max: number | null;
  readonly hint?: ReactNode;
  readonly invalid: boolean;
  /** The form's message about the shares, below the field. */
  readonly error?: string | undefined;
  /** The form's handle on the input (focus on a refused value). */
  readonly inputRef?: Ref<HTMLInputElement> | undefined;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {t('bulletinBoard.sharesLabel')}
      </label>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={stepClass}
          aria-label={t('trading.sharesLess')}
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={value === 0 ? '' : String(value)}
          ref={inputRef}
          onChange={(event) => onChange(parseShares(event.target.value))}
          aria-invalid={invalid || Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="h-12 min-w-0 flex-1 rounded-xl border border-navy-300 bg-white px-4 text-center text-2xl font-bold tabular-nums text-navy-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <button
          type="button"
          className={stepClass}
          aria-label={t('trading.sharesMore')}
          disabled={max !== null && value >= max}
          onClick={() => onChange(max === null ? value + 1 : Math.min(max, value + 1))}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ErrorText id={errorId} name="sharesAmount" message={error} />
      {hint ? <div className="text-sm text-navy-700">{hint}</div> : null}
    </div>
  );
};

export const Row = ({
  label,
  value,
  testId,
  strong = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly testId?: string;
  readonly strong?: boolean;
}) => (
  <div className={`flex items-baseline justify-between gap-4 ${strong ? 'pt-3' : 'py-2'}`}>
    <dt className={strong ? 'text-base font-semibold text-navy-900' : 'text-sm text-navy-700'}>{label}</dt>
    <dd
      className={`text-right font-semibold tabular-nums text-navy-900 ${strong ? 'text-2xl font-bold' : 'text-sm'}`}
      data-testid={testId}
    >
      {value}
    </dd>
  </div>
);

const statusTone: Record<BulletinOffer['status'], string> = {
  new: 'bg-amber-50 text-amber-900 ring-amber-200',
  open: 'bg-green-50 text-success ring-green-200',
  accepted: 'bg-navy-100 text-navy-900 ring-navy-300',
  closed: 'bg-navy-100 text-navy-700 ring-navy-300',
  deleted: 'bg-red-50 text-danger ring-red-200',
};

const statusLabel = {
  new: 'bulletinBoard.statusNew',
  open: 'bulletinBoard.statusOpen',
  accepted: 'bulletinBoard.statusAccepted',
  closed: 'bulletinBoard.statusClosed',
  deleted: 'bulletinBoard.statusDeleted',
} as const;

export const StatusBadge = ({ status }: { readonly status: BulletinOffer['status'] }) => {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${statusTone[status]}`}
      data-testid="offer-status"
    >
      {t(statusLabel[status])}
    </span>
  );
};

const warningTone = {
  info: { Icon: Info, className: 'bg-amber-50 text-amber-900 ring-amber-200', testId: 'price-warning-info' },
  confirm: { Icon: TriangleAlert, className: 'bg-red-50 text-danger ring-red-200', testId: 'price-warning-confirm' },
} as const;

/**
 * The price warning against the 30-day average (spec section 5): an info note above 10 %, a red
 * note above 20 %, where the trade asks for the confirmation before it is sent.
 */
export const PriceWarningNote = ({
  level,
  info,
  confirm,
}: {
  readonly level: PriceDeviation;
  readonly info: string;
  readonly confirm: string;
}) => {
  if (level === 'none') return null;
  const { Icon, className, testId } = warningTone[level];
  return (
    <p className={`flex items-start gap-2 rounded-xl p-3 text-sm ring-1 ${className}`} data-testid={testId}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {level === 'info' ? info : confirm}
    </p>
  );
};

/** A refused call as the screen needs it: the server's code and its message (none when it sent none). */
export type Refusal = { readonly code: string; readonly message: string | null };

export const refusalOf = (error: unknown): Refusal => ({
  code: error instanceof ApiError ? error.code : '',
  message: error instanceof ApiError && error.message ? error.message : null,
});

/** What a refused call means on screen: the way out every buy and sell shows (ADR 0040). */
export const RefusalNote = ({ code, message }: Refusal) => (
  <TradeRefusalNote action={refusalAction(code)} message={message} />
);

/** While a screen's data loads: the header and one large card. */
export const PageSkeleton = () => {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 md:px-8 md:py-10">
      <span className="sr-only">{t('bulletinBoard.loading')}</span>
      <div className="h-16 w-2/3 animate-pulse rounded-2xl bg-navy-100" />
      <div className="h-64 animate-pulse rounded-3xl bg-navy-100" />
    </div>
  );
};

/** The offer screens' header: back to the market tab, the title and the asset. */
export const PageHeader = ({
  backTo,
  title,
  subtitle,
}: {
  readonly backTo: string;
  readonly title: string;
  readonly subtitle: string;
}) => {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3">
      <BackLink to={backTo}>{t('bulletinBoard.back')}</BackLink>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">{title}</h1>
        <p className="text-sm text-navy-700">{subtitle}</p>
      </div>
    </header>
  );
};

/** Progress while a signature in the security app is outstanding (docs/style.md: progress on every step). */
export const SigningWait = ({
  text,
  testId,
  expiresAt,
}: {
  readonly text: string;
  readonly testId: string;
  readonly expiresAt?: string;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-navy-100/60 p-5 text-center" data-testid={testId}>
      <span className="grid size-14 place-items-center rounded-2xl bg-white text-brand-text">
        <Smartphone aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <h3 className="text-lg font-bold text-navy-900">{t('bulletinBoard.signOfferTitle')}</h3>
      <p className="text-sm leading-relaxed text-navy-700">{text}</p>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-navy-700">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-navy-300 border-t-brand" />
        {t('bulletinBoard.signWaiting')}
      </p>
      {expiresAt ? (
        <p className="flex items-center gap-2 text-sm text-navy-700">
          <Clock aria-hidden="true" className="size-4" />
          {t('bulletinBoard.signExpires', { time: format.time(expiresAt) })}
        </p>
      ) : null}
    </div>
  );
};

/** The mark of a private offer (spec section 3, offer visibility). */
export const PrivateBadge = () => {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-navy-100 px-2.5 py-1 text-xs font-semibold text-navy-700">
      <Lock aria-hidden="true" className="size-3" />
      {t('bulletinBoard.private')}
    </span>
  );
};

/** "104,48 € pro Anteil", large on the offer screen, smaller in lists. */
export const PricePerShare = ({
  priceCents,
  large = false,
}: {
  readonly priceCents: string;
  readonly large?: boolean;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={`font-bold tabular-nums text-navy-900 ${large ? 'text-3xl' : 'text-lg'}`}
        data-testid="offer-price"
      >
        {format.eur(priceCents)}
      </span>
      <span className="text-sm text-navy-700">{t('bulletinBoard.pricePerShare')}</span>
    </span>
  );
};
