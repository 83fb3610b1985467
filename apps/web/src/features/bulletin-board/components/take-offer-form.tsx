import type { BulletinOffer } from '@bw/contracts';
import { formatNumber, formatPercentBps } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';
import { takeOffer } from '../api/take-offer';
import { useTradeConfirmations } from '../hooks/use-trade-confirmations';
import { accountDebitCents, takeTotals } from '../lib/offer-draft';
import { sideOf } from '../lib/offer-screen';
import { Card, PriceWarningNote, RefusalNote, Row, refusalOf, SharesField } from './parts';
import { TradeDialogs } from './trade-dialogs';

/**
 * Taking an offer (spec sections 2 and 4; issue 10: partial fills): choose the shares, review
 * totals and fee, confirm what the trade rules ask (ADR 0040: a price more than 20 % off the
 * 30-day average on a buy and a sell, the 5,000 € confirmation and the appropriateness warning on
 * a buy), then sign in the security app (public) or start the private trade's steps.
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
  const confirmations = useTradeConfirmations(() => retry.current());
  const average = offer.priceWarning.averagePrice30Days;
  const averageText = average ? format.eur(average) : t('bulletinBoard.noPrice');
  const take = async () => {
    setError(null);
    if (confirmations.askFirst(offer.priceWarning.level)) return;
    setPending(true);
    try {
      await takeOffer({
        offerId: offer.offerId,
        shares,
        ...confirmations.body(side),
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
      <PriceWarningNote
        level={offer.priceWarning.level}
        info={t('bulletinBoard.takeWarningInfo', { price: averageText })}
        confirm={t('bulletinBoard.takeWarningConfirmNote', { price: averageText })}
      />
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
      <TradeDialogs
        dialog={confirmations.dialog}
        rating={confirmations.rating}
        priceText={t(side === 'buy' ? 'bulletinBoard.takeWarningConfirmBuy' : 'bulletinBoard.takeWarningConfirmSell', {
          price: averageText,
        })}
        onConfirm={confirmations.confirm}
        onClose={confirmations.close}
      />
    </Card>
  );
};
