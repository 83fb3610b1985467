import type { StaffSession } from '@bw/contracts';
import { useOutletContext } from 'react-router';

/** The staff session of the screens inside the shell (the gate passes it down). */
export const useSession = (): StaffSession => useOutletContext<StaffSession>();
