import type { ReinvestmentMandateView } from '@bw/contracts';
import { parseEuroAmountToCents } from '@bw/domain';
import { Repeat } from 'lucide-react';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { CheckboxField, Form, msg, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useCreateMandate, useReinvestment, useRevokeMandate } from '../api/reinvestment';

const EURO = /^\d{1,10}(?:[.,]\d{1,2})?$/;
const limitForm = z.object({
  limit: z
    .string()
    .trim()
    .refine((value) => EURO.test(value) && parseEuroAmountToCents(value) > 0n, {
      message: msg('investments.reinvestLimitInvalid'),
    }),
  acknowledged: z.boolean(),
});

/** A price limit as the form shows it: 105,00 for 10500 cents. */
const euroText = (cents: string): string => {
  const padded = cents.padStart(3, '0');
  return `${padded.slice(0, -2)},${padded.slice(-2)}`;
};

const EnableForm = ({ assetId, pricePerShare }: { readonly assetId: string; readonly pricePerShare: string }) => {
  const { t } = useTranslation();
  const create = useCreateMandate();
  const form = useZodForm(limitForm, { defaultValues: { limit: euroText(pricePerShare), acknowledged: false } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await create.mutateAsync({
          assetId,
          maxPricePerShare: parseEuroAmountToCents(values.limit).toString(),
          acknowledgedAppropriateness: values.acknowledged,
        });
      }}
      serverErrors={{ fallback: t('investments.reinvestError'), errorField: 'limit' }}
      className="flex flex-col gap-3"
      data-testid="reinvest-form"
    >
      <TextField label={t('investments.reinvestLimit')} name="limit" inputMode="decimal" autoComplete="off" />
      <CheckboxField name="acknowledged" label={t('investments.reinvestAcknowledge')} />
      <SubmitButton>{t('investments.reinvestEnable')}</SubmitButton>
    </Form>
  );
};

const OpenMandate = ({ mandate }: { readonly mandate: ReinvestmentMandateView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const revoke = useRevokeMandate();
  const active = mandate.status === 'active';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-navy-900" data-testid="reinvest-status" data-status={mandate.status}>
        {active
          ? t('investments.reinvestActive', { price: format.eur(mandate.maxPricePerShareCents) })
          : t('investments.reinvestPending')}
      </p>
      <Button
        type="button"
        variant="secondary"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(mandate.assetId)}
        data-testid="reinvest-revoke"
      >
        {active ? t('investments.reinvestRevoke') : t('investments.reinvestCancel')}
      </Button>
      {revoke.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('investments.reinvestError')}
        </p>
      )}
    </div>
  );
};

/**
 * The "my investment" tab's reinvestment switch (issue 22, ADR 0034): on with a price limit (a
 * standing mandate signed once in the security app), off at any time; the last outcome below.
 */
export const ReinvestmentToggle = ({
  assetId,
  pricePerShare,
}: {
  readonly assetId: string;
  readonly pricePerShare: string;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const overview = useReinvestment();
  if (!overview.data) return null;
  const mandate = overview.data.mandates.find(
    (one) => one.assetId === assetId && (one.status === 'pending' || one.status === 'active'),
  );
  const last = overview.data.reinvestments.find((one) => one.assetId === assetId);
  const lastText = last
    ? last.outcome === 'bought'
      ? t('investments.reinvestBought', { shares: String(last.shares), amount: format.eur(last.spentCents) })
      : (last.reason ?? '')
    : null;
  return (
    <section
      aria-labelledby="detail-reinvest"
      className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100"
      data-testid="reinvestment"
    >
      <h2 id="detail-reinvest" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <Repeat aria-hidden="true" className="size-5 text-brand-text" />
        {t('investments.reinvestTitle')}
      </h2>
      <p className="text-sm text-navy-700">{t('investments.reinvestText')}</p>
      {mandate ? <OpenMandate mandate={mandate} /> : <EnableForm assetId={assetId} pricePerShare={pricePerShare} />}
      {lastText && (
        <p className="text-sm text-navy-700" data-testid="reinvest-last">
          {t('investments.reinvestLast', { text: lastText })}
        </p>
      )}
    </section>
  );
};
