import type { PurchaseView } from '@bw/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';

type CardState = PurchaseView['cardState'];

type StateKey =
  | 'investments.stateSignatureMissing'
  | 'investments.statePaymentMissing'
  | 'investments.stateNotaryMissing'
  | 'investments.stateCompleted'
  | 'investments.stateCanceled';

export const stateLabel: Record<CardState, StateKey> = {
  signatureMissing: 'investments.stateSignatureMissing',
  paymentMissing: 'investments.statePaymentMissing',
  notaryMissing: 'investments.stateNotaryMissing',
  completed: 'investments.stateCompleted',
  canceled: 'investments.stateCanceled',
};

const stateTone: Record<CardState, string> = {
  signatureMissing: 'bg-amber-50 text-amber-900 ring-amber-200',
  paymentMissing: 'bg-amber-50 text-amber-900 ring-amber-200',
  notaryMissing: 'bg-amber-50 text-amber-900 ring-amber-200',
  completed: 'bg-green-50 text-success ring-green-200',
  canceled: 'bg-navy-100 text-navy-700 ring-navy-300',
};

const isOpen = (state: CardState) => state !== 'completed' && state !== 'canceled';

/**
 * One purchase as a transaction card (spec sections 2 and 4): asset, shares, total and its card
 * state (Signatur ausständig, Zahlung ausständig, Notarunterlagen ausständig, storniert). An open
 * one continues on the asset's trading screen.
 */
export const PurchaseCard = ({ purchase }: { readonly purchase: PurchaseView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  const open = isOpen(purchase.cardState);
  const body = (
    <>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-semibold text-navy-900">{purchase.assetTitle}</span>
        <span className="text-xs text-navy-700">
          {t('investments.purchaseOf', { count: purchase.shares })} · {format.date(purchase.createdAt)}
        </span>
        <span
          className={`mt-1 inline-flex self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${stateTone[purchase.cardState]}`}
          data-testid="card-state"
        >
          {t(stateLabel[purchase.cardState])}
        </span>
      </div>
      <span className="text-right text-base font-semibold tabular-nums text-navy-900" data-testid="purchase-total">
        {format.eur(purchase.total)}
      </span>
      {open ? <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-navy-500" /> : null}
    </>
  );
  const className = 'flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100';
  return (
    <li data-testid="purchase-card" data-transaction-id={purchase.transactionId}>
      {open ? (
        <Link
          to={href({
            key: 'trading',
            params: { id: purchase.assetId },
            search: `purchase=${purchase.transactionId}`,
          })}
          className={`${className} hover:ring-navy-300`}
        >
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
};

export const PurchaseList = ({ purchases }: { readonly purchases: readonly PurchaseView[] }) => (
  <ul className="flex flex-col gap-2">
    {purchases.map((purchase) => (
      <PurchaseCard key={purchase.transactionId} purchase={purchase} />
    ))}
  </ul>
);
