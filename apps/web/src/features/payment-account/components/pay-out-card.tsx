import type { InitMoneyOutResult, PayoutAccount } from '@bw/contracts';
import { checkPayout } from '@bw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowUpFromLine, CircleCheck, Plus } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import {
  type ErrorTarget,
  ErrorText,
  Form,
  FormError,
  SelectField,
  SubmitButton,
  showErrors,
  TextField,
  useFieldError,
  useZodForm,
} from '../../../components/form';
import { useFamily } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { translate, useTranslation } from '../../../lib/i18n';
import { confirmMoneyOut, initMoneyOut, newIdempotencyKey, PAYMENT_QUERY_ROOT } from '../api/payment-account';
import { amountErrorPlace, errorCodeOf, payoutErrorMessageKey } from '../lib/payout-errors';
import { payoutAmountForm, payoutCodeForm } from '../lib/payout-forms';
import { canRetryCode, initialPayoutState, isSheetOpen, payoutReducer } from '../lib/payout-steps';
import { groupIban } from './copy-button';

/** An amount-step refusal (the domain's check or the server's) at the field it is about. */
const showAmountError = (form: ErrorTarget, code: string) => {
  const message = translate(payoutErrorMessageKey(code));
  const field = amountErrorPlace(code);
  showErrors(form, field ? { fields: { [field]: message } } : { form: message });
};

/** Never shown: every refusal of the pay-out forms is placed by its code (payout-errors.ts). */
const UNPLACED = { fallback: '' };

/**
 * Spec sections 2 and 5, pay out: the amount (and payout account), then the SMS code in a bottom
 * sheet. The spec's messages sit at the field they are about.
 */
