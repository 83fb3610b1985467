import type { AssetDetail, BulletinOffer } from '@bw/contracts';
import { formatNumber, formatPercentBps } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FORM_ERROR, Form, SubmitButton, serverMessage, TextField, useZodForm } from '../../../components/form';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { ApiError } from '../../../lib/api-client';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { parseAmountInput } from '../../../lib/parse-amount';
import { useShellStore } from '../../../stores/shell-store';
import { usePriceHistory } from '../../assets/api/get-transaction-metadata';
import { useSecurityApp } from '../../security-app/api/get-security-app';
import { createOffer } from '../api/create-offer';
import { useHoldings } from '../api/get-holdings';
import { BULLETIN_BOARD_QUERY_ROOT } from '../api/query-keys';
import { useTradeConfirmations } from '../hooks/use-trade-confirmations';
import {
  accountDebitCents,
  type DraftProblem,
  draftFigures,
  draftProblem,
  type OfferVisibility,
} from '../lib/offer-draft';
import { createOfferForm } from '../lib/offer-forms';
import { offerScreen } from '../lib/offer-screen';
import { Card, PriceWarningNote, RefusalNote, Row, SharesField } from './parts';
import { TradeDialogs } from './trade-dialogs';

/** Cents as the price field shows them: 12345 → "123,45". */
const priceInputOf = (cents: bigint): string => {
  const euros = cents / 100n;
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${euros},${rest}`;
};

const problemText = {
  shares: 'bulletinBoard.problemShares',
  price: 'bulletinBoard.problemPrice',
  sharesAvailable: 'bulletinBoard.problemSharesAvailable',
  funds: 'bulletinBoard.problemFunds',
} as const satisfies Record<Exclude<DraftProblem, null>, string>;

/** Bulletin board or private (field `visibility`); a private security app allows private offers only. */
const VisibilityChoice = ({ privateOnly }: { readonly privateOnly: boolean }) => {
  const { t } = useTranslation();
  const name = useId();
  const { field } = useController({ name: 'visibility' });
  const value: OfferVisibility = privateOnly ? 'private' : field.value;
  const options: { value: OfferVisibility; label: string; text: string }[] = [
    {
      value: 'bulletin',
      label: t('bulletinBoard.visibilityBulletin'),
      text: t('bulletinBoard.visibilityBulletinText'),
    },
    { value: 'private', label: t('bulletinBoard.visibilityPrivate'), text: t('bulletinBoard.visibilityPrivateText') },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-navy-900">{t('bulletinBoard.visibilityLabel')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const disabled = privateOnly && option.value === 'bulletin';
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-2xl p-4 ring-1 ring-inset transition ${
                value === option.value ? 'bg-navy-100/60 ring-2 ring-brand' : 'ring-navy-300'
              } ${disabled ? 'cursor-not-allowed opacity-50' : ''}`}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => field.onChange(option.value)}
                className="mt-1 size-4 accent-[var(--color-brand)]"
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-semibold text-navy-900">{option.label}</span>
                <span className="text-xs leading-relaxed text-navy-700">{option.text}</span>
              </span>
            </label>
          );
        })}
      </div>
      {privateOnly ? (
        <p className="flex items-start gap-2 text-sm text-navy-700">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('bulletinBoard.privateOnly')}
        </p>
      ) : null}
    </fieldset>
  );
};

/** The server's refusal of the offer, with the way out it needs (link the security app, top up). */
const OfferRefusal = () => {
  const refusal = useFormState().errors.root?.server;
  return refusal ? <RefusalNote code={String(refusal.type)} message={refusal.message || null} /> : null;
};

/**
 * Create a buy or sell offer (spec sections 2, 3 and 5): shares, price per share, visibility, live
 * totals, the price warnings against the 30-day average (> 10 % info, > 20 % confirmation recorded
 * as Accepted20PercentDifference), then the signature in the security app on the offer's screen.
 */
