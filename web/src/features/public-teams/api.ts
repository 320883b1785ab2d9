import { useQuery } from '@tanstack/react-query'
import type { TeamOverview } from '../../../../worker/contract/teams'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type { TeamGame, TeamOverview as PublicTeam } from '../../../../worker/contract/teams'

export const publicTeamKeys = {
  team: (tenant: Tenant, teamId: number, season: number | null = null) =>
    ['public-team', tenantKey(tenant), teamId, season] as const,
}

/** The team's page in its current season, or in `season` (a season published ahead). */
export const fetchPublicTeam = (tenant: Tenant, teamId: number, season: number | null = null) =>
  api
    .get<{ team: TeamOverview }>(`/api/teamsv2/${teamId}`, {
      ...tenantQuery(tenant),
      ...(season ? { seasonId: String(season) } : {}),
    })
    .then((body) => body.team)

export const usePublicTeam = (tenant: Tenant, teamId: number, season: number | null = null) =>
  useQuery({
    queryKey: publicTeamKeys.team(tenant, teamId, season),
    queryFn: () => fetchPublicTeam(tenant, teamId, season),
    enabled: Number.isInteger(teamId) && teamId > 0,
    staleTime: 30_000,
    // A missing team is an answer, not a hiccup.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
