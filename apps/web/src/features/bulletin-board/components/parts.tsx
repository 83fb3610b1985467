import type { BulletinOffer } from '@bw/contracts';
import { formatNumber } from '@bw/i18n';
import { Minus, Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { NoSecurityAppMessage } from '../../security-app/components/no-security-app-message';

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
}: {
  readonly value: number;
  readonly onChange: (shares: number) => void;
  readonly max: number | null;
  readonly hint?: ReactNode;
  readonly invalid: boolean;
}) => {
  const { t } = useTranslation();
  const id = useId();
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
          onChange={(event) => onChange(parseShares(event.target.value))}
          aria-invalid={invalid}
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

/** What a refused call means on screen: link the security app, top up, or the server's German message. */
export const RefusalNote = ({ error }: { readonly error: unknown }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'SECURITY_APP_NOT_CONNECTED')
    return (
      <div className="flex flex-col gap-3">
        <NoSecurityAppMessage />
        <Link to={href({ key: 'securityAppIntegration' })} className={buttonClass('secondary', true)}>
          {t('bulletinBoard.linkSecurityApp')}
        </Link>
      </div>
    );
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 text-sm text-danger ring-1 ring-red-200">
      <p className="font-medium">
        {error instanceof ApiError && error.message ? error.message : t('bulletinBoard.errorGeneric')}
      </p>
      {code === 'OFFER_INSUFFICIENT_FUNDS' ? (
        <Link to={href({ key: 'account' })} className={buttonClass('secondary', true, 'sm')}>
          {t('bulletinBoard.topUp')}
        </Link>
      ) : null}
    </div>
  );
};
