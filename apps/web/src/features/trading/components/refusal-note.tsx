import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { NoSecurityAppMessage } from '../../security-app/components/no-security-app-message';
import type { RefusalAction } from '../lib/purchase-draft';

const wayOut = {
  taxSettings: { key: 'settings', label: 'trading.goToSettings' },
  verification: { key: 'identification', label: 'trading.unverifiedAction' },
  funds: { key: 'account', label: 'trading.fundsTopUp' },
} as const;

/**
 * A refused buy or sell as the screen shows it, the same on every path (ADR 0040): the server's
 * German message with the way out it needs — link the security app, give the tax answers in the
 * settings, finish the identification (verification, address and birth date), top up.
 */
export const RefusalNote = ({
  action,
  message,
}: {
  readonly action: RefusalAction;
  readonly message: string | null;
}) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  if (action === 'securityApp')
    return (
      <div className="flex flex-col gap-3">
        <NoSecurityAppMessage />
        <Link to={href({ key: 'securityAppIntegration' })} className={buttonClass('secondary', true)}>
          {t('trading.linkSecurityApp')}
        </Link>
      </div>
    );
  const link = action === 'taxSettings' || action === 'verification' || action === 'funds' ? wayOut[action] : null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 text-sm text-danger ring-1 ring-red-200"
      data-testid="trade-refusal"
    >
      <p className="font-medium">{message || t('trading.errorGeneric')}</p>
      {link ? (
        <Link to={href({ key: link.key })} className={buttonClass('secondary', true, 'sm')}>
          {t(link.label)}
        </Link>
      ) : null}
    </div>
  );
};
