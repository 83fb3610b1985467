import type { BulletinOffer } from '@bw/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useMyOffers } from '../api/get-offers';
import { offerScreen } from '../lib/offer-screen';
import { stepLabel } from '../lib/step-labels';
import { StatusBadge } from './parts';

const LIVE_STATUSES: ReadonlySet<BulletinOffer['status']> = new Set(['new', 'open', 'accepted']);

/** Offers still live, and offers of others in which one of the user's trades is still running. */
export const openOffersOf = (offers: readonly BulletinOffer[]): BulletinOffer[] =>
  offers.filter(
    (offer) =>
      (offer.isMine && LIVE_STATUSES.has(offer.status)) || offer.trades.some((trade) => trade.status === 'pending'),
  );

const OpenOfferRow = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  const running = offer.trades.find((trade) => trade.status === 'pending');
  return (
    <li>
      <Link
        to={href(offerScreen(offer))}
        className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100 hover:ring-navy-300"
        data-testid="open-offer"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-navy-900">{offer.assetName}</span>
          <span className="block text-sm text-navy-700">
            {t(offer.type === 'sell' ? 'bulletinBoard.offerTitleSell' : 'bulletinBoard.offerTitleBuy')}
            {' · '}
            {format.eur(offer.price)}
          </span>
          <span className="block text-xs text-navy-700" data-testid="open-offer-progress">
            {running?.step
              ? t(stepLabel[running.step])
              : t('bulletinBoard.openOfferProgress', { settled: offer.sharesSettled, offered: offer.sharesOffered })}
          </span>
        </span>
        <StatusBadge status={offer.status} />
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-navy-500" />
      </Link>
    </li>
  );
};

/** Spec section 2, investments: "open offers", with their status and progress, linking to the overviews. */
export const OpenOffers = () => {
  const { t } = useTranslation();
  const offers = useMyOffers();
  const open = openOffersOf(offers.data ?? []);
  return (
    <section aria-labelledby="investments-offers" className="flex flex-col gap-3" data-testid="open-offers">
      <h2 id="investments-offers" className="text-lg font-semibold text-navy-900">
        {t('bulletinBoard.openOffersTitle')}
      </h2>
      {offers.isPending ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded-2xl bg-navy-100" />
      ) : open.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
          {t('bulletinBoard.openOffersEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {open.map((offer) => (
            <OpenOfferRow key={offer.offerId} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
};
