import type { AutoInvestBody, AutoInvestExecutionView, AutoInvestMandateView } from '@bw/contracts';
import { AUTO_INVEST_MIN_CENTS, autoInvestMarkets, objectTypes, parseEuroAmountToCents } from '@bw/domain';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { CheckboxField, FieldError, Form, msg, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useAutoInvest, useMoveAutoInvest, useSaveAutoInvest } from '../api/auto-invest';

const EURO = /^\d{1,10}(?:[.,]\d{1,2})?$/;
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const OPEN = new Set(['pending', 'active', 'paused']);

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
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t('autoInvest.minYield')} name="minYield" inputMode="decimal" autoComplete="off" />
        <TextField label={t('autoInvest.maxShare')} name="maxShare" inputMode="decimal" autoComplete="off" />
        <TextField label={t('autoInvest.maxDeviation')} name="maxDeviation" inputMode="decimal" autoComplete="off" />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-navy-900">{t('autoInvest.markets')}</legend>
        {autoInvestMarkets.map((market) => (
          <CheckboxField key={market} name={`markets.${market}`} label={t(`autoInvest.market_${market}`)} />
        ))}
        <FieldError name="marketsChoice" />
      </fieldset>
      <CheckboxField name="acknowledged" label={t('autoInvest.acknowledge')} />
      <CheckboxField name="accept5k" label={t('autoInvest.accept5k')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton>{mandate ? t('autoInvest.submitChange') : t('autoInvest.submit')}</SubmitButton>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('savings.cancel')}
        </Button>
      </div>
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
  const moveTo = (to: 'pause' | 'resume' | 'end') => move.mutate({ mandateId: mandate.id, move: to });
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
      <div className="flex flex-wrap gap-2">
        {mandate.status !== 'pending' ? (
          <>
            <Button type="button" variant="secondary" onClick={onChange}>
              {t('savings.change')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={move.isPending}
              onClick={() => moveTo(mandate.status === 'paused' ? 'resume' : 'pause')}
            >
              {mandate.status === 'paused' ? t('savings.resume') : t('savings.pause')}
            </Button>
          </>
        ) : null}
        <Button type="button" variant="secondary" disabled={move.isPending} onClick={() => moveTo('end')}>
          {mandate.status === 'pending' ? t('savings.cancel') : t('savings.end')}
        </Button>
      </div>
      {move.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('savings.error')}
        </p>
      )}
    </li>
  );
};

/** What auto-invest bought or refused, newest first. */
export const AutoInvestHistory = ({ executions }: { readonly executions: readonly AutoInvestExecutionView[] }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  if (executions.length === 0) return <p className="text-sm text-navy-700">{t('autoInvest.historyEmpty')}</p>;
  return (
    <ul className="divide-y divide-navy-100" data-testid="auto-invest-history">
      {executions.map((row) => (
        <li key={row.id} className="flex flex-col gap-0.5 py-2">
          <span className="text-sm font-semibold text-navy-900">
            {format.date(row.createdAt)} · {row.assetTitle}
          </span>
          <span className={`text-sm ${row.outcome === 'bought' ? 'text-navy-700' : 'text-danger'}`}>
            {row.outcome === 'bought'
              ? t('savings.bought', { shares: row.shares, amount: format.eur(row.spentCents) })
              : t('autoInvest.refused', { reason: row.reason ?? '' })}
          </span>
        </li>
      ))}
    </ul>
  );
};

/** Auto-invest by rules (issue 40, ADR 0052): set up, overview with the budget used and the history, change, end. */
export const AutoInvestCard = () => {
  const { t } = useTranslation();
  const overview = useAutoInvest();
  const [editing, setEditing] = useState<AutoInvestMandateView | 'new' | null>(null);
  const mandates = (overview.data?.mandates ?? []).filter((mandate) => OPEN.has(mandate.status));
  return (
    <section
      aria-labelledby="investments-auto-invest"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100"
      data-testid="auto-invest"
    >
      <h2 id="investments-auto-invest" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <Bot aria-hidden="true" className="size-5 text-brand-text" />
        {t('autoInvest.title')}
      </h2>
      <p className="text-sm text-navy-700">{t('autoInvest.text')}</p>
      {editing ? (
        <RulesForm mandate={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <>
          {mandates.length === 0 ? (
            <p className="text-sm text-navy-700">{t('autoInvest.empty')}</p>
          ) : (
            <ul className="divide-y divide-navy-100">
              {mandates.map((mandate) => (
                <MandateCard key={mandate.id} mandate={mandate} onChange={() => setEditing(mandate)} />
              ))}
            </ul>
          )}
          {mandates.every((mandate) => mandate.status === 'pending') ? (
            <div>
              <Button type="button" onClick={() => setEditing('new')}>
                {t('autoInvest.create')}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <h3 className="text-base font-semibold text-navy-900">{t('autoInvest.historyTitle')}</h3>
      <AutoInvestHistory executions={overview.data?.executions ?? []} />
    </section>
  );
};
