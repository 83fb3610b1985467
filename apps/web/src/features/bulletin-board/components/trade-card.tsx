import type { BulletinOffer, BulletinTrade } from '@bw/contracts';
import { privateTradeStepActor } from '@bw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useContactDetails } from '../api/get-contact-details';
import { useHoldings } from '../api/get-holdings';
import { advanceTrade } from '../api/offer-actions';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';
import { stepLabel } from '../lib/step-labels';
import { Card, RefusalNote, refusalOf, SigningWait, useSharesText } from './parts';

/** Where the rest of the app keeps what a settled trade changes. */
const CHANGED_BY_TRADE = [['payment'], ['investments'], ['asset'], ['assets']] as const;

const stepAction = {
  contactDetails: 'bulletinBoard.actionContactDetails',
  sellerAcceptance: 'bulletinBoard.actionSellerAcceptance',
  payment: 'bulletinBoard.actionPayment',
  buyerRelease: 'bulletinBoard.actionBuyerRelease',
  finalRelease: 'bulletinBoard.actionFinalRelease',
} as const;

const stepHint = {
  contactDetails: 'bulletinBoard.hintContactDetails',
  sellerAcceptance: 'bulletinBoard.hintSellerAcceptance',
  payment: 'bulletinBoard.hintPayment',
  buyerRelease: 'bulletinBoard.hintBuyerRelease',
  signing: 'bulletinBoard.hintSigning',
  finalRelease: 'bulletinBoard.hintFinalRelease',
} as const;

const stateLabel = {
  done: 'bulletinBoard.stepDone',
  current: 'bulletinBoard.stepCurrent',
  open: 'bulletinBoard.stepOpen',
} as const;

