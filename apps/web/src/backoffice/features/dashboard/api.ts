import * as ops from '@bw/api-client/operations';
import { type DashboardView, dashboardView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

const REFRESH_MS = 30_000;

export const useDashboard = () =>
  useQuery({
    queryKey: ['backoffice', 'dashboard'],
    queryFn: (): Promise<DashboardView> => adminApi.get(ops.getAdminDashboard, dashboardView),
    refetchInterval: REFRESH_MS,
  });