export const PayOutCard = ({
  availableAmount,
  payoutAccounts,
  onAddPayoutAccount,
}: {
  readonly availableAmount: string;
  readonly payoutAccounts: readonly PayoutAccount[] | undefined;
  readonly onAddPayoutAccount: () => void;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const family = useFamily();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(payoutReducer, initialPayoutState);
  const form = useZodForm(payoutAmountForm, { defaultValues: { payoutAccount: '', amount: '' } });
  const accounts = payoutAccounts ?? [];
  const accountIds = accounts.map((account) => account.id).join(',');

  // The first account is chosen until the user picks another; "a payout account first" is answered
  // once one has arrived (live, by the proving transfer).
  useEffect(() => {
    const ids = accountIds === '' ? [] : accountIds.split(',');
    if (ids.length === 0) return;
    if (!ids.includes(form.getValues('payoutAccount'))) form.setValue('payoutAccount', ids[0] ?? '');
    form.clearErrors('payoutAccount');
  }, [accountIds, form]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [PAYMENT_QUERY_ROOT] });

  const submitAmount = async ({ payoutAccount, amount: amountCents }: { payoutAccount: string; amount: bigint }) => {
    const payoutAccountId = accounts.some((account) => account.id === payoutAccount) ? payoutAccount : null;
    const refusal = checkPayout({
      amountCents,
      availableCents: BigInt(availableAmount),
      hasPayoutAccount: payoutAccountId !== null,
    });
    if (refusal || payoutAccountId === null) return showAmountError(form, refusal ?? 'PAYOUT_ACCOUNT_REQUIRED');
    const idempotencyKey = newIdempotencyKey();
    dispatch({ type: 'amountSubmitted', amountCents, idempotencyKey });
    try {
      const challenge = await initMoneyOut({ amountCents, payoutAccountId, idempotencyKey });
      dispatch({ type: 'codeSent', challenge });
    } catch (error) {
      dispatch({ type: 'requestFailed' });
      showAmountError(form, errorCodeOf(error));
    }
  };

  const confirmed = () => {
    form.reset({ payoutAccount: form.getValues('payoutAccount'), amount: '' });
    dispatch({ type: 'confirmed' });
  };
  /** A wrong code may be typed again (the message at the code); anything else starts over at the amount. */
  const refused = (code: string) => {
    dispatch({ type: 'confirmFailed', error: code });
    if (!canRetryCode(code)) showAmountError(form, code);
  };

  const challenge =
    state.step === 'code' || state.step === 'confirming' || state.step === 'done' ? state.challenge : null;

  return (
    <section aria-labelledby="account-pay-out" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="account-pay-out" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <ArrowUpFromLine aria-hidden="true" className="size-5 text-brand-text" />
        {t('account.payOutTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('account.payOutText')}</p>
      <Form
        form={form}
        onSubmit={submitAmount}
        serverErrors={UNPLACED}
        className="mt-4 flex flex-col gap-4"
        data-testid="pay-out-form"
      >
        <FormError />
        <PayoutAccountChoice accounts={payoutAccounts} onAdd={onAddPayoutAccount} />
        <TextField
          label={t('account.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('account.amountPlaceholder')}
          hint={t('account.availableHint', { amount: format.eur(availableAmount) })}
          trailing={<span className="px-3 font-semibold text-navy-700">€</span>}
          className="[&_input]:text-right [&_input]:text-lg [&_input]:font-semibold [&_input]:tabular-nums"
        />
        <SubmitButton block pendingLabel={t('account.requesting')}>
          {t('account.payOutNext')}
        </SubmitButton>
      </Form>

      <BottomSheet
        open={isSheetOpen(state)}
        onClose={() => dispatch({ type: 'closed' })}
        title={state.step === 'done' ? t('account.doneTitle') : t('account.codeTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        {challenge && state.step === 'done' ? (
          <div className="flex flex-col gap-4" data-testid="payout-done">
            <CircleCheck aria-hidden="true" className="size-12 text-success" strokeWidth={1.75} />
            <p className="text-base text-navy-700">
              {t('account.doneText', { amount: format.eur(challenge.amount), iban: groupIban(challenge.IBAN) })}
            </p>
            <Button block onClick={() => dispatch({ type: 'closed' })}>
              {t('account.doneClose')}
            </Button>
          </div>
        ) : challenge ? (
          <CodeForm
            key={challenge.transactionId}
            challenge={challenge}
            onSubmitted={(idempotencyKey) => dispatch({ type: 'codeSubmitted', idempotencyKey })}
            onConfirmed={confirmed}
            onRefused={refused}
            onSettled={() => void refresh()}
          />
        ) : null}
      </BottomSheet>
    </section>
  );
};

/** The SMS code of one pay-out: a wrong code stays here with its message (spec section 8). */
const CodeForm = ({
  challenge,
  onSubmitted,
  onConfirmed,
  onRefused,
  onSettled,
}: {
  readonly challenge: InitMoneyOutResult;
  readonly onSubmitted: (idempotencyKey: string) => void;
  readonly onConfirmed: () => void;
  readonly onRefused: (code: string) => void;
  readonly onSettled: () => void;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const form = useZodForm(payoutCodeForm, { defaultValues: { smsCode: '' } });
  const submit = async ({ smsCode }: { smsCode: string }) => {
    const idempotencyKey = newIdempotencyKey();
    onSubmitted(idempotencyKey);
    try {
      await confirmMoneyOut({ transactionId: challenge.transactionId, smsCode, idempotencyKey });
      onConfirmed();
    } catch (error) {
      const code = errorCodeOf(error);
      if (canRetryCode(code)) showErrors(form, { fields: { smsCode: translate(payoutErrorMessageKey(code)) } });
      onRefused(code);
    } finally {
      onSettled();
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={UNPLACED}
      className="flex flex-col gap-4"
      data-testid="payout-code-form"
    >
      <dl className="rounded-2xl bg-navy-100 px-4 py-3">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-sm text-navy-700">{t('account.codeSummaryAmount')}</dt>
          <dd className="text-2xl font-bold text-navy-900 tabular-nums">{format.eur(challenge.amount)}</dd>
        </div>
        <div className="mt-1 flex items-baseline justify-between gap-3">
          <dt className="shrink-0 text-sm text-navy-700">{t('account.codeSummaryTo')}</dt>
          <dd className="text-right font-mono text-sm font-semibold tracking-tight text-navy-900">
            {groupIban(challenge.IBAN)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-navy-700">
        {t('account.codeText', { phone: challenge.smsSentTo, time: format.time(challenge.expiresAt) })}
      </p>
      <TextField
        label={t('account.codeLabel')}
        name="smsCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:font-semibold [&_input]:tracking-[0.4em]"
      />
      <SubmitButton block pendingLabel={t('account.confirming')}>
        {t('account.confirmPayout', { amount: format.eur(challenge.amount) })}
      </SubmitButton>
    </Form>
  );
};

/** The payout account (field `payoutAccount`), or the way to add the first one. */
const PayoutAccountChoice = ({
  accounts,
  onAdd,
}: {
  readonly accounts: readonly PayoutAccount[] | undefined;
  readonly onAdd: () => void;
}) => {
  const { t } = useTranslation();
  const { message, errorId } = useFieldError('payoutAccount');
  if (accounts !== undefined && accounts.length === 0) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-dashed border-navy-300 p-3">
        <p className="text-sm text-navy-700">{t('account.noPayoutAccountText')}</p>
        <ErrorText id={errorId} name="payoutAccount" message={message} />
        <Button variant="secondary" block onClick={onAdd} data-testid="add-payout-account">
          <Plus aria-hidden="true" className="size-5" />
          {t('account.addPayoutAccount')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <SelectField
        label={t('account.payoutAccount')}
        name="payoutAccount"
        options={(accounts ?? []).map((account) => ({ value: account.id, label: groupIban(account.IBAN) }))}
        className="[&_select]:px-4 [&_select]:font-mono"
        data-testid="payout-account-select"
      />
      <button
        type="button"
        onClick={onAdd}
        className="self-start rounded-lg py-1 text-sm font-semibold text-brand-text underline-offset-4 hover:underline"
        data-testid="add-payout-account"
      >
        {t('account.addPayoutAccount')}
      </button>
    </div>
  );
};
