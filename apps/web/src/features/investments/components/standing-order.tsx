import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { CheckboxField, SubmitButton } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';

/**
 * What the savings plan (ADR 0045) and auto-invest (ADR 0052) share on the investments screen: one
 * standing-order lifecycle — set up, the open orders, change, pause, resume, end — and the history of
 * what each bought or refused.
 */

/** The statuses in which an order is shown as open (with its actions). */
export const OPEN_STANDING_ORDER = new Set(['pending', 'active', 'paused']);

export type StandingOrderMove = 'pause' | 'resume' | 'end';

/** The actions of an open order: change, pause or resume, end (a pending one can only be withdrawn). */
export const StandingOrderActions = ({
  status,
  busy,
  failed,
  onChange,
  onMove,
}: {
  readonly status: string;
  readonly busy: boolean;
  readonly failed: boolean;
  readonly onChange: () => void;
  readonly onMove: (move: StandingOrderMove) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {status !== 'pending' ? (
          <>
            <Button type="button" variant="secondary" onClick={onChange}>
              {t('savings.change')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => onMove(status === 'paused' ? 'resume' : 'pause')}
            >
              {status === 'paused' ? t('savings.resume') : t('savings.pause')}
            </Button>
          </>
        ) : null}
        <Button type="button" variant="secondary" disabled={busy} onClick={() => onMove('end')}>
          {status === 'pending' ? t('savings.cancel') : t('savings.end')}
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {t('savings.error')}
        </p>
      )}
    </>
  );
};

/**
 * The end of a set-up or change form: the confirmations given once for the standing order
 * (appropriateness, the 5,000 € limit), send to sign, cancel.
 */
export const StandingOrderFormEnd = ({
  acknowledge,
  accept5k,
  submit,
  onCancel,
}: {
  readonly acknowledge: string;
  readonly accept5k: string;
  readonly submit: string;
  readonly onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <CheckboxField name="acknowledged" label={acknowledge} />
      <CheckboxField name="accept5k" label={accept5k} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton>{submit}</SubmitButton>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('savings.cancel')}
        </Button>
      </div>
    </>
  );
};

/** What a history shows of an execution: which asset, and what was bought or why not. */
type HistoryExecution = {
  readonly assetTitle: string;
  readonly outcome: string;
  readonly shares: number;
  readonly spentCents: string;
  readonly reason: string | null;
};

/** What the orders bought or refused, newest first. */
export const StandingOrderHistory = <Row extends HistoryExecution>({
  rows,
  keyOf,
  atOf,
  refusal,
  empty,
  testId,
}: {
  readonly rows: readonly Row[];
  readonly keyOf: (row: Row) => string;
  /** When it happened (an ISO time). */
  readonly atOf: (row: Row) => string;
  /** The text of a refusal, with its `reason`. */
  readonly refusal: 'savings.skipped' | 'autoInvest.refused';
  readonly empty: string;
  readonly testId: string;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  if (rows.length === 0) return <p className="text-sm text-navy-700">{empty}</p>;
  return (
    <ul className="divide-y divide-navy-100" data-testid={testId}>
      {rows.map((row) => (
        <li key={keyOf(row)} className="flex flex-col gap-0.5 py-2">
          <span className="text-sm font-semibold text-navy-900">
            {format.date(atOf(row))} · {row.assetTitle}
          </span>
          <span className={`text-sm ${row.outcome === 'bought' ? 'text-navy-700' : 'text-danger'}`}>
            {row.outcome === 'bought'
              ? t('savings.bought', { shares: row.shares, amount: format.eur(row.spentCents) })
              : t(refusal, { reason: row.reason ?? '' })}
          </span>
        </li>
      ))}
    </ul>
  );
};

/**
 * The card of one kind of standing order: heading and text, then the form while setting up or
 * changing, else the open orders and the set-up button; the history below.
 */
export const StandingOrderSection = ({
  id,
  testId,
  icon: Icon,
  title,
  text,
  form,
  empty,
  orders,
  create,
  historyTitle,
  history,
}: {
  readonly id: string;
  readonly testId: string;
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text: string;
  /** The set-up or change form, while it is open. */
  readonly form: ReactNode;
  /** Shown when there is no open order (`orders` is null). */
  readonly empty: string;
  readonly orders: ReactNode;
  /** The set-up button's text, when one may be set up now. */
  readonly create: { readonly label: string; readonly onClick: () => void } | null;
  readonly historyTitle: string;
  readonly history: ReactNode;
}) => (
  <section
    aria-labelledby={id}
    className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100"
    data-testid={testId}
  >
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-navy-900">
      <Icon aria-hidden="true" className="size-5 text-brand-text" />
      {title}
    </h2>
    <p className="text-sm text-navy-700">{text}</p>
    {form ?? (
      <>
        {orders ? (
          <ul className="divide-y divide-navy-100">{orders}</ul>
        ) : (
          <p className="text-sm text-navy-700">{empty}</p>
        )}
        {create ? (
          <div>
            <Button type="button" onClick={create.onClick}>
              {create.label}
            </Button>
          </div>
        ) : null}
      </>
    )}
    <h3 className="text-base font-semibold text-navy-900">{historyTitle}</h3>
    {history}
  </section>
);
