import type { PayoutAccount } from '@bw/contracts';
import { checkPayout } from '@bw/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowUpFromLine, CircleCheck, Plus } from 'lucide-react';
import { type FormEvent, useId, useReducer, useState } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../auth/components/text-field';
import { confirmMoneyOut, initMoneyOut, newIdempotencyKey, PAYMENT_QUERY_ROOT } from '../api/payment-account';
import { useMoneyFormat } from '../hooks/use-money-format';
import { parseAmountInput } from '../lib/parse-amount';
import {
  AMOUNT_INVALID,
  CODE_REQUIRED,
  errorCodeOf,
  isPayoutAccountError,
  payoutErrorMessageKey,
} from '../lib/payout-errors';
import { initialPayoutState, isSheetOpen, payoutReducer } from '../lib/payout-steps';
import { groupIban } from './copy-button';

/** Errors shown above the amount form rather than at a field. */
const FORM_LEVEL_ERRORS: ReadonlySet<string> = new Set(['PHONE_REQUIRED', 'generic']);

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
  const selectId = useId();
  const [state, dispatch] = useReducer(payoutReducer, initialPayoutState);
  const [amountText, setAmountText] = useState('');
  const [code, setCode] = useState('');
  const [chosenAccountId, setChosenAccountId] = useState<string | null>(null);
  const accounts = payoutAccounts ?? [];
  const payoutAccountId = accounts.find((account) => account.id === chosenAccountId)?.id ?? accounts[0]?.id ?? null;

  // "A payout account first" is answered once one has arrived (live, by the proving transfer).
  const staleAccountError = state.step === 'amount' && state.error === 'PAYOUT_ACCOUNT_REQUIRED' && accounts.length > 0;
  const amountError = state.step === 'amount' && !staleAccountError ? state.error : null;
  const fieldError = (target: 'amount' | 'account' | 'form'): string | null => {
    if (!amountError) return null;
    const where = isPayoutAccountError(amountError)
      ? 'account'
      : FORM_LEVEL_ERRORS.has(amountError)
        ? 'form'
        : 'amount';
    return where === target ? t(payoutErrorMessageKey(amountError)) : null;
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [PAYMENT_QUERY_ROOT] });

  const submitAmount = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'amount') return;
    const amountCents = parseAmountInput(amountText);
    if (amountCents === null) {
      dispatch({ type: 'amountRejected', error: AMOUNT_INVALID });
      return;
    }
    const refusal = checkPayout({
      amountCents,
      availableCents: BigInt(availableAmount),
      hasPayoutAccount: payoutAccountId !== null,
    });
    if (refusal || payoutAccountId === null) {
      dispatch({ type: 'amountRejected', error: refusal ?? 'PAYOUT_ACCOUNT_REQUIRED' });
      return;
    }
    const idempotencyKey = newIdempotencyKey();
    dispatch({ type: 'amountSubmitted', amountCents, idempotencyKey });
    try {
      const challenge = await initMoneyOut({ amountCents, payoutAccountId, idempotencyKey });
      setCode('');
      dispatch({ type: 'codeSent', challenge });
    } catch (error) {
      dispatch({ type: 'requestFailed', error: errorCodeOf(error) });
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'code') return;
    const smsCode = code.trim();
    if (smsCode === '') {
      dispatch({ type: 'codeRejected', error: CODE_REQUIRED });
      return;
    }
    const idempotencyKey = newIdempotencyKey();
    dispatch({ type: 'codeSubmitted', idempotencyKey });
    try {
      await confirmMoneyOut({ transactionId: state.challenge.transactionId, smsCode, idempotencyKey });
      setAmountText('');
      dispatch({ type: 'confirmed' });
    } catch (error) {
      dispatch({ type: 'confirmFailed', error: errorCodeOf(error) });
    } finally {
      void refresh();
    }
  };

  const codeError = state.step === 'code' && state.error ? t(payoutErrorMessageKey(state.error)) : null;
  const challenge =
    state.step === 'code' || state.step === 'confirming' || state.step === 'done' ? state.challenge : null;
  const busy = state.step === 'requesting' || state.step === 'confirming';

  return (
    <section aria-labelledby="account-pay-out" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="account-pay-out" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <ArrowUpFromLine aria-hidden="true" className="size-5 text-brand-text" />
        {t('account.payOutTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('account.payOutText')}</p>
      <form
        noValidate
        onSubmit={(event) => void submitAmount(event)}
        className="mt-4 flex flex-col gap-4"
        aria-busy={state.step === 'requesting'}
        data-testid="pay-out-form"
      >
        <FormMessage tone="error" text={fieldError('form')} />
        <PayoutAccountChoice
          selectId={selectId}
          accounts={payoutAccounts}
          value={payoutAccountId}
          onChange={setChosenAccountId}
          error={fieldError('account')}
          onAdd={onAddPayoutAccount}
        />
        <TextField
          label={t('account.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('account.amountPlaceholder')}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={fieldError('amount')}
          hint={t('account.availableHint', { amount: format.eur(availableAmount) })}
          trailing={<span className="px-3 font-semibold text-navy-700">€</span>}
          className="[&_input]:text-right [&_input]:text-lg [&_input]:font-semibold [&_input]:tabular-nums"
        />
        <Button type="submit" block disabled={state.step === 'requesting'}>
          {state.step === 'requesting' ? t('account.requesting') : t('account.payOutNext')}
        </Button>
      </form>

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
          <form
            noValidate
            onSubmit={(event) => void submitCode(event)}
            className="flex flex-col gap-4"
            aria-busy={busy}
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
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError}
              className="[&_input]:text-center [&_input]:text-2xl [&_input]:font-semibold [&_input]:tracking-[0.4em]"
            />
            <Button type="submit" block disabled={state.step === 'confirming'}>
              {state.step === 'confirming'
                ? t('account.confirming')
                : t('account.confirmPayout', { amount: format.eur(challenge.amount) })}
            </Button>
          </form>
        ) : null}
      </BottomSheet>
    </section>
  );
};

const PayoutAccountChoice = ({
  selectId,
  accounts,
  value,
  onChange,
  error,
  onAdd,
}: {
  readonly selectId: string;
  readonly accounts: readonly PayoutAccount[] | undefined;
  readonly value: string | null;
  readonly onChange: (id: string) => void;
  readonly error: string | null;
  readonly onAdd: () => void;
}) => {
  const { t } = useTranslation();
  const errorId = `${selectId}-error`;
  const errorText = error ? (
    <p id={errorId} className="text-sm font-medium text-danger" data-testid="error-payoutAccount">
      {error}
    </p>
  ) : null;
  if (accounts !== undefined && accounts.length === 0) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl border border-dashed border-navy-300 p-3">
        <p className="text-sm text-navy-700">{t('account.noPayoutAccountText')}</p>
        {errorText}
        <Button variant="secondary" block onClick={onAdd} data-testid="add-payout-account">
          <Plus aria-hidden="true" className="size-5" />
          {t('account.addPayoutAccount')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-semibold text-navy-900">
        {t('account.payoutAccount')}
      </label>
      <select
        id={selectId}
        name="payoutAccount"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="block min-h-12 w-full rounded-xl border border-navy-300 bg-white px-4 font-mono text-base text-navy-900"
        data-testid="payout-account-select"
      >
        {(accounts ?? []).map((account) => (
          <option key={account.id} value={account.id}>
            {groupIban(account.IBAN)}
          </option>
        ))}
      </select>
      {errorText}
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
