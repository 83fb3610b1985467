import type { AssetDetail, PurchaseView } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, Smartphone } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { usePurchase } from '../api/get-purchase';
import { PURCHASE_PARAM } from '../lib/market-tabs';
import { BuilderOwnerSteps } from './builder-owner-steps';
import { CancelButton } from './cancel-button';

/** Where the rest of the app keeps what a settled purchase changes. */
const CHANGED_BY_PURCHASE = [['payment'], ['investments'], ['asset'], ['assets']] as const;

const Card = ({ children, testId }: { readonly children: ReactNode; readonly testId: string }) => (
  <section
    className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-navy-100 md:p-8"
    data-testid={testId}
  >
    {children}
  </section>
);

const SigningWaiting = ({ purchase }: { readonly purchase: PurchaseView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <Card testId="purchase-signing">
      <span className="grid size-16 place-items-center rounded-2xl bg-navy-100 text-brand-text">
        <Smartphone aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      <h2 className="text-2xl font-bold tracking-tight text-navy-900">{t('trading.signTitle')}</h2>
      <p className="text-base leading-relaxed text-navy-700">
        {t('trading.signText', { count: purchase.shares, amount: format.eur(purchase.total) })}
      </p>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-navy-700">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-navy-300 border-t-brand" />
        {t('trading.signWaiting')}
      </p>
      <p className="flex items-center gap-2 text-sm text-navy-700">
        <Clock aria-hidden="true" className="size-4" />
        {t('trading.signExpires', { time: format.time(purchase.signingExpiresAt) })}
      </p>
      <CancelButton transactionId={purchase.transactionId} />
    </Card>
  );
};

const Links = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className="flex w-full flex-col gap-3">
      <Link to={href({ key: 'investments' })} className={buttonClass('primary', true)}>
        {t('trading.toInvestments')}
      </Link>
      <Link to={href({ key: 'account' })} className={buttonClass('secondary', true)}>
        {t('trading.toAccount')}
      </Link>
    </div>
  );
};

const Success = ({ purchase, asset }: { readonly purchase: PurchaseView; readonly asset: AssetDetail }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const bankWire = purchase.method === 'bankWire';
  return (
    <Card testId="purchase-success">
      <span className="grid size-16 place-items-center rounded-2xl bg-green-50 text-success">
        <CircleCheck aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      <h2 className="text-2xl font-bold tracking-tight text-navy-900">
        {bankWire ? t('trading.builderCompletedTitle') : t('trading.successTitle')}
      </h2>
      <p className="text-base leading-relaxed text-navy-700">
        {bankWire
          ? t('trading.builderCompletedText', { count: purchase.shares, title: asset.title })
          : t('trading.successText', {
              count: purchase.shares,
              title: asset.title,
              amount: format.eur(purchase.total),
            })}
      </p>
      <Links />
    </Card>
  );
};

const Ended = ({ purchase }: { readonly purchase: PurchaseView }) => {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [title, text] =
    purchase.status === 'rejected'
      ? [t('trading.rejectedTitle'), t('trading.rejectedText')]
      : purchase.status === 'expired'
        ? [t('trading.expiredTitle'), t('trading.expiredText')]
        : [t('trading.canceledTitle'), t('trading.canceledText')];
  const again = () =>
    setParams((params) => {
      params.delete(PURCHASE_PARAM);
      return params;
    });
  return (
    <Card testId="purchase-ended">
      <span className="grid size-16 place-items-center rounded-2xl bg-navy-100 text-navy-700">
        <CircleX aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      <h2 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h2>
      <p className="text-base leading-relaxed text-navy-700">{text}</p>
      <Button block onClick={again}>
        {t('trading.again')}
      </Button>
      <Links />
    </Card>
  );
};

/**
 * After `initInvestment`: waiting for the signature in the security app (with cancel), then the
 * outcome; a builder-owner purchase continues with the notary date and the payment request.
 */
export const PurchaseProgress = ({
  transactionId,
  asset,
}: {
  readonly transactionId: string;
  readonly asset: AssetDetail;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const purchase = usePurchase(transactionId);
  const status = purchase.data?.status;
  useEffect(() => {
    if (status === 'settled' || status === 'canceled' || status === 'awaitingPayment')
      for (const queryKey of CHANGED_BY_PURCHASE) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }, [status, queryClient]);
  if (purchase.isPending)
    return (
      <div aria-busy="true" className="mx-auto h-72 w-full max-w-xl animate-pulse rounded-3xl bg-navy-100">
        <span className="sr-only">{t('trading.loading')}</span>
      </div>
    );
  if (purchase.isError)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm font-medium text-danger ring-1 ring-red-200">
        {purchase.error.message || t('trading.errorGeneric')}
      </p>
    );
  const data = purchase.data;
  switch (data.status) {
    case 'reserved':
      return <SigningWaiting purchase={data} />;
    case 'awaitingPayment':
    case 'awaitingNotary':
      return <BuilderOwnerSteps purchase={data} />;
    case 'settled':
      return <Success purchase={data} asset={asset} />;
    case 'canceled':
    case 'rejected':
    case 'expired':
      return <Ended purchase={data} />;
  }
};
