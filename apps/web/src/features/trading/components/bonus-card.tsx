import type { UserBonusView } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useFeatureFlag } from '../../../hooks/use-feature-flag';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { checkBonusCode, redeemBonusCode } from '../api/bonus';
import { bonusQueryKey } from '../api/query-keys';
import { bonusCodeForm } from '../lib/trading-forms';

type Props = {
  readonly assetId: string;
  readonly bonus: UserBonusView | null;
  readonly useBonus: boolean;
  readonly onUseBonus: (use: boolean) => void;
};

const BONUS_CODE_MAX_LENGTH = 64;
const toUpperCase = (value: string) => value.toUpperCase();

/** Sends once something is typed. */
const ApplyButton = () => {
  const { t } = useTranslation();
  const code: unknown = useWatch({ name: 'code' });
  return (
    <SubmitButton variant="secondary" disabled={typeof code !== 'string' || code.trim() === ''}>
      {t('trading.bonusCodeApply')}
    </SubmitButton>
  );
};

/**
 * A bonus code (feature flag bonusCodes): checked first, then redeemed; it then applies at checkout.
 * Why a code cannot be used (the server's message) shows at the code.
 */
const BonusCodeForm = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const queryClient = useQueryClient();
  const form = useZodForm(bonusCodeForm, { defaultValues: { code: '' } });
  const [redeemed, setRedeemed] = useState<string | null>(null);
  const submit = async ({ code }: { code: string }) => {
    setRedeemed(null);
    await checkBonusCode(code);
    const bonus = await redeemBonusCode(code);
    setRedeemed(t('trading.bonusCodeRedeemed', { title: bonus.title, amount: format.eur(bonus.amount) }));
    form.reset({ code: '' });
    await queryClient.invalidateQueries({ queryKey: bonusQueryKey(assetId) });
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      onSubmitCapture={() => setRedeemed(null)}
      serverErrors={{ fallback: t('trading.errorGeneric'), errorField: 'code' }}
      className="flex flex-col gap-2"
    >
      <TextField
        name="code"
        label={t('trading.bonusCodeLabel')}
        maxLength={BONUS_CODE_MAX_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        normalize={toUpperCase}
        action={<ApplyButton />}
        className="[&_input]:font-mono [&_input]:uppercase"
      />
      {redeemed ? (
        <p role="status" data-testid="bonus-code-message" className="text-sm font-medium text-success">
          {redeemed}
        </p>
      ) : null}
    </Form>
  );
};

/** Spec section 2: apply a bonus (the user's best open one) and enter a bonus code. */
export const BonusCard = ({ assetId, bonus, useBonus, onUseBonus }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const codes = useFeatureFlag('bonusCodes');
  if (!bonus && !codes) return null;
  return (
    <section
      aria-labelledby="purchase-bonus"
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6"
    >
      <h2 id="purchase-bonus" className="flex items-center gap-2 text-base font-semibold text-navy-900">
        <Gift aria-hidden="true" className="size-5 text-brand-text" />
        {t('trading.bonusTitle')}
      </h2>
      {bonus ? (
        <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-navy-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand"
            checked={useBonus}
            onChange={(event) => onUseBonus(event.target.checked)}
          />
          <span className="flex flex-col gap-0.5">
            <span className="font-semibold">
              {t('trading.bonusUse', { title: bonus.title, amount: format.eur(bonus.amount) })}
            </span>
            {BigInt(bonus.minimumInvestment) > 0n ? (
              <span className="text-navy-700">
                {t('trading.bonusMinimum', { amount: format.eur(bonus.minimumInvestment) })}
              </span>
            ) : null}
          </span>
        </label>
      ) : null}
      {codes ? <BonusCodeForm assetId={assetId} /> : null}
    </section>
  );
};