/** Spec section 4, bulletin-board buy offer progress: the seven steps, done, current or open. */
const Progress = ({ progress }: { readonly progress: NonNullable<BulletinTrade['progress']> }) => {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-0" aria-label={t('bulletinBoard.progressTitle')} data-testid="trade-progress">
      {progress.map(({ step, state }, index) => (
        <li key={step} className="flex gap-3" data-testid="progress-step" data-state={state}>
          <span className="flex flex-col items-center">
            <span
              className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                state === 'done'
                  ? 'bg-success text-white'
                  : state === 'current'
                    ? 'bg-brand text-on-brand ring-4 ring-brand/20'
                    : 'bg-navy-100 text-navy-700'
              }`}
            >
              {state === 'done' ? <Check aria-hidden="true" className="size-4" /> : index + 1}
            </span>
            {index < progress.length - 1 ? (
              <span aria-hidden="true" className={`w-0.5 flex-1 ${state === 'done' ? 'bg-success' : 'bg-navy-100'}`} />
            ) : null}
          </span>
          <span className="pb-4 pt-1 text-sm">
            <span className={state === 'open' ? 'text-navy-700' : 'font-semibold text-navy-900'}>
              {t(stepLabel[step])}
            </span>
            <span className="sr-only">: {t(stateLabel[state])}</span>
          </span>
        </li>
      ))}
    </ol>
  );
};

const ContactDetails = ({ offerId, tradeId }: { readonly offerId: string; readonly tradeId: string }) => {
  const { t } = useTranslation();
  const contact = useContactDetails(offerId, true).data?.find((entry) => entry.tradeId === tradeId);
  if (!contact) return null;
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return (
    <div className="rounded-2xl bg-navy-100/60 p-4" data-testid="contact-details">
      <h3 className="text-sm font-semibold text-navy-900">{t('bulletinBoard.contactTitle')}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-navy-700">{t('bulletinBoard.contactName')}</dt>
        <dd className="font-semibold text-navy-900">{name || '–'}</dd>
        <dt className="text-navy-700">{t('bulletinBoard.contactEmail')}</dt>
        <dd className="break-all font-semibold text-navy-900">
          <a href={`mailto:${contact.email}`} className="text-brand-text underline-offset-2 hover:underline">
            {contact.email}
          </a>
        </dd>
        {contact.phone ? (
          <>
            <dt className="text-navy-700">{t('bulletinBoard.contactPhone')}</dt>
            <dd className="font-semibold text-navy-900">{contact.phone}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
};

const SignNow = ({ trade }: { readonly trade: BulletinTrade }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const sharesText = useSharesText();
  return (
    <SigningWait
      testId="trade-signing"
      text={t('bulletinBoard.tradeSignMine', {
        shares: sharesText(trade.sharesAmount),
        amount: format.eur(trade.transactionTotalAmount),
      })}
      expiresAt={trade.mySigningRequest?.expiresAt}
    />
  );
};

const Completed = ({ trade, offer }: { readonly trade: BulletinTrade; readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  const sharesText = useSharesText();
  const holdings = useHoldings(offer.assetId).data;
  const holding = holdings?.assets.find((entry) => entry.assetId === offer.assetId);
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl bg-green-50 p-5 text-center"
      data-testid="trade-completed"
    >
      <CircleCheck aria-hidden="true" className="size-10 text-success" strokeWidth={1.75} />
      <h3 className="text-xl font-bold text-navy-900">{t('bulletinBoard.completedTitle')}</h3>
      <p className="text-sm leading-relaxed text-navy-700">
        {t(trade.role === 'buyer' ? 'bulletinBoard.completedBuy' : 'bulletinBoard.completedSell', {
          shares: sharesText(trade.sharesAmount),
          title: offer.assetName,
        })}
      </p>
      {holdings ? (
        <dl className="grid w-full grid-cols-2 gap-2">
          <div className="rounded-xl bg-white px-3 py-2">
            <dt className="text-xs text-navy-700">{t('bulletinBoard.newHolding')}</dt>
            <dd className="font-semibold tabular-nums text-navy-900" data-testid="new-holding">
              {sharesText(holding?.sharesCount ?? 0)}
            </dd>
          </div>
          <div className="rounded-xl bg-white px-3 py-2">
            <dt className="text-xs text-navy-700">{t('bulletinBoard.newBalance')}</dt>
            <dd className="font-semibold tabular-nums text-navy-900" data-testid="new-balance">
              {format.eur(holdings.availableAmount)}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="flex w-full flex-col gap-2">
        <Link to={href({ key: 'investments' })} className={buttonClass('primary', true)}>
          {t('bulletinBoard.toInvestments')}
        </Link>
        <Link to={href({ key: 'account' })} className={buttonClass('secondary', true)}>
          {t('bulletinBoard.toAccount')}
        </Link>
      </div>
    </div>
  );
};

const cancelText = {
  rejected: 'bulletinBoard.tradeCanceledRejected',
  expired: 'bulletinBoard.tradeCanceledExpired',
  deleted: 'bulletinBoard.tradeCanceledDeleted',
} as const;

/** The private trade's action for the side whose turn it is (signing happens in the security app). */
const StepAction = ({ trade }: { readonly trade: BulletinTrade }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const step = trade.step;
  if (!step || step === 'completed' || trade.status !== 'pending') return null;
  const myTurn = trade.waitingFor.includes(trade.role);
  const actor = privateTradeStepActor[step];
  if (!myTurn)
    return (
      <p className="text-sm font-medium text-navy-700" data-testid="waiting-for">
        {t(trade.waitingFor.includes('buyer') ? 'bulletinBoard.waitingBuyer' : 'bulletinBoard.waitingSeller')}
      </p>
    );
  if (step === 'signing' || actor === 'both') return <SignNow trade={trade} />;
  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      await advanceTrade({ tradeId: trade.tradeId, step });
      await queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-navy-100/60 p-4" data-testid="your-turn">
      <p className="text-sm font-semibold text-navy-900">{t('bulletinBoard.yourTurn')}</p>
      <p className="text-sm leading-relaxed text-navy-700">{t(stepHint[step])}</p>
      {error ? <RefusalNote {...refusalOf(error)} /> : null}
      <Button block onClick={() => void confirm()} disabled={pending}>
        {t(stepAction[step])}
      </Button>
    </div>
  );
};

/** One trade of an offer as the user sees it: public signing and completion, or the private progress. */
export const TradeCard = ({ trade, offer }: { readonly trade: BulletinTrade; readonly offer: BulletinOffer }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const queryClient = useQueryClient();
  const sharesText = useSharesText();
  const isPrivate = trade.step !== null;
  useEffect(() => {
    if (trade.status === 'completed')
      for (const queryKey of CHANGED_BY_TRADE) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }, [trade.status, queryClient]);
  const statusText =
    trade.status === 'completed'
      ? t('bulletinBoard.tradeCompleted')
      : trade.status === 'canceled'
        ? t('bulletinBoard.tradeCanceled')
        : t('bulletinBoard.tradePending');
  return (
    <Card testId="trade" className="gap-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-navy-900">
            {t('bulletinBoard.tradeWith', { name: trade.counterparty.name })}
          </p>
          <p className="text-sm text-navy-700">
            {t('bulletinBoard.tradeShares', { shares: sharesText(trade.sharesAmount), price: format.eur(trade.price) })}
            {' · '}
            <span data-testid="trade-total">{format.eur(trade.transactionTotalAmount)}</span>
          </p>
        </div>
        <span
          className="shrink-0 rounded-full bg-navy-100 px-2.5 py-1 text-xs font-semibold text-navy-900"
          data-testid="trade-status"
        >
          {statusText}
        </span>
      </div>
      {trade.status === 'canceled' && trade.cancelReason ? (
        <p className="flex items-start gap-2 text-sm text-navy-700">
          <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(cancelText[trade.cancelReason])}
        </p>
      ) : null}
      {isPrivate && trade.progress ? <Progress progress={trade.progress} /> : null}
      {isPrivate && trade.status !== 'canceled' ? (
        <ContactDetails offerId={offer.offerId} tradeId={trade.tradeId} />
      ) : null}
      {isPrivate && trade.role === 'buyer' && trade.status === 'pending' ? (
        <p className="text-sm text-navy-700" data-testid="brokerage-fee">
          {t('bulletinBoard.brokerageFeeNote', { amount: format.eur(trade.buyerFee) })}
        </p>
      ) : null}
      {trade.status === 'pending' && !isPrivate ? (
        trade.waitingFor.includes(trade.role) ? (
          <SignNow trade={trade} />
        ) : (
          <p className="text-sm font-medium text-navy-700">{t('bulletinBoard.tradeSignOther')}</p>
        )
      ) : null}
      {isPrivate ? <StepAction trade={trade} /> : null}
      {trade.status === 'completed' ? <Completed trade={trade} offer={offer} /> : null}
    </Card>
  );
};
