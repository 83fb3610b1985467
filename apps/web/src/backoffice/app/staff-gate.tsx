import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { ErrorNotice, Spinner } from '../components/ui';
import { useStaffSession } from '../features/session/api';
import { boPaths } from '../lib/paths';
import { Shell } from './shell';

/** Only a live staff session gets past: otherwise to the login, with the way back. */
export const StaffGate = () => {
  const session = useStaffSession();
  const location = useLocation();
  if (session.isPending) return <Spinner />;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 401)
      return (
        <Navigate to={`${boPaths.login}?ziel=${encodeURIComponent(location.pathname + location.search)}`} replace />
      );
    return (
      <div className="p-6">
        <ErrorNotice error={session.error} />
      </div>
    );
  }
  return <Shell session={session.data} />;
};
