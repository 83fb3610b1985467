import { ADMIN_API_PREFIX, type DashboardView, dashboardView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

const REFRESH_MS = 30_000;

export const useDashboard = () =>
  useQuery({
    queryKey: ['backoffice', 'dashboard'],
    queryFn: (): Promise<DashboardView> => adminApi.get(`${ADMIN_API_PREFIX}/dashboard`, dashboardView),
    refetchInterval: REFRESH_MS,
  });
