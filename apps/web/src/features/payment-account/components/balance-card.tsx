import type { PaymentAccountView } from '@bw/contracts';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';

/** Spec section 2: the balance, large, with the available balance (and what is reserved) below. */
export const BalanceCard = ({ account }: { readonly account: PaymentAccountView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <section aria-labelledby="account-balance" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="account-balance" className="text-sm font-semibold text-navy-700">
        {t('account.balance')}
      </h2>
      <p
        className="mt-1 text-4xl font-bold tracking-tight text-navy-900 tabular-nums sm:text-5xl"
        data-testid="balance"
        aria-live="polite"
      >
        {format.eur(account.amount)}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-navy-100 pt-4">
        <div>
          <dt className="text-sm text-navy-700">{t('account.available')}</dt>
          <dd className="text-lg font-semibold text-navy-900 tabular-nums" data-testid="available-balance">
            {format.eur(account.availableAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-700">{t('account.held')}</dt>
          <dd className="text-lg font-semibold text-navy-900 tabular-nums" data-testid="held-balance">
            {format.eur(account.heldAmount)}
          </dd>
        </div>
      </dl>
      {account.heldAmount !== '0' ? <p className="mt-3 text-sm text-navy-700">{t('account.balanceNote')}</p> : null}
    </section>
  );
};
