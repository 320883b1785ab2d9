import { queryOptions, useQuery } from '@tanstack/react-query'
// The record book and team history answers (docs/records.md): the API's types (worker/contract/records.ts).
import type { TeamHistory } from '../../../worker/contract/records'
import { api } from './api-client'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

export type { RecordBook, RecordEntry, RecordList, TeamHistory } from '../../../worker/contract/records'

export interface RecordFilters {
  stat: number | null
  leagueId: number | null
  from: number | null
  to: number | null
}

export const teamHistoryQuery = (tenant: Tenant, teamId: number) =>
  queryOptions({
    queryKey: ['team-history', tenantKey(tenant), teamId] as const,
    queryFn: () => api.get<TeamHistory>(`/api/records/teams/${teamId}`, tenantQuery(tenant)),
    enabled: Number.isInteger(teamId) && teamId > 0,
  })

export const useTeamHistory = (tenant: Tenant, teamId: number) => useQuery(teamHistoryQuery(tenant, teamId))
