import type { Transaction } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Wallet } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { openPaymentAccount, PAYMENT_QUERY_ROOT, usePaymentAccount, usePayoutAccounts } from '../api/payment-account';
import { useUserName } from '../hooks/use-user-name';
import { AddPayoutGuide, PayoutAccountList } from './add-payout-guide';
import { BalanceCard } from './balance-card';
import { PayInCard } from './pay-in-card';
import { PayOutCard } from './pay-out-card';
import { AccountSkeleton } from './skeletons';
import { TransactionSections } from './transaction-list';
import { TransactionSheet } from './transaction-sheet';

const TRANSACTION_PARAM = 'transaction';

/**
 * Spec section 2, account: balance and available balance, pay in (personal IBAN and BIC), pay out
 * (amount, then SMS code), payout accounts, pending and past transactions; `?transaction={id}` opens
 * one. Every money change arrives as a realtime `update` and refreshes the `payment` queries.
 */
export const AccountPage = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const navigate = useNavigate();
  const account = usePaymentAccount();
  const payoutAccounts = usePayoutAccounts();
  const [params, setParams] = useSearchParams();
  const [payoutGuideOpen, setPayoutGuideOpen] = useState(false);
  const transactionId = params.get(TRANSACTION_PARAM);

  const openTransaction = useCallback((id: string) => setParams({ [TRANSACTION_PARAM]: id }), [setParams]);
  const closeTransaction = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const closePayoutGuide = useCallback(() => setPayoutGuideOpen(false), []);
  // The phone families have the add-payout screen; desktop has none (spec section 2) and shows it in a dialog.
  const addPayoutAccount = () => {
    if (family === 'desktopWeb') setPayoutGuideOpen(true);
    else void navigate(href({ key: 'addPayout' }));
  };

  const data = account.data;
  const known: Transaction | undefined = data
    ? [...data.pendingTransactions, ...data.pastTransactions].find((item) => item.transactionId === transactionId)
    : undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('account.title')}</h1>
      {account.isPending ? (
        <AccountSkeleton label={t('common.appLoading')} />
      ) : !data ? (
        <StatusPage icon={CircleAlert} tone="danger" title={t('account.loadError')} text={t('account.errorGeneric')}>
          <Button onClick={() => void account.refetch()}>{t('common.retry')}</Button>
        </StatusPage>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_1fr] lg:items-start">
          <div className="lg:col-start-1 lg:row-start-1">
            <BalanceCard account={data} />
          </div>
          <div className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            {data.IBAN && data.BIC ? (
              <>
                <PayInCard iban={data.IBAN} bic={data.BIC} />
                <PayOutCard
                  availableAmount={data.availableAmount}
                  payoutAccounts={payoutAccounts.data}
                  onAddPayoutAccount={addPayoutAccount}
                />
              </>
            ) : (
              <NoWalletCard />
            )}
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <TransactionSections
              pending={data.pendingTransactions}
              past={data.pastTransactions}
              onOpen={openTransaction}
            />
          </div>
        </div>
      )}
      <TransactionSheet transactionId={transactionId} known={known} onClose={closeTransaction} />
      {data?.IBAN && data.BIC ? (
        <PayoutGuideDialog open={payoutGuideOpen} onClose={closePayoutGuide} iban={data.IBAN} bic={data.BIC} />
      ) : null}
    </div>
  );
};

const PayoutGuideDialog = ({
  open,
  onClose,
  iban,
  bic,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly iban: string;
  readonly bic: string;
}) => {
  const { t } = useTranslation();
  const name = useUserName();
  const payoutAccounts = usePayoutAccounts();
  return (
    <BottomSheet open={open} onClose={onClose} title={t('addPayout.title')} variant="dialog">
      <div className="flex max-h-[70vh] flex-col gap-6 overflow-y-auto">
        <AddPayoutGuide iban={iban} bic={bic} name={name} />
        <PayoutAccountList accounts={payoutAccounts.data} />
        <Button variant="secondary" block onClick={onClose}>
          {t('addPayout.back')}
        </Button>
      </div>
    </BottomSheet>
  );
};

/** No wallet yet: it is opened for verified users (onboarding opens it later; spec section 4). */
const NoWalletCard = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    setError(null);
    try {
      await openPaymentAccount();
      await queryClient.invalidateQueries({ queryKey: [PAYMENT_QUERY_ROOT] });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 403
          ? t('account.openWalletRefused')
          : t('account.errorGeneric'),
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <section
      aria-labelledby="account-no-wallet"
      className="flex flex-col items-start gap-3 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
      data-testid="no-wallet"
    >
      <Wallet aria-hidden="true" className="size-8 text-brand-text" strokeWidth={1.75} />
      <h2 id="account-no-wallet" className="text-lg font-semibold text-navy-900">
        {t('account.noWalletTitle')}
      </h2>
      <p className="text-sm text-navy-700">{t('account.noWalletText')}</p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <Button onClick={() => void open()} disabled={pending} block>
        {t('account.openWallet')}
      </Button>
    </section>
  );
};
