import type { UserBonusView } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { useFeatureFlag } from '../../../hooks/use-feature-flag';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useMoneyFormat } from '../../payment-account/hooks/use-money-format';
import { checkBonusCode, redeemBonusCode } from '../api/bonus';
import { bonusQueryKey } from '../api/query-keys';

type Props = {
  readonly assetId: string;
  readonly bonus: UserBonusView | null;
  readonly useBonus: boolean;
  readonly onUseBonus: (use: boolean) => void;
};

const BONUS_CODE_MAX_LENGTH = 64;

/** A bonus code (feature flag bonusCodes): checked first, then redeemed; it then applies at checkout. */
const BonusCodeForm = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    setPending(true);
    setMessage(null);
    try {
      await checkBonusCode(trimmed);
      const redeemed = await redeemBonusCode(trimmed);
      setMessage({
        tone: 'ok',
        text: t('trading.bonusCodeRedeemed', { title: redeemed.title, amount: format.eur(redeemed.amount) }),
      });
      setCode('');
      await queryClient.invalidateQueries({ queryKey: bonusQueryKey(assetId) });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : t('trading.errorGeneric') });
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold text-navy-900">
        {t('trading.bonusCodeLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          maxLength={BONUS_CODE_MAX_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          className="h-12 min-w-0 flex-1 rounded-xl border border-navy-300 bg-white px-4 font-mono text-base uppercase text-navy-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <Button type="submit" variant="secondary" disabled={pending || code.trim() === ''}>
          {t('trading.bonusCodeApply')}
        </Button>
      </div>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          data-testid="bonus-code-message"
          className={`text-sm font-medium ${message.tone === 'error' ? 'text-danger' : 'text-success'}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
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
