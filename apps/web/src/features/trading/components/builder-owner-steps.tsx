import type { PurchaseView } from '@bw/contracts';
import { centsToDecimalString } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, FileClock, Landmark } from 'lucide-react';
import { useController, useWatch } from 'react-hook-form';
import { Form, FormError, SubmitButton, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { BankDetail, groupIban } from '../../payment-account/components/copy-button';
import { reserveNotaryDate, useNotaryDates } from '../api/notary';
import { purchaseQueryKey } from '../api/query-keys';
import { notaryForm } from '../lib/trading-forms';
import { CancelButton } from './cancel-button';

type Props = { readonly purchase: PurchaseView };

const cardClass = 'flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6';

/** The free appointments as radio buttons (field `date`); a full one cannot be chosen. */
const NotaryDates = ({ purchase }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const dates = useNotaryDates(purchase.assetId, true);
  const { field } = useController({ name: 'date' });
  const choices = dates.data ?? [];
  if (dates.isPending) return <div aria-busy="true" className="h-32 animate-pulse rounded-2xl bg-navy-100" />;
  if (choices.length === 0)
    return <p className="rounded-2xl bg-navy-100/60 p-4 text-sm text-navy-700">{t('trading.notaryEmpty')}</p>;
  return (
    <fieldset className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      <legend className="sr-only">{t('trading.notaryTitle')}</legend>
      {choices.map((choice) => (
        <label
          key={choice.id}
          className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl px-4 py-3 ring-1 ${
            field.value === choice.date ? 'bg-navy-100 ring-brand' : 'bg-white ring-navy-100'
          } ${choice.freeSeats <= 0 ? 'cursor-not-allowed opacity-50' : ''}`}
        >
          <input
            type="radio"
            name="notary-date"
            className="size-5 accent-brand"
            value={choice.date}
            checked={field.value === choice.date}
            disabled={choice.freeSeats <= 0}
            onChange={() => field.onChange(choice.date)}
          />
          <span className="flex flex-col">
            <span className="text-sm font-semibold tabular-nums text-navy-900">{format.dateTime(choice.date)}</span>
            <span className="text-xs text-navy-700">
              {choice.location} ·{' '}
              {choice.freeSeats > 0 ? t('trading.notarySeats', { count: choice.freeSeats }) : t('trading.notaryFull')}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};

/** Does the investor have ID Austria (field `idAustria`: yes or no)? */
const IdAustriaQuestion = () => {
  const { t } = useTranslation();
  const { field } = useController({ name: 'idAustria' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold text-navy-900">{t('trading.idAustriaQuestion')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['yes', 'no'] as const).map((answer) => (
          <label
            key={answer}
            className={`flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl text-sm font-semibold ring-1 ${
              field.value === answer ? 'bg-navy-100 text-navy-900 ring-brand' : 'bg-white text-navy-700 ring-navy-300'
            }`}
          >
            <input
              type="radio"
              name="id-austria"
              className="size-4 accent-brand"
              checked={field.value === answer}
              onChange={() => field.onChange(answer)}
            />
            {answer === 'yes' ? t('trading.idAustriaYes') : t('trading.idAustriaNo')}
          </label>
        ))}
      </div>
    </fieldset>
  );
};

/** Sends once a date is chosen and the question answered. */
const ReserveButton = () => {
  const { t } = useTranslation();
  const [date, idAustria]: unknown[] = useWatch({ name: ['date', 'idAustria'] });
  return (
    <SubmitButton block disabled={!date || !idAustria}>
      {t('trading.notaryReserve')}
    </SubmitButton>
  );
};

/** Builder-owner model (spec section 2): a notary appointment, with the question whether the investor has ID Austria. */
const NotarySelection = ({ purchase }: Props) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dates = useNotaryDates(purchase.assetId, true);
  const form = useZodForm(notaryForm, { defaultValues: { date: '', idAustria: '' } });
  const submit = async ({ date, idAustria }: { date: string; idAustria: 'yes' | 'no' | '' }) => {
    try {
      const updated = await reserveNotaryDate({
        assetId: purchase.assetId,
        date,
        idAustria: idAustria === 'yes',
        transactionId: purchase.transactionId,
      });
      queryClient.setQueryData(purchaseQueryKey(purchase.transactionId), updated);
    } catch (error) {
      // A date taken meanwhile: the list shows it full, and the refusal says why.
      await dates.refetch();
      throw error;
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={{ fallback: t('trading.errorGeneric') }}
      className={cardClass}
      aria-labelledby="notary-title"
    >
      <h2 id="notary-title" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-text" />
        {t('trading.notaryTitle')}
      </h2>
      <p className="text-sm text-navy-700">{t('trading.notaryText')}</p>
      <NotaryDates purchase={purchase} />
      <IdAustriaQuestion />
      <FormError />
      <ReserveButton />
    </Form>
  );
};

/** The payment request by bank wire, every detail with its copy button. */
const PaymentRequest = ({ purchase }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const request = purchase.paymentRequest;
  if (!request) return null;
  return (
    <section className={cardClass} aria-labelledby="payment-title" data-testid="payment-request">
      <h2 id="payment-title" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <Landmark aria-hidden="true" className="size-5 text-brand-text" />
        {t('trading.paymentTitle')}
      </h2>
      <p className="text-sm text-navy-700">{t('trading.paymentText')}</p>
      <dl className="flex flex-col gap-2">
        <BankDetail label={t('trading.paymentReceiver')} value={request.receiver} testId="payment-receiver" />
        <BankDetail
          label={t('trading.paymentIban')}
          value={request.IBAN}
          display={groupIban(request.IBAN)}
          testId="payment-iban"
        />
        <BankDetail label={t('trading.paymentBic')} value={request.BIC} testId="payment-bic" />
        <BankDetail label={t('trading.paymentReference')} value={request.reference} testId="payment-reference" />
        <BankDetail
          label={t('trading.paymentAmount')}
          value={centsToDecimalString(BigInt(request.amount)).replace('.', ',')}
          display={format.eur(request.amount)}
          testId="payment-amount"
        />
      </dl>
    </section>
  );
};

/** After the signature: notary date (with the ID Austria question), the payment request, then the notary documents. */
export const BuilderOwnerSteps = ({ purchase }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const appointment = purchase.notaryAppointment;
  const stateLabel =
    purchase.cardState === 'paymentMissing'
      ? t('investments.statePaymentMissing')
      : t('investments.stateNotaryMissing');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <p
        className="flex items-center gap-2 self-start rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200"
        data-testid="purchase-card-state"
      >
        <FileClock aria-hidden="true" className="size-4" />
        {stateLabel}
      </p>
      {appointment ? (
        <p
          className="rounded-2xl bg-white p-4 text-sm text-navy-900 ring-1 ring-navy-100"
          data-testid="notary-reserved"
        >
          {t('trading.notaryReserved', { date: format.dateTime(appointment.date), location: appointment.location })}
        </p>
      ) : (
        <NotarySelection purchase={purchase} />
      )}
      {appointment && purchase.status === 'awaitingPayment' ? <PaymentRequest purchase={purchase} /> : null}
      {purchase.status === 'awaitingPayment' ? <CancelButton transactionId={purchase.transactionId} /> : null}
    </div>
  );
};
