import type { AutoInvestBody, AutoInvestMandateView } from '@bw/contracts';
import { AUTO_INVEST_MIN_CENTS, autoInvestMarkets, objectTypes, parseEuroAmountToCents } from '@bw/domain';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { CheckboxField, FieldError, Form, msg, TextField, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useAutoInvest, useMoveAutoInvest, useSaveAutoInvest } from '../api/auto-invest';
import {
  OPEN_STANDING_ORDER,
  StandingOrderActions,
  StandingOrderFormEnd,
  StandingOrderHistory,
  StandingOrderSection,
} from './standing-order';

const EURO = /^\d{1,10}(?:[.,]\d{1,2})?$/;
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

/** "4,5" → 450 basis points (the same two decimals as euro cents). */
const toBps = (value: string): number => Number(parseEuroAmountToCents(value.trim()));
const fromBps = (bps: number): string => `${Math.floor(bps / 100)},${String(bps % 100).padStart(2, '0')}`;
const percentField = (max: number) =>
  z
    .string()
    .trim()
    .refine((value) => PERCENT.test(value) && toBps(value) <= max, { message: msg('autoInvest.percentInvalid') });
const countriesOf = (text: string): string[] =>
  text
    .split(/[,\s]+/)
    .map((one) => one.trim().toUpperCase())
    .filter(Boolean);

const rulesForm = z
  .object({
    budget: z
      .string()
      .trim()
      .refine((value) => EURO.test(value) && parseEuroAmountToCents(value) >= AUTO_INVEST_MIN_CENTS, {
        message: msg('autoInvest.budgetInvalid'),
      }),
    types: z.record(z.string(), z.boolean().optional()),
    countries: z.string().refine((value) => countriesOf(value).every((code) => /^[A-Z]{2}$/.test(code)), {
      message: msg('autoInvest.countriesInvalid'),
    }),
    minYield: percentField(10_000),
    maxShare: percentField(10_000).refine((value) => toBps(value) >= 1, { message: msg('autoInvest.percentInvalid') }),
    maxDeviation: percentField(2_000),
    markets: z.record(z.string(), z.boolean().optional()),
    acknowledged: z.boolean(),
    accept5k: z.boolean(),
  })
  .refine((values) => Object.values(values.markets).some(Boolean), {
    message: msg('autoInvest.marketsInvalid'),
    path: ['marketsChoice'],
  });

const chosenKeys = <T extends string>(choices: Record<string, boolean | undefined>, all: readonly T[]): T[] =>
  all.filter((key) => choices[key] === true);

/** Set up (mandate null) or change the rules; the confirmations once for the mandate. */
const RulesForm = ({
  mandate,
  onDone,
}: {
  readonly mandate: AutoInvestMandateView | null;
  readonly onDone: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveAutoInvest();
  const rules = mandate?.rules;
  const form = useZodForm(rulesForm, {
    defaultValues: {
      budget: mandate ? fromBps(Number(mandate.budgetCents)) : '100,00',
      types: Object.fromEntries((rules?.objectTypes ?? []).map((type) => [type, true])),
      countries: (rules?.countryCodes ?? []).join(', '),
      minYield: fromBps(rules?.minYieldBps ?? 300),
      maxShare: fromBps(rules?.maxPortfolioShareBps ?? 2_000),
      maxDeviation: fromBps(rules?.maxDeviationBps ?? 500),
      markets: Object.fromEntries((rules?.markets ?? ['primary']).map((market) => [market, true])),
      acknowledged: mandate?.acknowledgedAppropriateness ?? false,
      accept5k: mandate?.accepted5kLimit ?? false,
    },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const body: AutoInvestBody = {
          budget: parseEuroAmountToCents(values.budget).toString(),
          rules: {
            objectTypes: chosenKeys(values.types, objectTypes),
            countryCodes: [...new Set(countriesOf(values.countries))],
            minYieldBps: toBps(values.minYield),
            maxPortfolioShareBps: toBps(values.maxShare),
            maxDeviationBps: toBps(values.maxDeviation),
            markets: chosenKeys(values.markets, autoInvestMarkets),
          },
          acknowledgedAppropriateness: values.acknowledged,
          accepted5kLimit: values.accept5k,
        };
        await save.mutateAsync({ mandateId: mandate?.id ?? null, body });
        onDone();
      }}
      serverErrors={{
        fallback: t('savings.error'),
        codeFields: { AUTO_INVEST_BUDGET_TOO_SMALL: 'budget', AUTO_INVEST_RULES_INVALID: 'marketsChoice' },
      }}
      className="flex flex-col gap-3"
      data-testid="auto-invest-form"
    >
      <TextField label={t('autoInvest.budget')} name="budget" inputMode="decimal" autoComplete="off" />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-navy-900">{t('autoInvest.objectTypes')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {objectTypes.map((type) => (
            <CheckboxField key={type} name={`types.${type}`} label={t(`autoInvest.type_${type}`)} />
          ))}
        </div>
      </fieldset>
      <TextField label={t('autoInvest.countries')} name="countries" autoComplete="off" />
      {/* Side by side the labels wrap to different heights: each field spans the row's three
          tracks (label, input, message) of a subgrid, labels at the end of theirs, so the inputs share one line. */}
      <div className="grid gap-3 sm:grid-cols-3">
        {(['minYield', 'maxShare', 'maxDeviation'] as const).map((name) => (
          <TextField
            key={name}
            label={t(`autoInvest.${name}`)}
            name={name}
            inputMode="decimal"
            autoComplete="off"
            className="sm:row-span-3 sm:grid sm:grid-rows-subgrid sm:gap-y-1.5 sm:[&>label]:self-end"
          />
        ))}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-navy-900">{t('autoInvest.markets')}</legend>
        {autoInvestMarkets.map((market) => (
          <CheckboxField key={market} name={`markets.${market}`} label={t(`autoInvest.market_${market}`)} />
        ))}
        <FieldError name="marketsChoice" />
      </fieldset>
      <StandingOrderFormEnd
        acknowledge={t('autoInvest.acknowledge')}
        accept5k={t('autoInvest.accept5k')}
        submit={mandate ? t('autoInvest.submitChange') : t('autoInvest.submit')}
        onCancel={onDone}
      />
    </Form>
  );
};

