import type { AssetDetail, BulletinOffer } from '@bw/contracts';
import { formatNumber } from '@bw/i18n';
import { ChevronRight, Landmark, Plus, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useAssetOffers } from '../../assets/api/get-asset-offers';
import { usePriceHistory } from '../../assets/api/get-transaction-metadata';
import { MARKET_PARAM } from '../../trading/lib/market-tabs';
import { useOffers } from '../api/get-offers';
import { useBulletinBoardUpdates } from '../hooks/use-bulletin-board-updates';
import { DEPTH_LEVELS_SHOWN, depthOf, depthShare } from '../lib/depth';
import { CREATE_PARAM, createOfferScreen, offerScreen } from '../lib/offer-screen';
import { CreateOfferForm } from './create-offer-form';
import { OfferIdButton } from './offer-id-sheet';
import { Card, PricePerShare, PrivateBadge, useSharesText } from './parts';

type Tab = 'buy' | 'sell';

/** The buy tab lists sell offers to buy from; the sell tab buy offers to sell into. */
const listedType = (tab: Tab): 'buy' | 'sell' => (tab === 'buy' ? 'sell' : 'buy');

const Summary = ({
  asset,
  tab,
  offers,
}: {
  readonly asset: AssetDetail;
  readonly tab: Tab;
  readonly offers: BulletinOffer[];
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const average = usePriceHistory(asset.id, true).data?.averagePrice30DaysCents ?? null;
  const levels = depthOf(offers, listedType(tab)).slice(0, DEPTH_LEVELS_SHOWN);
  const best = levels[0];
  const count = (value: number) => formatNumber(value, currentLocale(), 0);
  return (
    <Card testId="offer-summary">
      <dl className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-navy-700">
            {t(tab === 'buy' ? 'bulletinBoard.lowestPrice' : 'bulletinBoard.highestPrice')}
          </dt>
          <dd className="text-2xl font-bold tabular-nums text-navy-900 md:text-3xl" data-testid="best-price">
            {best ? format.eur(best.priceCents) : t('bulletinBoard.noPrice')}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-navy-700">{t('bulletinBoard.averagePrice')}</dt>
          <dd className="text-2xl font-bold tabular-nums text-navy-900 md:text-3xl">
            {average ? format.eur(average) : t('bulletinBoard.noPrice')}
          </dd>
        </div>
      </dl>
      {levels.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-navy-900">{t('bulletinBoard.depthTitle')}</h3>
          <ul className="flex flex-col gap-1.5" data-testid="depth">
            {levels.map((level) => (
              <li
                key={level.priceCents.toString()}
                className="relative flex items-center justify-between gap-3 overflow-hidden rounded-lg px-3 py-2 text-sm"
                data-testid="depth-level"
              >
                <span
                  aria-hidden="true"
                  className={`absolute inset-y-0 left-0 ${tab === 'buy' ? 'bg-green-50' : 'bg-amber-50'}`}
                  style={{ width: `${depthShare(level, levels)}%` }}
                />
                <span className="relative font-semibold tabular-nums text-navy-900">
                  {format.eur(level.priceCents)}
                </span>
                <span className="relative tabular-nums text-navy-700">
                  {t('bulletinBoard.depthLevel', { count: level.sharesCount, value: count(level.sharesCount) })}
                  {' · '}
                  {t('bulletinBoard.depthOffers', { count: level.offersCount })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
};

const IssuerOffer = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const [params] = useSearchParams();
  const issuer = useAssetOffers(assetId).data?.find((offer) => offer.type === 'primary' && offer.sharesAmount > 0);
  if (!issuer) return null;
  const primary = new URLSearchParams(params);
  primary.set(MARKET_PARAM, 'primary');
  primary.delete(CREATE_PARAM);
  return (
    <li>
      <Link
        to={`?${primary}`}
        className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100 hover:ring-navy-300"
        data-testid="issuer-offer"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-navy-100 text-brand-text">
          <Landmark aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-navy-900">{t('bulletinBoard.issuerOffer')}</span>
          <span className="block text-sm text-navy-700">
            {t('bulletinBoard.issuerOfferText', { shares: issuer.sharesAmount, price: format.eur(issuer.price) })}
          </span>
        </span>
        <span className="text-sm font-semibold text-brand-text">{t('bulletinBoard.issuerOfferLink')}</span>
      </Link>
    </li>
  );
};

const OfferRow = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const sharesText = useSharesText();
  return (
    <li>
      <Link
        to={href(offerScreen(offer))}
        className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100 hover:ring-navy-300"
        data-testid="offer-row"
        data-offer-id={offer.offerId}
      >
        <span className="min-w-0 flex-1">
          <PricePerShare priceCents={offer.price} />
          <span className="mt-0.5 block text-sm text-navy-700">
            <span data-testid="offer-shares">{sharesText(offer.sharesAmount)}</span>
            {' · '}
            {offer.isMine ? t('bulletinBoard.mine') : t('bulletinBoard.by', { name: offer.firstParty.name })}
          </span>
        </span>
        {offer.visibility === 'private' ? <PrivateBadge /> : null}
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-navy-500" />
      </Link>
    </li>
  );
};

const OfferList = ({ asset, tab }: { readonly asset: AssetDetail; readonly tab: Tab }) => {
  const { t } = useTranslation();
  const offers = useOffers(asset.id, listedType(tab));
  if (offers.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t('bulletinBoard.loading')}</span>
        <div className="h-32 animate-pulse rounded-3xl bg-navy-100" />
        <div className="h-16 animate-pulse rounded-2xl bg-navy-100" />
      </div>
    );
  if (offers.isError)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm font-medium text-danger ring-1 ring-red-200">
        {t('bulletinBoard.loadError')}
      </p>
    );
  const open = offers.data.filter((offer) => offer.status === 'open');
  return (
    <div className="flex flex-col gap-4">
      <Summary asset={asset} tab={tab} offers={open} />
      <section aria-labelledby={`offers-${tab}`} className="flex flex-col gap-3">
        <h2 id={`offers-${tab}`} className="text-lg font-semibold text-navy-900">
          {t(tab === 'buy' ? 'bulletinBoard.sellOffersTitle' : 'bulletinBoard.buyOffersTitle')}
        </h2>
        <ul className="flex flex-col gap-2" data-testid="offer-list">
          {tab === 'buy' ? <IssuerOffer assetId={asset.id} /> : null}
          {open.map((offer) => (
            <OfferRow key={offer.offerId} offer={offer} />
          ))}
        </ul>
        {open.length === 0 ? (
          <EmptyState
            icon={Store}
            title={t(tab === 'buy' ? 'bulletinBoard.sellOffersEmpty' : 'bulletinBoard.buyOffersEmpty')}
            text={t(tab === 'buy' ? 'bulletinBoard.sellOffersEmptyText' : 'bulletinBoard.buyOffersEmptyText')}
          />
        ) : null}
      </section>
    </div>
  );
};

/** Phones: the create form inside the tab (their family has no create-offer screen; spec section 2). */
const InlineCreate = ({ asset, tab }: { readonly asset: AssetDetail; readonly tab: Tab }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete(CREATE_PARAM);
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={`?${back}`} replace>
        {t('bulletinBoard.back')}
      </BackLink>
      <h2 className="text-xl font-bold tracking-tight text-navy-900">
        {t(tab === 'buy' ? 'bulletinBoard.createBuyTitle' : 'bulletinBoard.createSellTitle')}
      </h2>
      <CreateOfferForm asset={asset} type={tab} />
    </div>
  );
};

const MarketPanel = ({ asset, tab }: { readonly asset: AssetDetail; readonly tab: Tab }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const [params] = useSearchParams();
  useBulletinBoardUpdates();
  const tradable = asset.stage === 'secondary';
  if (tradable && params.get(CREATE_PARAM) === tab) return <InlineCreate asset={asset} tab={tab} />;
  return (
    <div className="flex flex-col gap-4" data-testid={`market-panel-${tab}`}>
      {tradable ? (
        <div className="grid grid-cols-1 gap-2 sm:flex">
          <Link to={href(createOfferScreen(asset.id, tab))} className={`${buttonClass('primary', true)} sm:w-auto`}>
            <Plus aria-hidden="true" className="size-5" />
            {t(tab === 'buy' ? 'bulletinBoard.createBuyOffer' : 'bulletinBoard.createSellOffer')}
          </Link>
          <OfferIdButton />
        </div>
      ) : (
        <p className="rounded-2xl bg-white px-4 py-4 text-sm leading-relaxed text-navy-700 ring-1 ring-navy-100">
          {t('bulletinBoard.notTradable')}
        </p>
      )}
      <OfferList asset={asset} tab={tab} />
    </div>
  );
};

export const BuyPanel = ({ asset }: { readonly asset: AssetDetail }) => <MarketPanel asset={asset} tab="buy" />;
export const SellPanel = ({ asset }: { readonly asset: AssetDetail }) => <MarketPanel asset={asset} tab="sell" />;

/** The panels `trading/{id}` shows in its buy and sell tabs (features/trading, MarketPanels). */
export const marketPanels = { buy: BuyPanel, sell: SellPanel };
