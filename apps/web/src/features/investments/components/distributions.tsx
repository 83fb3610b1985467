import type { Transaction } from '@bw/contracts';
import { Download, FileText } from 'lucide-react';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { usePaymentAccount } from '../../payment-account/api/payment-account';
import { useTaxStatements } from '../api/get-tax-statements';

const grossOf = (transaction: Transaction): bigint =>
  BigInt(transaction.amount) + transaction.taxes.reduce((sum, tax) => sum + BigInt(tax.amount), 0n);

/** The "my investment" tab's distributions (issue 22): each payment with its period, gross, tax lines and net. */
export const AssetDistributions = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const account = usePaymentAccount();
  const payments = (account.data?.pastTransactions ?? []).filter(
    (transaction) => transaction.type === 'rent' && transaction.assetId === assetId,
  );
  return (
    <section aria-labelledby="detail-distributions" className="flex flex-col gap-3" data-testid="asset-distributions">
      <h2 id="detail-distributions" className="text-lg font-semibold text-navy-900">
        {t('investments.distributionsTitle')}
      </h2>
      {payments.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
          {t('investments.distributionsEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-navy-100 rounded-3xl bg-white px-5 shadow-sm ring-1 ring-navy-100">
          {payments.map((payment) => (
            <li key={payment.transactionId} className="flex flex-col gap-1 py-3" data-testid="distribution-row">
              <div className="flex items-baseline justify-between gap-4">
                <span className="text-sm font-semibold text-navy-900">
                  {t('investments.distributionPeriod', {
                    period: payment.fiscalPeriod ? format.period(payment.fiscalPeriod) : '–',
                  })}
                </span>
                <span className="font-semibold tabular-nums text-success" data-testid="distribution-net">
                  + {format.eur(payment.amount)}
                </span>
              </div>
              <div className="flex flex-wrap justify-between gap-x-4 text-sm text-navy-700">
                <span>{format.date(payment.time)}</span>
                <span className="tabular-nums">
                  {t('investments.distributionGross')} {format.eur(grossOf(payment).toString())}
                  {payment.taxes.map((tax) => (
                    <span key={tax.taxType} data-testid="distribution-tax">
                      {' · '}
                      {tax.taxType} − {format.eur(tax.amount)}
                    </span>
                  ))}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** Annual tax statements as PDF downloads (issue 22). */
export const TaxStatements = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const statements = useTaxStatements();
  const years = statements.data?.years ?? [];
  return (
    <section aria-labelledby="tax-statements" className="flex flex-col gap-3" data-testid="tax-statements">
      <h2 id="tax-statements" className="text-lg font-semibold text-navy-900">
        {t('investments.taxStatementsTitle')}
      </h2>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100">
        <p className="text-sm text-navy-700">
          {years.length === 0 ? t('investments.taxStatementsEmpty') : t('investments.taxStatementsText')}
        </p>
        {years.map((year) => (
          <a
            key={year.year}
            href={year.url}
            download={`steuerbescheinigung-${year.year}.pdf`}
            className="flex flex-col gap-1 rounded-xl px-2 py-2 hover:bg-navy-100 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            data-testid="tax-statement-link"
          >
            <span className="flex items-center gap-2 font-semibold text-navy-900">
              <FileText aria-hidden="true" className="size-5 text-brand-text" />
              {t('investments.taxStatementDownload', { year: year.year })}
            </span>
            <span className="flex items-center gap-2 text-sm tabular-nums text-navy-700">
              {t('investments.realisedIncome')} {format.eur(year.gross)}
              <Download aria-hidden="true" className="size-4" />
            </span>
          </a>
        ))}
      </div>
    </section>
  );
};
