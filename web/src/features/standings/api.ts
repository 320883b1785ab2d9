import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { DivisionsData, LeaguesWithTeams, Season } from '../../../../worker/contract/seasons'
import { api } from '../../lib/api-client'
import type { BracketSummary } from '../../lib/playoffs-api'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type { StandingRow } from '../../../../worker/contract/standings'

/** What the public standings read of a season. */
export type PublicSeason = Pick<Season, 'id' | 'name' | 'active' | 'published' | 'startDate'>

/** The organization's seasons as the public site sees them: the active one, and every season to offer. */
export interface PublicSeasons {
  active: PublicSeason | null
  seasons: PublicSeason[]
}

export const standingsKeys = {
  seasons: (tenant: Tenant) => ['standings', 'seasons', tenantKey(tenant)] as const,
  leagues: (tenant: Tenant, seasonId: number) => ['standings', 'leagues', tenantKey(tenant), seasonId] as const,
  divisions: (tenant: Tenant, seasonId: number) => ['standings', 'divisions', tenantKey(tenant), seasonId] as const,
}

/**
 * docs/reference/league-admin.md §1: the public site uses the active season — the active one with the latest start, as
 * the server picks it for the public leagues list. Null when the organization has none.
 */
export async function fetchPublicSeasons(tenant: Tenant): Promise<PublicSeasons> {
  const { seasons } = await api.get<{ seasons: PublicSeason[] }>('/api/seasonsv2', tenantQuery(tenant))
  const active = seasons.filter((season) => season.active)
  active.sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? '') || b.id - a.id)
  return { active: active[0] ?? null, seasons }
}

export const activeSeasonQuery = (tenant: Tenant) =>
  queryOptions({ queryKey: standingsKeys.seasons(tenant), queryFn: () => fetchPublicSeasons(tenant), staleTime: 60_000 })

export const fetchSeasonStandings = (tenant: Tenant, seasonId: number) =>
  api.get<LeaguesWithTeams>(`/api/seasonsv2/${seasonId}/leagues-with-teams-public`, tenantQuery(tenant))

export const fetchSeasonDivisions = (tenant: Tenant, seasonId: number) =>
  api.get<DivisionsData>(`/api/seasonsv2/${seasonId}/divisions`, tenantQuery(tenant))

export const usePublicSeasons = (tenant: Tenant) => useQuery(activeSeasonQuery(tenant))

/**
 * The season the standings show: `?season=` when the visitor chose one (a season published ahead,
 * docs/published-seasons.md), else the active season.
 */
export const chosenSeasonId = (active: PublicSeason | null, params: URLSearchParams): number | undefined =>
  Number(params.get('season')) || active?.id

export const seasonStandingsQuery = (tenant: Tenant, seasonId: number | undefined) =>
  queryOptions({
    queryKey: standingsKeys.leagues(tenant, seasonId ?? 0),
    queryFn: () => fetchSeasonStandings(tenant, seasonId as number),
    enabled: seasonId !== undefined,
    staleTime: 30_000,
  })

export const seasonDivisionsQuery = (tenant: Tenant, seasonId: number | undefined) =>
  queryOptions({
    queryKey: standingsKeys.divisions(tenant, seasonId ?? 0),
    queryFn: () => fetchSeasonDivisions(tenant, seasonId as number),
    enabled: seasonId !== undefined,
    staleTime: 30_000,
  })

export const useSeasonStandings = (tenant: Tenant, seasonId: number | undefined) =>
  useQuery(seasonStandingsQuery(tenant, seasonId))

export const useSeasonDivisions = (tenant: Tenant, seasonId: number | undefined) =>
  useQuery(seasonDivisionsQuery(tenant, seasonId))

/** The active season, then its standings and divisions — before the page has rendered. */
export function prefetchStandings(client: QueryClient, tenant: Tenant) {
  client
    .fetchQuery(activeSeasonQuery(tenant))
    .then(({ active }) => {
      const seasonId = chosenSeasonId(active, new URLSearchParams(window.location.search))
      if (seasonId === undefined) return
      void client.prefetchQuery(seasonStandingsQuery(tenant, seasonId))
      void client.prefetchQuery(seasonDivisionsQuery(tenant, seasonId))
    })
    .catch(() => undefined) // the page shows the failure when it asks again
}

/**
 * The season's brackets, for the "Tournament Bracket" links. Kept here rather than imported from
 * lib/playoffs-api.ts so the standings chunk does not pull the bracket module into every public
 * page's first load (test/unit/bundle-budget.test.ts); the key is playoffKeys.season's.
 */
export const useSeasonBrackets = (tenant: Tenant, seasonId: number | undefined) =>
  useQuery({
    queryKey: ['brackets', 'season', tenantKey(tenant), seasonId ?? 0],
    queryFn: () =>
      api
        .get<{ brackets: BracketSummary[] }>('/api/brackets', { ...tenantQuery(tenant), seasonId: String(seasonId) })
        .then((b) => b.brackets),
    enabled: seasonId !== undefined,
    staleTime: 30_000,
  })
