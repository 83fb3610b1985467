import type { Transaction } from '@bw/contracts';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { isIncoming, type StateTone, stateTone, transactionState } from '../../../lib/transaction-state';
import { useShellStore } from '../../../stores/shell-store';
import { displayedTransaction } from '../lib/displayed-transaction';

const TONE_CLASSES: Readonly<Record<StateTone, string>> = {
  pending: 'bg-amber-50 text-amber-900',
  success: 'bg-emerald-50 text-success',
  neutral: 'bg-navy-100 text-navy-700',
  danger: 'bg-red-50 text-danger',
};

export const StateBadge = ({ transaction }: { readonly transaction: Transaction }) => {
  const { t } = useTranslation();
  const state = transactionState(transaction);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[stateTone(state)]}`}
      data-testid="transaction-state"
    >
      {t(`transactionStates.${state}`)}
    </span>
  );
};

/** The signed, formatted amount as the user sees it ("+ 100,00 €", "− 12,50 €"). */
export const useSignedAmount = () => {
  const format = useMoneyFormat();
  const userId = useShellStore((state) => state.user?.userId ?? '');
  return (transaction: Transaction) => {
    const shown = displayedTransaction(userId, transaction);
    const incoming = isIncoming(shown.type);
    return { incoming, type: shown.type, text: `${incoming ? '+' : '−'} ${format.eur(shown.amountCents)}` };
  };
};

const TransactionRow = ({
  transaction,
  onOpen,
}: {
  readonly transaction: Transaction;
  readonly onOpen: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const signed = useSignedAmount()(transaction);
  const Icon = signed.incoming ? ArrowDownLeft : ArrowUpRight;
  const typeLabel = t(`transactionTypes.${signed.type}`);
  const label = transaction.assetTitle ? `${typeLabel} · ${transaction.assetTitle}` : typeLabel;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(transaction.transactionId)}
        data-testid="transaction-row"
        className="flex w-full items-center gap-3 rounded-2xl px-2 py-3 text-left hover:bg-navy-100 focus-visible:bg-navy-100"
      >
        <span
          className={`grid size-10 shrink-0 place-items-center rounded-full ${
            signed.incoming ? 'bg-emerald-50 text-success' : 'bg-navy-100 text-navy-700'
          }`}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="truncate font-semibold text-navy-900" data-testid="transaction-label">
            {label}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-navy-700">
            <time dateTime={transaction.time}>{format.date(transaction.time)}</time>
            <StateBadge transaction={transaction} />
          </span>
        </span>
        <span
          className={`shrink-0 text-right font-semibold tabular-nums ${signed.incoming ? 'text-success' : 'text-navy-900'}`}
          data-testid="transaction-amount"
        >
          {signed.text}
        </span>
      </button>
    </li>
  );
};

/** Spec section 2: pending and past transactions; each opens by `account?transaction={id}`. */
export const TransactionSections = ({
  pending,
  past,
  onOpen,
}: {
  readonly pending: readonly Transaction[];
  readonly past: readonly Transaction[];
  readonly onOpen: (id: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="account-pending"
        className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-navy-100 sm:p-6"
        data-testid="pending-transactions"
      >
        <h2 id="account-pending" className="px-2 text-lg font-semibold text-navy-900">
          {t('account.pendingTitle')}
        </h2>
        {pending.length === 0 ? (
          <p className="px-2 pt-2 text-sm text-navy-700">{t('account.pendingEmpty')}</p>
        ) : (
          <ul className="mt-2 flex flex-col">
            {pending.map((transaction) => (
              <TransactionRow key={transaction.transactionId} transaction={transaction} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="account-past"
        className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-navy-100 sm:p-6"
        data-testid="past-transactions"
      >
        <h2 id="account-past" className="px-2 text-lg font-semibold text-navy-900">
          {t('account.pastTitle')}
        </h2>
        {past.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon={ReceiptText} title={t('account.pastEmptyTitle')} text={t('account.pastEmptyText')} />
          </div>
        ) : (
          <ul className="mt-2 flex flex-col">
            {past.map((transaction) => (
              <TransactionRow key={transaction.transactionId} transaction={transaction} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
