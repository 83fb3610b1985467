import { Store } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { useAssetOffers } from '../../assets/api/get-asset-offers';

/** The buy and sell tabs until the bulletin board plugs in its panels: how many investor offers exist. */
export const OffersPlaceholder = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const offers = useAssetOffers(assetId);
  const count = offers.data?.filter((offer) => offer.type !== 'primary').length;
  return (
    <section aria-labelledby="offers-title" className="flex flex-col gap-3" data-testid="offers-placeholder">
      <h2 id="offers-title" className="text-lg font-semibold text-navy-900">
        {t('trading.offersTitle')}
      </h2>
      <EmptyState
        icon={Store}
        title={count === undefined ? t('trading.loading') : t('trading.offersCount', { count })}
        text={t('trading.offersSoon')}
      />
    </section>
  );
};
