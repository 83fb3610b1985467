import type { SigningRequestView } from '@bw/contracts';
import type { SigningRequestStatus } from '@bw/domain';
import { useTranslation } from '../../../lib/i18n';

const statusKeys = {
  pending: 'securityApp.requestPending',
  signed: 'securityApp.requestSigned',
  rejected: 'securityApp.requestRejected',
  expired: 'securityApp.requestExpired',
} as const satisfies Readonly<Record<SigningRequestStatus, string>>;

/** The user's signing requests and their outcome; updates live (useSecurityAppUpdates). */
export const SigningRequestList = ({ requests }: { requests: readonly SigningRequestView[] }) => {
  const { t } = useTranslation();
  if (requests.length === 0) return <p className="text-sm text-navy-700">{t('securityApp.requestsEmpty')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {requests.map((request) => (
        <li
          key={request.id}
          data-testid="signing-request"
          data-request-id={request.id}
          className="rounded-xl p-4 ring-1 ring-navy-100"
        >
          <p className="flex justify-between gap-2 font-semibold text-navy-900">
            <span>{request.title}</span>
            <span data-testid="signing-request-status" aria-live="polite">
              {t(statusKeys[request.status])}
            </span>
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            {request.lines.map((line) => (
              <div key={line.label} className="contents">
                <dt className="text-navy-700">{line.label}</dt>
                <dd className="text-right tabular-nums">{line.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
};