/** The rules in one line, in the investor's words. */
const RulesLine = ({ mandate }: { readonly mandate: AutoInvestMandateView }) => {
  const { t } = useTranslation();
  const { rules } = mandate;
  return (
    <p className="text-sm text-navy-700" data-testid="auto-invest-rules">
      {t('autoInvest.rulesLine', {
        types:
          rules.objectTypes.length === 0
            ? t('autoInvest.all')
            : rules.objectTypes.map((type) => t(`autoInvest.type_${type}`)).join(', '),
        countries: rules.countryCodes.length === 0 ? t('autoInvest.all') : rules.countryCodes.join(', '),
        yield: `${fromBps(rules.minYieldBps)} %`,
        share: `${fromBps(rules.maxPortfolioShareBps)} %`,
        deviation: `${fromBps(rules.maxDeviationBps)} %`,
        markets: rules.markets.map((market) => t(`autoInvest.market_${market}`)).join(', '),
      })}
    </p>
  );
};

const MandateCard = ({
  mandate,
  onChange,
}: {
  readonly mandate: AutoInvestMandateView;
  readonly onChange: () => void;
}) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const move = useMoveAutoInvest();
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="auto-invest-mandate" data-status={mandate.status}>
      <p className="text-sm font-semibold text-navy-900" data-testid="auto-invest-budget">
        {t('autoInvest.budgetLine', {
          budget: format.eur(mandate.budgetCents),
          spent: format.eur(mandate.spentThisMonthCents),
        })}
      </p>
      <p className="text-sm text-navy-700">{t(`savings.status_${mandate.status}`)}</p>
      <RulesLine mandate={mandate} />
      <StandingOrderActions
        status={mandate.status}
        busy={move.isPending}
        failed={move.isError}
        onChange={onChange}
        onMove={(to) => move.mutate({ mandateId: mandate.id, move: to })}
      />
    </li>
  );
};

/** Auto-invest by rules (issue 40, ADR 0052): set up, overview with the budget used and the history, change, end. */
export const AutoInvestCard = () => {
  const { t } = useTranslation();
  const overview = useAutoInvest();
  const [editing, setEditing] = useState<AutoInvestMandateView | 'new' | null>(null);
  const mandates = (overview.data?.mandates ?? []).filter((mandate) => OPEN_STANDING_ORDER.has(mandate.status));
  return (
    <StandingOrderSection
      id="investments-auto-invest"
      testId="auto-invest"
      icon={Bot}
      title={t('autoInvest.title')}
      text={t('autoInvest.text')}
      form={editing ? <RulesForm mandate={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      empty={t('autoInvest.empty')}
      orders={
        mandates.length === 0
          ? null
          : mandates.map((mandate) => (
              <MandateCard key={mandate.id} mandate={mandate} onChange={() => setEditing(mandate)} />
            ))
      }
      // One open mandate per investor (ADR 0052): a new setup only beside a pending one.
      create={
        mandates.every((mandate) => mandate.status === 'pending')
          ? { label: t('autoInvest.create'), onClick: () => setEditing('new') }
          : null
      }
      historyTitle={t('autoInvest.historyTitle')}
      history={
        <StandingOrderHistory
          testId="auto-invest-history"
          empty={t('autoInvest.historyEmpty')}
          rows={overview.data?.executions ?? []}
          keyOf={(row) => row.id}
          atOf={(row) => row.createdAt}
          refusal="autoInvest.refused"
        />
      }
    />
  );
};
