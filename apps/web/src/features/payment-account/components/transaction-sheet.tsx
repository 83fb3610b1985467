import type { Transaction } from '@bw/contracts';
import type { ReactNode } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { readablePaymentInformation } from '../../../lib/payment-information';
import { useTransaction } from '../api/payment-account';
import { groupIban, partyText } from './copy-button';
import { SkeletonBlock } from './skeletons';
import { StateBadge, useSignedAmount } from './transaction-list';

const Field = ({
  label,
  children,
  testId,
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly testId: string;
}) => (
  <div className="flex items-start justify-between gap-4 border-b border-navy-100 py-2.5 last:border-b-0">
    <dt className="text-sm text-navy-700">{label}</dt>
    <dd className="min-w-0 break-words text-right text-sm font-semibold text-navy-900" data-testid={testId}>
      {children}
    </dd>
  </div>
);

const TransactionFields = ({ transaction }: { readonly transaction: Transaction }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const signed = useSignedAmount()(transaction);
  const none = t('transaction.none');
  return (
    <div className="flex flex-col gap-4" data-testid="transaction-detail">
      <div className="flex flex-col items-start gap-2">
        <p
          className="text-3xl font-bold tracking-tight text-navy-900 tabular-nums"
          data-testid="transaction-detail-amount"
        >
          {signed.text}
        </p>
        <StateBadge transaction={transaction} />
      </div>
      <dl className="max-h-[55vh] overflow-y-auto">
        <Field label={t('transaction.type')} testId="tx-type">
          {t(`transactionTypes.${signed.type}`)}
        </Field>
        <Field label={t('transaction.time')} testId="tx-time">
          <time dateTime={transaction.time}>{format.dateTime(transaction.time)}</time>
        </Field>
        <Field label={t('transaction.method')} testId="tx-method">
          {t(`transactionMethods.${transaction.method}`)}
        </Field>
        <Field label={t('transaction.sender')} testId="tx-sender">
          {transaction.sender ? partyText(transaction.sender) : none}
        </Field>
        <Field label={t('transaction.receiver')} testId="tx-receiver">
          {transaction.receiver ? partyText(transaction.receiver) : none}
        </Field>
        {transaction.type === 'buy' || transaction.type === 'sell' || transaction.type === 'financing' ? (
          <Field
            label={t(transaction.type === 'sell' ? 'transaction.salePrice' : 'transaction.purchasePrice')}
            testId="tx-price"
          >
            {format.eur(transaction.amount)}
          </Field>
        ) : null}
        <Field label={t('transaction.fee')} testId="tx-fee">
          {format.eur(transaction.fee.amount)}
        </Field>
        <Field label={t('transaction.bonus')} testId="tx-bonus">
          {format.eur(transaction.bonus.amount)}
        </Field>
        <Field label={t('transaction.paymentInformation')} testId="tx-payment-information">
          {readablePaymentInformation(transaction.paymentInformation, {
            rentalCredit: t('transaction.rentalCredit'),
            bulletinTrade: t('transaction.bulletinTrade'),
          }) ?? none}
        </Field>
        <Field label={t('transaction.payoutAccount')} testId="tx-payout-account">
          {transaction.payoutAccount ? (
            <span className="font-mono">{groupIban(transaction.payoutAccount.IBAN)}</span>
          ) : (
            none
          )}
        </Field>
        <Field label={t('transaction.taxes')} testId="tx-taxes">
          {transaction.taxes.length === 0
            ? none
            : transaction.taxes.map((tax) => (
                <span key={tax.taxType} className="block tabular-nums">
                  {tax.taxType} {format.eur(tax.amount)}
                </span>
              ))}
        </Field>
        <Field label={t('transaction.fiscalPeriod')} testId="tx-fiscal-period">
          {transaction.fiscalPeriod ? format.period(transaction.fiscalPeriod) : none}
        </Field>
        <Field label={t('transaction.asset')} testId="tx-asset">
          {transaction.assetTitle ?? none}
        </Field>
        <Field label={t('transaction.transactionId')} testId="tx-id">
          <span className="font-mono text-xs">{transaction.transactionId}</span>
        </Field>
      </dl>
    </div>
  );
};

/**
 * Spec section 2: one transaction, opened by `account?transaction={id}` (and the deep link
 * `transaction/{id}`). Shown from the list at once when it is there, always refreshed from the server.
 */
export const TransactionSheet = ({
  transactionId,
  known,
  onClose,
}: {
  readonly transactionId: string | null;
  readonly known: Transaction | undefined;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const family = useFamily();
  const query = useTransaction(transactionId);
  const transaction = query.data ?? known;
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <BottomSheet
      open={transactionId !== null}
      onClose={onClose}
      title={t('transaction.title')}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      {transaction ? (
        <TransactionFields transaction={transaction} />
      ) : query.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {notFound ? t('transaction.notFound') : t('transaction.loadError')}
        </p>
      ) : (
        <div className="flex flex-col gap-3" aria-busy="true">
          <SkeletonBlock className="h-9 w-40" />
          <SkeletonBlock className="h-40 w-full" />
        </div>
      )}
      <Button variant="secondary" block className="mt-5" onClick={onClose}>
        {t('common.close')}
      </Button>
    </BottomSheet>
  );
};
