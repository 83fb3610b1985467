import * as ops from '@bw/api-client/operations';
import { type AuditPage, auditPage, type StaffView, staffView } from '@bw/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { urlOf } from '../../../lib/api-client';
import { adminApi } from '../../lib/admin-api';

export type AuditFilters = {
  staffId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
};

const params = (filters: AuditFilters) => ({
  ...filters,
  from: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
  to: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : undefined,
});

export const useAuditLog = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['backoffice', 'audit', filters, page],
    queryFn: (): Promise<AuditPage> =>
      adminApi.get(ops.getAdminAudit, auditPage, { query: { ...params(filters), page, pageSize: 50 } }),
    placeholderData: keepPreviousData,
  });

export const auditExportUrl = (filters: AuditFilters): string =>
  urlOf(ops.getAdminAuditExport, { query: params(filters) });

export const useStaffList = () =>
  useQuery({
    queryKey: ['backoffice', 'staff'],
    queryFn: (): Promise<StaffView[]> => adminApi.get(ops.getAdminStaff, z.array(staffView)),
  });
