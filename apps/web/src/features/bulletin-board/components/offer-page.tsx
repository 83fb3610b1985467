import type { BulletinOffer } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { SearchX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button, buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useOffer } from '../api/get-offer';
import { deleteOffer } from '../api/offer-actions';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';
import { useBulletinBoardUpdates } from '../hooks/use-bulletin-board-updates';
import { sideOf } from '../lib/offer-screen';
import { OfferIdLine } from './offer-id-sheet';
import {
  Card,
  PageHeader,
  PageSkeleton,
  PricePerShare,
  PrivateBadge,
  RefusalNote,
  refusalOf,
  SigningWait,
  StatusBadge,
  useSharesText,
} from './parts';
import { TakeOfferForm } from './take-offer-form';
import { TradeCard } from './trade-card';

const LIVE_STATUSES: ReadonlySet<BulletinOffer['status']> = new Set(['new', 'open', 'accepted']);

const titleOf = (offer: BulletinOffer) => {
  if (offer.isMine) return offer.type === 'buy' ? 'bulletinBoard.titleMyBuy' : 'bulletinBoard.titleMySell';
  return sideOf(offer) === 'buy' ? 'bulletinBoard.titleBuyFrom' : 'bulletinBoard.titleSellTo';
};

const DeleteOffer = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const queryClient = useQueryClient();
  const showToast = useShellStore((state) => state.showToast);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    setError(null);
    try {
      await deleteOffer(offer.offerId);
      setOpen(false);
      showToast(t('bulletinBoard.deleted'));
      await queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="ghost" block onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('bulletinBoard.deleteOffer')}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('bulletinBoard.deleteTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <p className="text-base leading-relaxed text-navy-700">{t('bulletinBoard.deleteText')}</p>
        {error ? <RefusalNote {...refusalOf(error)} /> : null}
        <div className="mt-6 flex flex-col gap-3">
          <Button block onClick={() => void remove()} disabled={pending}>
            {t('bulletinBoard.deleteConfirm')}
          </Button>
          <Button block variant="ghost" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      </BottomSheet>
    </>
  );
};

const OfferFacts = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const sharesText = useSharesText();
  return (
    <Card testId="offer-facts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-navy-900">
          {t(offer.type === 'sell' ? 'bulletinBoard.offerTitleSell' : 'bulletinBoard.offerTitleBuy')}
          {' · '}
          {offer.isMine ? t('bulletinBoard.mine') : t('bulletinBoard.by', { name: offer.firstParty.name })}
        </p>
        <span className="flex items-center gap-2">
          {offer.visibility === 'private' ? <PrivateBadge /> : null}
          <StatusBadge status={offer.status} />
        </span>
      </div>
      <PricePerShare priceCents={offer.price} large />
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['bulletinBoard.remaining', offer.sharesAmount, 'offer-remaining'],
            ['bulletinBoard.offered', offer.sharesOffered, 'offer-offered'],
            ['bulletinBoard.settled', offer.sharesSettled, 'offer-settled'],
          ] as const
        ).map(([label, value, testId]) => (
          <div key={label} className="rounded-xl bg-navy-100/60 px-2 py-3">
            <dt className="text-xs text-navy-700">{t(label)}</dt>
            <dd className="mt-1 text-sm font-semibold tabular-nums text-navy-900" data-testid={testId}>
              {sharesText(value)}
            </dd>
          </div>
        ))}
      </dl>
      <OfferIdLine offerId={offer.offerId} />
      {offer.isMine && LIVE_STATUSES.has(offer.status) ? <DeleteOffer offer={offer} /> : null}
    </Card>
  );
};

const SignOffer = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const sharesText = useSharesText();
  return (
    <Card testId="offer-signing">
      <SigningWait
        testId="offer-signing-wait"
        text={t('bulletinBoard.signOfferText', {
          shares: sharesText(offer.sharesOffered),
          price: format.eur(offer.price),
        })}
        expiresAt={offer.signingRequest?.expiresAt}
      />
    </Card>
  );
};

const OfferBody = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const side = sideOf(offer);
  const trades = [...offer.trades].reverse();
  const takesPart = offer.trades.some((trade) => trade.status !== 'canceled');
  const canTake = !offer.isMine && offer.status === 'open' && offer.sharesAmount > 0 && !takesPart;
  const signing = offer.isMine && offer.status === 'new' && offer.signingRequest?.status === 'pending';
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 md:px-8 md:py-10" data-testid="offer-page">
      <PageHeader
        backTo={href({ key: 'trading', params: { id: offer.assetId }, search: `market=${side}` })}
        title={t(titleOf(offer))}
        subtitle={offer.assetName}
      />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_24rem] md:items-start">
        <div className="flex min-w-0 flex-col gap-5">
          {signing ? <SignOffer offer={offer} /> : null}
          {canTake ? <TakeOfferForm offer={offer} /> : null}
          {trades.length > 0 ? (
            <section aria-labelledby="offer-trades" className="flex flex-col gap-3">
              <h2 id="offer-trades" className="text-lg font-semibold text-navy-900">
                {t('bulletinBoard.tradesTitle')}
              </h2>
              {trades.map((trade) => (
                <TradeCard key={trade.tradeId} trade={trade} offer={offer} />
              ))}
            </section>
          ) : null}
        </div>
        <div className="md:sticky md:top-24">
          <OfferFacts offer={offer} />
        </div>
      </div>
    </div>
  );
};

/**
 * Spec section 2: `trading/{id}/buy/{offerId}` and `sell/{offerId}` (desktop),
 * `buy-offer-overview/{id}` and `trading-offer-overview/{id}` (phones). One screen: take the offer,
 * sign, see the completion; and for the parties the overview with status, progress, contact
 * details, the actions of the side whose turn it is and delete. The other side's steps arrive live.
 */
export const OfferPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const params = useParams();
  const offerId = params.offerId ?? params.id ?? '';
  const offer = useOffer(offerId);
  useBulletinBoardUpdates();
  if (offer.isPending) return <PageSkeleton />;
  if (offer.isError)
    return (
      <StatusPage icon={SearchX} title={t('bulletinBoard.notFoundTitle')} text={t('bulletinBoard.notFoundText')}>
        <Link to={href({ key: 'investments' })} className={buttonClass('primary', true)}>
          {t('bulletinBoard.toInvestments')}
        </Link>
        <Link to={href({ key: 'marketplace' })} className={buttonClass('ghost', true)}>
          {t('common.backToMarketplace')}
        </Link>
      </StatusPage>
    );
  return <OfferBody offer={offer.data} />;
};

export const Component = OfferPage;
