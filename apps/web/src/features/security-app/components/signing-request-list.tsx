import type { SigningRequestView } from '@bw/contracts';
import { type SigningRequestStatus, signingKindLabels } from '@bw/domain';

const statusLabels: Readonly<Record<SigningRequestStatus, string>> = {
  pending: 'Wartet auf Bestätigung in der Security App',
  signed: 'Bestätigt',
  rejected: 'Abgelehnt',
  expired: 'Abgelaufen',
};

/** The user's signing requests and their outcome; updates live (useSecurityAppUpdates). */
export const SigningRequestList = ({ requests }: { requests: readonly SigningRequestView[] }) => {
  if (requests.length === 0) return <p className="text-sm text-navy-700">Noch keine Signaturanfragen.</p>;
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
            <span>{signingKindLabels[request.kind]}</span>
            <span data-testid="signing-request-status" aria-live="polite">
              {statusLabels[request.status]}
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
