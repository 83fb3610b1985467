import { ArrowDownToLine, Clock } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { BankDetail, groupIban } from './copy-button';

/** Spec section 2, pay in: the personal IBAN and BIC with copy buttons, and how long a transfer takes. */
export const PayInCard = ({ iban, bic }: { readonly iban: string; readonly bic: string }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-pay-in" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="account-pay-in" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <ArrowDownToLine aria-hidden="true" className="size-5 text-brand-text" />
        {t('account.payInTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('account.payInText')}</p>
      <BankDetails iban={iban} bic={bic} />
      <p className="mt-3 flex items-start gap-2 text-sm text-navy-700" data-testid="pay-in-arrival">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('account.payInArrival')}
      </p>
    </section>
  );
};

export const BankDetails = ({ iban, bic }: { readonly iban: string; readonly bic: string }) => {
  const { t } = useTranslation();
  return (
    <dl className="mt-4 flex flex-col gap-2">
      <BankDetail label={t('account.iban')} value={iban} display={groupIban(iban)} testId="personal-iban" />
      <BankDetail label={t('account.bic')} value={bic} testId="personal-bic" />
    </dl>
  );
};
