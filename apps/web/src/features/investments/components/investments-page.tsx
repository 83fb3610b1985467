import type { InvestmentsView } from '@bw/contracts';
import { CircleAlert, Compass, PieChart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { OpenBonuses } from '../../bonuses/components/open-bonuses';
import { ReferralCard } from '../../bonuses/components/referral-card';
import { OpenOffers } from '../../bulletin-board/components/open-offers';
import { useInvestments } from '../api/get-investments';
import { AlertsCard } from './alerts-card';
import { AutoInvestCard } from './auto-invest-card';
import { TaxStatements } from './distributions';
import { HoldingCard } from './holding-card';
import { PortfolioChart } from './portfolio-chart';
import { PurchaseList } from './purchase-card';
import { SavingsPlans } from './savings-plans';

const Section = ({
  id,
  title,
  children,
  testId,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
  readonly testId: string;
}) => (
  <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={testId}>
    <h2 id={id} className="text-lg font-semibold text-navy-900">
      {title}
    </h2>
    {children}
  </section>
);

const Stat = ({
  label,
  value,
  large = false,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly large?: boolean;
  readonly testId?: string;
}) => (
  <div className="flex flex-col gap-1">
    <dt className="text-sm text-navy-700">{label}</dt>
    <dd
      className={`tabular-nums text-navy-900 ${large ? 'text-2xl font-bold md:text-3xl' : 'text-lg font-semibold'}`}
      data-testid={testId}
    >
      {value}
    </dd>
  </div>
);

/** Total value and distributions received; the return figures (issue 22) beside them. */
const Summary = ({ data }: { readonly data: InvestmentsView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6">
      <Stat label={t('investments.totalValue')} value={format.eur(data.totalValue)} large testId="investments-total" />
      <Stat label={t('investments.collectedRent')} value={format.eur(data.collectedRent)} large />
      <Stat label={t('investments.irr')} value={format.percentBps(data.irrBps)} testId="investments-irr" />
      <Stat
        label={t('investments.totalReturn')}
        value={format.percentBps(data.totalReturnBps)}
        testId="investments-total-return"
      />
    </dl>
  );
};

const DiscoverMore = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <Section id="investments-discover" title={t('investments.discoverTitle')} testId="discover-more">
      <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100">
        <Compass aria-hidden="true" className="size-7 text-brand-text" strokeWidth={1.75} />
        <p className="text-sm text-navy-700">{t('investments.discoverText')}</p>
        <Link to={href({ key: 'marketplace' })} className={buttonClass('secondary')}>
          {t('investments.discoverLink')}
        </Link>
      </div>
    </Section>
  );
};

const InvestmentsSkeleton = () => {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{t('investments.loading')}</span>
      <div className="h-28 animate-pulse rounded-3xl bg-navy-100" />
      <div className="h-20 animate-pulse rounded-2xl bg-navy-100" />
      <div className="h-20 animate-pulse rounded-2xl bg-navy-100" />
    </div>
  );
};

/**
 * Phones read top-down: summary, open transactions, holdings, past purchases, discover more.
 * Desktop keeps the open transactions in a column of their own beside the rest.
 */
const InvestmentsBody = ({ data }: { readonly data: InvestmentsView }) => {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_auto_auto_1fr] lg:items-start">
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <Summary data={data} />
        {data.holdings.length > 0 || data.pastPurchases.length > 0 ? <PortfolioChart /> : null}
      </div>
      <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-4 lg:row-start-1">
        <Section id="investments-open" title={t('investments.openTitle')} testId="open-purchases">
          {data.openPurchases.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
              {t('investments.openEmpty')}
            </p>
          ) : (
            <PurchaseList purchases={data.openPurchases} />
          )}
        </Section>
        <div className="mt-6">
          <OpenOffers />
        </div>
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <Section id="investments-mine" title={t('investments.mineTitle')} testId="my-investments">
          {data.holdings.length === 0 ? (
            <EmptyState icon={PieChart} title={t('investments.mineEmpty')} text={t('investments.mineEmptyText')} />
          ) : (
            <ul className="flex flex-col gap-2">
              {data.holdings.map((holding) => (
                <HoldingCard key={holding.assetId} holding={holding} />
              ))}
            </ul>
          )}
        </Section>
      </div>
      {data.pastPurchases.length > 0 ? (
        <div className="min-w-0 lg:col-start-1 lg:row-start-3">
          <Section id="investments-past" title={t('investments.pastTitle')} testId="past-purchases">
            <PurchaseList purchases={data.pastPurchases} />
          </Section>
        </div>
      ) : null}
      <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-4">
        <SavingsPlans />
        <AutoInvestCard />
        <AlertsCard />
        <OpenBonuses />
        <ReferralCard />
        <TaxStatements />
        <DiscoverMore />
      </div>
    </div>
  );
};

/** Spec section 2, investments: my investments, open transactions with their card states, discover more. */
export const InvestmentsPage = () => {
  const { t } = useTranslation();
  const investments = useInvestments();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('investments.title')}</h1>
      {investments.isPending ? (
        <InvestmentsSkeleton />
      ) : investments.isError ? (
        <StatusPage
          icon={CircleAlert}
          tone="danger"
          title={t('investments.loadError')}
          text={t('trading.errorGeneric')}
        >
          <Button onClick={() => void investments.refetch()}>{t('common.retry')}</Button>
        </StatusPage>
      ) : (
        <InvestmentsBody data={investments.data} />
      )}
    </div>
  );
};

export const Component = InvestmentsPage;
