import type { BulletinOffer } from '@bw/contracts';
import { formatNumber, formatPercentBps } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useMoneyFormat } from '../../payment-account/hooks/use-money-format';
import { PurchaseDialogs } from '../../trading/components/purchase-dialogs';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';
import { takeOffer } from '../api/take-offer';
import { useBuyConfirmations } from '../hooks/use-buy-confirmations';
import { accountDebitCents, takeTotals } from '../lib/offer-draft';
import { sideOf } from '../lib/offer-screen';
import { Card, RefusalNote, Row, refusalOf, SharesField } from './parts';

/**
 * Taking an offer (spec sections 2 and 4; issue 10: partial fills): choose the shares, review
 * totals and fee, then sign in the security app (public) or start the private trade's steps.
 */
export const TakeOfferForm = ({ offer }: { readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const queryClient = useQueryClient();
  const [shares, setShares] = useState(offer.sharesAmount);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const side = sideOf(offer);
  const isPrivate = offer.visibility === 'private';
  const totals = takeTotals(offer, shares);
  const valid = shares >= 1 && shares <= offer.sharesAmount;
  const retry = useRef(() => {});
  const confirmations = useBuyConfirmations(() => retry.current());
  const take = async () => {
    setError(null);
    setPending(true);
    try {
      await takeOffer({
        offerId: offer.offerId,
        shares,
        ...(side === 'buy' ? confirmations.body() : {}),
        idempotencyKey: crypto.randomUUID(),
      });
      await queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
    } catch (caught) {
      if (!confirmations.handled(caught)) setError(caught);
    } finally {
      setPending(false);
    }
  };
  retry.current = () => void take();
  const feeLabel = t(isPrivate ? 'bulletinBoard.brokerageFee' : 'bulletinBoard.transactionFee', {
    rate: formatPercentBps(offer.transactionFeeBps, currentLocale()),
  });
  const submitLabel = isPrivate
    ? t(side === 'buy' ? 'bulletinBoard.takePrivateBuy' : 'bulletinBoard.takePrivateSell')
    : t(side === 'buy' ? 'bulletinBoard.takeBuy' : 'bulletinBoard.takeSell');
  return (
    <Card testId="take-offer" labelledBy="take-offer-title">
      <h2 id="take-offer-title" className="text-lg font-semibold text-navy-900">
        {t(side === 'buy' ? 'bulletinBoard.takeTitleBuy' : 'bulletinBoard.takeTitleSell')}
      </h2>
      <SharesField
        value={shares}
        onChange={setShares}
        max={offer.sharesAmount}
        invalid={!valid}
        hint={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t('bulletinBoard.takePartial')}</span>
            <button
              type="button"
              className="font-semibold text-brand-text underline-offset-2 hover:underline"
              onClick={() => setShares(offer.sharesAmount)}
            >
              {t('bulletinBoard.takeAll', { value: formatNumber(offer.sharesAmount, currentLocale(), 0) })}
            </button>
          </span>
        }
      />
      {offer.priceWarning.level !== 'none' && offer.priceWarning.averagePrice30Days ? (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('bulletinBoard.warningInfo', { price: format.eur(offer.priceWarning.averagePrice30Days) })}
        </p>
      ) : null}
      <dl className="divide-y divide-navy-100">
        <Row
          label={t(side === 'buy' ? 'bulletinBoard.totalPrice' : 'bulletinBoard.totalPriceSell')}
          value={format.eur(totals.totalPriceCents)}
          testId="total-price"
        />
        <Row label={feeLabel} value={format.eur(totals.transactionFeeCents)} testId="transaction-fee" />
        <Row
          strong
          label={t(side === 'buy' ? 'bulletinBoard.totalToPay' : 'bulletinBoard.totalToReceive')}
          value={format.eur(
            side === 'buy' ? accountDebitCents(totals, offer.visibility) : totals.transactionTotalAmountCents,
          )}
          testId="transaction-total"
        />
      </dl>
      {isPrivate ? (
        <p className="text-sm leading-relaxed text-navy-700">{t('bulletinBoard.privatePriceNote')}</p>
      ) : null}
      {error ? <RefusalNote {...refusalOf(error)} /> : null}
      <Button block onClick={() => void take()} disabled={pending || !valid}>
        {pending ? t('bulletinBoard.taking') : submitLabel}
      </Button>
      <PurchaseDialogs
        dialog={confirmations.dialog}
        rating={confirmations.rating}
        builderOwner={false}
        onConfirm={confirmations.confirm}
        onClose={confirmations.close}
      />
    </Card>
  );
};
