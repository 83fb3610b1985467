import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { usePaymentAccount, usePayoutAccounts } from '../api/payment-account';
import { useUserName } from '../hooks/use-user-name';
import { AddPayoutGuide, PayoutAccountList } from './add-payout-guide';
import { SkeletonBlock } from './skeletons';

/** Spec sections 2 and 5, `add-payout`: how to add a payout account, and the ones there are (live). */
export const AddPayoutPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const account = usePaymentAccount();
  const payoutAccounts = usePayoutAccounts();
  const name = useUserName();
  const data = account.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <BackLink to={href({ key: 'account' })}>{t('addPayout.back')}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('addPayout.title')}</h1>
      <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        {data?.IBAN && data.BIC ? (
          <AddPayoutGuide iban={data.IBAN} bic={data.BIC} name={name} />
        ) : account.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <SkeletonBlock className="h-5 w-3/4" />
            <SkeletonBlock className="h-16 w-full" />
            <SkeletonBlock className="h-16 w-full" />
          </div>
        ) : (
          <p className="text-base text-navy-700">{t('account.noWalletText')}</p>
        )}
      </section>
      <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <PayoutAccountList accounts={payoutAccounts.data} />
      </section>
      <Link to={href({ key: 'account' })} className={buttonClass('secondary', true)}>
        {t('addPayout.back')}
      </Link>
    </div>
  );
};
