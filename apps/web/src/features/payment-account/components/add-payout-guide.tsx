import type { PayoutAccount } from '@bw/contracts';
import { Landmark } from 'lucide-react';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useOnboardingUser } from '../../personal-data/api/get-onboarding-user';
import { groupIban } from './copy-button';
import { BankDetails } from './pay-in-card';
import { SkeletonBlock } from './skeletons';

/**
 * Spec sections 2 and 5: a payout account is added by a transfer of at least 1 cent from the user's
 * own bank account, in the user's name, to the personal IBAN. Used by `add-payout` (phone families)
 * and the dialog of the desktop account screen.
 */
export const AddPayoutGuide = ({
  iban,
  bic,
  name,
}: {
  readonly iban: string;
  readonly bic: string;
  readonly name: string | null;
}) => {
  const { t } = useTranslation();
  const candidate = usePayoutCandidate();
  return (
    <div className="flex flex-col gap-4" data-testid="add-payout-guide">
      <p className="text-base text-navy-700">{t('addPayout.intro')}</p>
      <ol className="flex flex-col gap-4">
        <li>
          <div className="flex gap-3">
            <StepNumber value={1} />
            <div className="flex flex-col gap-1">
              <p className="font-medium text-navy-900">{t('addPayout.stepTransfer')}</p>
              {candidate && (
                <p className="text-sm text-navy-700" data-testid="payout-candidate">
                  {t('addPayout.candidate', { iban: groupIban(candidate) })}
                </p>
              )}
            </div>
          </div>
          <BankDetails iban={iban} bic={bic} />
        </li>
        <li className="flex gap-3">
          <StepNumber value={2} />
          <p className="font-medium text-navy-900" data-testid="add-payout-name">
            {name ? t('addPayout.stepName', { name }) : t('addPayout.stepNameUnknown')}
          </p>
        </li>
        <li className="flex gap-3">
          <StepNumber value={3} />
          <p className="font-medium text-navy-900">{t('addPayout.stepDone')}</p>
        </li>
      </ol>
    </div>
  );
};

/**
 * Issue 20: the IBAN given in the onboarding is the first payout account candidate — the account to
 * send the proving cent from.
 */
const usePayoutCandidate = (): string | null => {
  const user = useOnboardingUser();
  return user.data?.account.IBAN ?? null;
};

const StepNumber = ({ value }: { readonly value: number }) => (
  <span
    aria-hidden="true"
    className="grid size-8 shrink-0 place-items-center rounded-full bg-brand text-sm font-bold text-on-brand"
  >
    {value}
  </span>
);

/** The payout accounts the user has (they appear live once the proving transfer arrived). */
export const PayoutAccountList = ({ accounts }: { readonly accounts: readonly PayoutAccount[] | undefined }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <section aria-labelledby="payout-accounts" className="flex flex-col gap-3">
      <h2 id="payout-accounts" className="text-lg font-semibold text-navy-900">
        {t('addPayout.listTitle')}
      </h2>
      {accounts === undefined ? (
        <SkeletonBlock className="h-16 w-full" />
      ) : accounts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-navy-300 px-4 py-3 text-sm text-navy-700">
          {t('addPayout.listEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="payout-accounts">
          {accounts.map((account) => (
            <li key={account.id} className="flex items-center gap-3 rounded-xl bg-navy-100 px-4 py-3">
              <Landmark aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
              <div className="min-w-0">
                <p className="font-mono font-semibold tracking-tight text-navy-900" data-testid="payout-account-iban">
                  {groupIban(account.IBAN)}
                </p>
                <p className="text-sm text-navy-700">
                  {t('addPayout.owner', { owner: account.owner })} ·{' '}
                  {t('addPayout.addedOn', { date: format.date(account.createdAt) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