export const CreateOfferForm = ({ asset, type }: { readonly asset: AssetDetail; readonly type: 'buy' | 'sell' }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const priceId = useId();
  const fees = useShellStore((state) => state.fees);
  const average = usePriceHistory(asset.id, true).data?.averagePrice30DaysCents ?? null;
  const averageCents = average === null ? null : BigInt(average);
  const holdings = useHoldings(asset.id).data;
  const privateOnly = useSecurityApp().data?.kind === 'private';
  const form = useZodForm(createOfferForm, {
    defaultValues: { sharesAmount: 1, price: '', visibility: 'bulletin' },
  });
  const confirmations = useTradeConfirmations(() => void form.handleSubmit(send)());
  const shares = useController({ control: form.control, name: 'sharesAmount' });
  const chosenVisibility = useWatch({ control: form.control, name: 'visibility' });
  const priceText = useWatch({ control: form.control, name: 'price' });

  // The price starts at the 30-day average once it has arrived, until the user types one.
  useEffect(() => {
    if (averageCents !== null && !form.getFieldState('price').isDirty)
      form.setValue('price', priceInputOf(averageCents));
  }, [averageCents, form]);

  const visibility: OfferVisibility = privateOnly ? 'private' : chosenVisibility;
  const priceCents = parseAmountInput(priceText);
  const { totals, feeBps, warning } = draftFigures({
    type,
    visibility,
    sharesCount: shares.field.value,
    priceCents,
    averagePriceCents: averageCents,
    fees,
  });
  const holding = holdings?.assets.find((entry) => entry.assetId === asset.id);
  const availableShares = holdings ? (holding?.availableShares ?? 0) : null;
  const availableCents = holdings ? BigInt(holdings.availableAmount) : null;
  const debitCents = accountDebitCents(totals, visibility);
  const problem = draftProblem({
    type,
    sharesCount: shares.field.value,
    priceCents,
    debitCents,
    availableShares,
    availableCents,
  });
  const averageText = averageCents === null ? t('bulletinBoard.noPrice') : format.eur(averageCents);

  const send = async (values: { sharesAmount: number; price: bigint }) => {
    if (confirmations.askFirst(warning.level)) return;
    try {
      const offer: BulletinOffer = await createOffer({
        body: {
          assetId: asset.id,
          type,
          sharesAmount: values.sharesAmount,
          price: values.price.toString(),
          visibility,
          ...confirmations.body(type),
        },
        idempotencyKey: crypto.randomUUID(),
      });
      await queryClient.invalidateQueries({ queryKey: [BULLETIN_BOARD_QUERY_ROOT] });
      await navigate(href(offerScreen(offer)));
    } catch (caught) {
      if (confirmations.handled(caught)) return;
      // The code goes with the message: the note offers the way out it needs.
      form.setError(FORM_ERROR, {
        type: caught instanceof ApiError ? caught.code : '',
        message: serverMessage(caught, ''),
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={send}
      serverErrors={{ fallback: t('bulletinBoard.errorGeneric') }}
      className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start"
      data-testid="create-offer"
    >
      <Card>
        <SharesField
          value={shares.field.value}
          onChange={shares.field.onChange}
          inputRef={shares.field.ref}
          error={shares.fieldState.error?.message}
          max={type === 'sell' ? availableShares : null}
          invalid={problem === 'shares' || problem === 'sharesAvailable'}
          hint={
            type === 'sell' && availableShares !== null
              ? t('bulletinBoard.availableShares', { value: formatNumber(availableShares, currentLocale(), 0) })
              : type === 'buy' && availableCents !== null
                ? t('bulletinBoard.availableAmount', { amount: format.eur(availableCents) })
                : null
          }
        />
        <div className="flex flex-col gap-2">
          <TextField
            name="price"
            label={t('bulletinBoard.priceLabel')}
            inputMode="decimal"
            autoComplete="off"
            onValueChange={confirmations.priceChanged}
            aria-invalid={problem === 'price' ? true : undefined}
            className="[&_input]:text-2xl [&_input]:font-bold [&_input]:tabular-nums"
          />
          <p className="text-sm text-navy-700" data-testid="average-price">
            {t('bulletinBoard.priceHint', { price: averageText })}
          </p>
          <PriceWarningNote
            level={warning.level}
            info={t('bulletinBoard.warningInfo', { price: averageText })}
            confirm={t('bulletinBoard.warningConfirmText', { price: averageText })}
          />
        </div>
        <VisibilityChoice privateOnly={privateOnly} />
      </Card>
      <div className="md:sticky md:top-24">
        <Card labelledBy={`${priceId}-totals`}>
          <h2 id={`${priceId}-totals`} className="text-base font-semibold text-navy-900">
            {t('bulletinBoard.totalsTitle')}
          </h2>
          <dl className="divide-y divide-navy-100">
            <Row
              label={t(type === 'buy' ? 'bulletinBoard.totalPrice' : 'bulletinBoard.totalPriceSell')}
              value={format.eur(totals.totalPriceCents)}
              testId="total-price"
            />
            <Row
              label={t(visibility === 'private' ? 'bulletinBoard.brokerageFee' : 'bulletinBoard.transactionFee', {
                rate: formatPercentBps(feeBps, currentLocale()),
              })}
              value={format.eur(totals.transactionFeeCents)}
              testId="transaction-fee"
            />
            <Row
              strong
              label={t(type === 'buy' ? 'bulletinBoard.totalToPay' : 'bulletinBoard.totalToReceive')}
              value={format.eur(type === 'buy' ? debitCents : totals.transactionTotalAmountCents)}
              testId="transaction-total"
            />
          </dl>
          {type === 'buy' && totals.transactionTotalAmountWithBonusCents !== totals.transactionTotalAmountCents ? (
            <p className="text-sm text-navy-700" data-testid="total-with-bonus">
              {t('bulletinBoard.totalWithBonus')}: {format.eur(totals.transactionTotalAmountWithBonusCents)}
            </p>
          ) : null}
          {visibility === 'private' ? (
            <p className="text-sm leading-relaxed text-navy-700">{t('bulletinBoard.privatePriceNote')}</p>
          ) : null}
          {problem && problem !== 'shares' && problem !== 'price' ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t(problemText[problem])}
            </p>
          ) : null}
          <OfferRefusal />
          <SubmitButton block disabled={problem !== null} pendingLabel={t('bulletinBoard.submitting')}>
            {t(type === 'buy' ? 'bulletinBoard.submitBuy' : 'bulletinBoard.submitSell')}
          </SubmitButton>
        </Card>
      </div>
      <TradeDialogs
        dialog={confirmations.dialog}
        rating={confirmations.rating}
        priceText={t('bulletinBoard.warningConfirmText', { price: averageText })}
        onConfirm={confirmations.confirm}
        onClose={confirmations.close}
      />
    </Form>
  );
};
