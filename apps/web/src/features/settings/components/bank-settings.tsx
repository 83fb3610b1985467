import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { usePayoutAccounts } from '../../payment-account/api/payment-account';
import { PayoutAccountList } from '../../payment-account/components/add-payout-guide';
import { SettingsCard } from './settings-card';

/**
 * Spec section 2, bank account verification: the verified payout accounts, and the way to add one
 * (a transfer of at least 1 cent from the user's own account; `add-payout`, on desktop the account screen).
 */
export const BankSettings = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const accounts = usePayoutAccounts();
  return (
    <SettingsCard
      icon={Landmark}
      title={t('accountSettings.bankTitle')}
      text={t('accountSettings.bankText')}
      testId="bank-settings"
    >
      <PayoutAccountList accounts={accounts.data} />
      <Link to={href({ key: 'addPayout' })} className={`${buttonClass('secondary')} sm:self-start`}>
        {t('accountSettings.bankAdd')}
      </Link>
    </SettingsCard>
  );
};
