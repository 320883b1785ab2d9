import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AuditPage } from '../../../../worker/contract/audit'
import { api } from '../../lib/api-client'

// The trail's answer is the API's (worker/contract/audit.ts).
export type { AuditEntry, AuditPage } from '../../../../worker/contract/audit'

export interface AuditFilter {
  page: number
  pageSize: number
  /** A kind of record (audited table name), or '' for all. */
  table: string
  /** Super admin only: whose trail; null for their own organization's. */
  organizationId: number | null
}

export const auditKeys = { page: (filter: AuditFilter) => ['audit-log', filter] as const }

export const fetchAuditPage = (filter: AuditFilter, signal?: AbortSignal) =>
  api.get<AuditPage>(
    '/api/audit-log',
    { page: filter.page, pageSize: filter.pageSize, table: filter.table, organization_id: filter.organizationId },
    signal,
  )

/** One page of the trail; the previous page stays on screen while the next loads. */
export const useAuditPage = (filter: AuditFilter) =>
  useQuery({
    queryKey: auditKeys.page(filter),
    queryFn: ({ signal }) => fetchAuditPage(filter, signal),
    placeholderData: keepPreviousData,
    // Every other screen's writes change the trail without invalidating it: always ask again on open.
    staleTime: 0,
    refetchOnMount: 'always',
  })

interface OrganizationOption {
  id: number
  name: string
}

/** Super admin: the organizations whose trail can be chosen. */
export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['audit-log', 'organizations'],
    queryFn: () =>
      api
        .get<{ organizations: OrganizationOption[] }>('/api/organizations')
        .then((body) => body.organizations.map((o) => ({ id: o.id, name: o.name }))),
    enabled,
  })
