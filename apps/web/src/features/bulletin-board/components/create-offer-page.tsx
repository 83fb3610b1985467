import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useAsset } from '../../assets/api/get-asset';
import { CreateOfferForm } from './create-offer-form';
import { PageHeader, PageSkeleton } from './parts';

/** Desktop: `trading/{id}/create-buy-offer` and `create-sell-offer` (spec section 2). */
const CreateOfferPage = ({ type }: { readonly type: 'buy' | 'sell' }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const id = useParams().id ?? '';
  const asset = useAsset(id);
  if (asset.isPending) return <PageSkeleton />;
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
      <PageHeader
        backTo={href({ key: 'trading', params: { id }, search: `market=${type}` })}
        title={t(type === 'buy' ? 'bulletinBoard.createBuyTitle' : 'bulletinBoard.createSellTitle')}
        subtitle={asset.data.title}
      />
      <CreateOfferForm asset={asset.data} type={type} />
    </div>
  );
};

export const CreateBuyOfferPage = () => <CreateOfferPage type="buy" />;
export const CreateSellOfferPage = () => <CreateOfferPage type="sell" />;
