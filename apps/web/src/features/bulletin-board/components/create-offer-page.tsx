import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useAsset } from '../../assets/api/get-asset';
import { CreateOfferForm } from './create-offer-form';

/** Desktop: `trading/{id}/create-buy-offer` and `create-sell-offer` (spec section 2). */
const CreateOfferPage = ({ type }: { readonly type: 'buy' | 'sell' }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const id = useParams().id ?? '';
  const asset = useAsset(id);
  if (asset.isPending)
    return (
      <div aria-busy="true" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 md:px-8 md:py-10">
        <span className="sr-only">{t('bulletinBoard.loading')}</span>
        <div className="h-16 w-2/3 animate-pulse rounded-2xl bg-navy-100" />
        <div className="h-64 animate-pulse rounded-3xl bg-navy-100" />
      </div>
    );
  if (asset.isError)
    return (
      <StatusPage icon={SearchX} title={t('trading.loadError')} text={t('bulletinBoard.errorGeneric')}>
        <Link to={href({ key: 'marketplace' })} className={buttonClass('primary', true)}>
          {t('common.backToMarketplace')}
        </Link>
      </StatusPage>
    );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 md:px-8 md:py-10">
      <header className="flex flex-col gap-3">
        <Link
          to={href({ key: 'trading', params: { id }, search: `market=${type}` })}
          className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-text"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('bulletinBoard.back')}
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">
            {t(type === 'buy' ? 'bulletinBoard.createBuyTitle' : 'bulletinBoard.createSellTitle')}
          </h1>
          <p className="text-sm text-navy-700">{asset.data.title}</p>
        </div>
      </header>
      <CreateOfferForm asset={asset.data} type={type} />
    </div>
  );
};

export const CreateBuyOfferPage = () => <CreateOfferPage type="buy" />;
export const CreateSellOfferPage = () => <CreateOfferPage type="sell" />;
