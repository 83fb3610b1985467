import type { SavingsPlanView } from '@bw/contracts';
import { parseEuroAmountToCents, SAVINGS_PLAN_MAX_ASSETS, SAVINGS_PLAN_MIN_CENTS } from '@bw/domain';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FieldError, Form, msg, TextField, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useAssets } from '../../assets/api/get-assets';
import { useMoveSavingsPlan, useSaveSavingsPlan, useSavingsPlans } from '../api/savings-plans';
import {
  OPEN_STANDING_ORDER,
  StandingOrderActions,
  StandingOrderFormEnd,
  StandingOrderHistory,
  StandingOrderSection,
} from './standing-order';

const EURO = /^\d{1,10}(?:[.,]\d{1,2})?$/;
const PERCENT = /^\d{1,3}$/;
const PLANNABLE = new Set(['primary', 'secondary']);

/** The chosen percentages: every filled field, as whole numbers. */
const chosen = (percents: Record<string, string | undefined>) =>
  Object.entries(percents)
    .map(([assetId, value]) => ({ assetId, value: (value ?? '').trim() }))
    .filter((one) => one.value !== '')
    .map((one) => ({ assetId: one.assetId, percent: Number(one.value) }));

const planForm = z
  .object({
    amount: z
      .string()
      .trim()
      .refine((value) => EURO.test(value) && parseEuroAmountToCents(value) >= SAVINGS_PLAN_MIN_CENTS, {
        message: msg('savings.amountInvalid'),
      }),
    day: z
      .string()
      .trim()
      .refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 28, {
        message: msg('savings.dayInvalid'),
      }),
    percents: z.record(z.string(), z.string().optional()),
    acknowledged: z.boolean(),
    accept5k: z.boolean(),
  })
  .refine(
    (values) => {
      const split = chosen(values.percents);
      return (
        split.length > 0 &&
        split.length <= SAVINGS_PLAN_MAX_ASSETS &&
        split.every((one) => PERCENT.test(String(one.percent))) &&
        split.every((one) => one.percent >= 1) &&
        split.reduce((sum, one) => sum + one.percent, 0) === 100
      );
    },
    { message: msg('savings.splitInvalid'), path: ['split'] },
  );

const euroText = (cents: string): string => {
  const padded = cents.padStart(3, '0');
  return `${padded.slice(0, -2)},${padded.slice(-2)}`;
};

/** Set up (plan null) or change a plan: amount, day, split; the confirmations once for the standing order. */
const PlanForm = ({ plan, onDone }: { readonly plan: SavingsPlanView | null; readonly onDone: () => void }) => {
  const { t } = useTranslation();
  const assets = (useAssets().data ?? []).filter((asset) => PLANNABLE.has(asset.stage));
  const save = useSaveSavingsPlan();
  const form = useZodForm(planForm, {
    defaultValues: {
      amount: plan ? euroText(plan.amountCents) : '100,00',
      day: String(plan?.dayOfMonth ?? 1),
      percents: Object.fromEntries(plan?.allocations.map((one) => [one.assetId, String(one.percent)]) ?? []),
      acknowledged: plan?.acknowledgedAppropriateness ?? false,
      accept5k: plan?.accepted5kLimit ?? false,
    },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({
          planId: plan?.id ?? null,
          body: {
            amount: parseEuroAmountToCents(values.amount).toString(),
            dayOfMonth: Number(values.day),
            allocations: chosen(values.percents),
            acknowledgedAppropriateness: values.acknowledged,
            accepted5kLimit: values.accept5k,
          },
        });
        onDone();
      }}
      serverErrors={{
        fallback: t('savings.error'),
        codeFields: {
          SAVINGS_PLAN_AMOUNT_TOO_SMALL: 'amount',
          SAVINGS_PLAN_DAY_INVALID: 'day',
          SAVINGS_PLAN_SPLIT_INVALID: 'split',
        },
      }}
      className="flex flex-col gap-3"
      data-testid="savings-form"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('savings.amount')} name="amount" inputMode="decimal" autoComplete="off" />
        <TextField label={t('savings.day')} name="day" inputMode="numeric" autoComplete="off" />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-navy-900">{t('savings.split')}</legend>
        <p className="text-sm text-navy-700">{t('savings.splitHint')}</p>
        <ul className="flex flex-col gap-2">
          {assets.map((asset) => (
            <li key={asset.id} className="grid grid-cols-[minmax(0,1fr)_6rem] items-end gap-3">
              <span className="min-w-0 break-words pb-3 text-sm text-navy-900">{asset.title}</span>
              <TextField
                label={t('savings.percentOf', { title: asset.title })}
                name={`percents.${asset.id}`}
                inputMode="numeric"
                autoComplete="off"
                className="[&_label]:sr-only"
              />
            </li>
          ))}
        </ul>
        <FieldError name="split" />
      </fieldset>
      <StandingOrderFormEnd
        acknowledge={t('savings.acknowledge')}
        accept5k={t('savings.accept5k')}
        submit={plan ? t('savings.submitChange') : t('savings.submit')}
        onCancel={onDone}
      />
    </Form>
  );
};

const PlanCard = ({ plan, onChange }: { readonly plan: SavingsPlanView; readonly onChange: () => void }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const move = useMoveSavingsPlan();
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="savings-plan" data-status={plan.status}>
      <p className="text-sm font-semibold text-navy-900">
        {t('savings.monthly', { amount: format.eur(plan.amountCents), day: plan.dayOfMonth })}
      </p>
      <p className="text-sm text-navy-700" data-testid="savings-plan-status">
        {t(`savings.status_${plan.status}`)}
      </p>
      <ul className="text-sm text-navy-700">
        {plan.allocations.map((one) => (
          <li key={one.assetId}>
            {one.percent} % {one.assetTitle}
          </li>
        ))}
      </ul>
      {plan.nextExecution ? (
        <p className="text-sm text-navy-900" data-testid="savings-next">
          {t('savings.next', { date: format.date(`${plan.nextExecution}T12:00:00Z`) })}
        </p>
      ) : null}
      <StandingOrderActions
        status={plan.status}
        busy={move.isPending}
        failed={move.isError}
        onChange={onChange}
        onMove={(to) => move.mutate({ planId: plan.id, move: to })}
      />
    </li>
  );
};

/** The investor's savings plans (issue 40, ADR 0045): set up, overview with next execution and history, change, end. */
export const SavingsPlans = () => {
  const { t } = useTranslation();
  const overview = useSavingsPlans();
  const [editing, setEditing] = useState<SavingsPlanView | 'new' | null>(null);
  const plans = (overview.data?.plans ?? []).filter((plan) => OPEN_STANDING_ORDER.has(plan.status));
  return (
    <StandingOrderSection
      id="investments-savings"
      testId="savings-plans"
      icon={CalendarClock}
      title={t('savings.title')}
      text={t('savings.text')}
      form={editing ? <PlanForm plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      empty={t('savings.empty')}
      orders={
        plans.length === 0
          ? null
          : plans.map((plan) => <PlanCard key={plan.id} plan={plan} onChange={() => setEditing(plan)} />)
      }
      create={{ label: t('savings.create'), onClick: () => setEditing('new') }}
      historyTitle={t('savings.historyTitle')}
      history={
        <StandingOrderHistory
          testId="savings-history"
          empty={t('savings.historyEmpty')}
          rows={overview.data?.executions ?? []}
          keyOf={(row) => `${row.planId}-${row.month}-${row.assetId}`}
          atOf={(row) => row.executedAt}
          refusal="savings.skipped"
        />
      }
    />
  );
};
