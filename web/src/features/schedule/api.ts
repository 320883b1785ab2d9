import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ByeDate, Game, gameChanges, ListedWeekOff, newGame } from '../../../../worker/contract/games'
import type { Season, SeasonLeague, SeasonTeam } from '../../../../worker/contract/seasons'
import { api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export const scheduleKeys = {
  all: ['schedule'] as const,
  publicGames: (tenant: Tenant, season: number | null = null) =>
    ['schedule', 'public', tenantKey(tenant), 'games', season] as const,
  byes: (tenant: Tenant, season: number | null = null) => ['schedule', 'public', tenantKey(tenant), 'byes', season] as const,
  weekOffs: (tenant: Tenant, season: number | null = null) =>
    ['schedule', 'public', tenantKey(tenant), 'week-offs', season] as const,
  leagues: (tenant: Tenant, season: number | null = null) =>
    ['schedule', 'public', tenantKey(tenant), 'leagues', season] as const,
  publicSeasons: (tenant: Tenant) => ['schedule', 'public', tenantKey(tenant), 'seasons'] as const,
  seasons: ['schedule', 'admin', 'seasons'] as const,
  seasonLeagues: (seasonId: number) => ['schedule', 'admin', 'leagues', seasonId] as const,
  leagueTeams: (seasonId: number, leagueId: number) => ['schedule', 'admin', 'teams', seasonId, leagueId] as const,
}

// ---- Public reads (the active season, or a published one chosen; the tenant named by ?slug= or ?domain=) ----

/** The tenant, plus the season when one other than the active season is chosen. */
const inSeason = (tenant: Tenant, season: number | null) => ({
  ...tenantQuery(tenant),
  ...(season ? { seasonId: String(season) } : {}),
})

export const fetchPublicGames = (tenant: Tenant, season: number | null = null) =>
  api.get<{ games: Game[] }>('/api/gamesv2', inSeason(tenant, season)).then((body) => body.games)

export const fetchPublicByes = (tenant: Tenant, season: number | null = null) =>
  api.get<{ byes: ByeDate[] }>('/api/bye-dates/public', inSeason(tenant, season)).then((body) => body.byes)

export const fetchPublicWeekOffs = (tenant: Tenant, season: number | null = null) =>
  api.get<{ weekOffs: ListedWeekOff[] }>('/api/week-offs/public', inSeason(tenant, season)).then((body) => body.weekOffs)

export const fetchPublicLeagues = (tenant: Tenant, season: number | null = null) =>
  api
    .get<{ leagues: { id: number; name: string }[] }>(
      season ? `/api/seasonsv2/${season}/leagues` : '/api/leaguesv2',
      tenantQuery(tenant),
    )
    .then((body) => body.leagues)

/** A season as the public list sends it: enough to offer the active and the upcoming ones. */
export type PublicSeasonOption = Pick<Season, 'id' | 'name' | 'startDate' | 'active' | 'published'>

/** The organization's seasons (the choice shows the active one and those published ahead). */
export const fetchPublicSeasonOptions = (tenant: Tenant) =>
  api.get<{ seasons: PublicSeasonOption[] }>('/api/seasonsv2', tenantQuery(tenant)).then((body) => body.seasons)

const publicScheduleQueries = (tenant: Tenant, season: number | null = null) => ({
  games: queryOptions({
    queryKey: scheduleKeys.publicGames(tenant, season),
    queryFn: () => fetchPublicGames(tenant, season),
  }),
  byes: queryOptions({
    queryKey: scheduleKeys.byes(tenant, season),
    queryFn: () => fetchPublicByes(tenant, season),
    staleTime: 5 * 60_000,
  }),
  weekOffs: queryOptions({
    queryKey: scheduleKeys.weekOffs(tenant, season),
    queryFn: () => fetchPublicWeekOffs(tenant, season),
    staleTime: 5 * 60_000,
  }),
  leagues: queryOptions({
    queryKey: scheduleKeys.leagues(tenant, season),
    queryFn: () => fetchPublicLeagues(tenant, season),
    staleTime: 5 * 60_000,
  }),
})

export const usePublicGames = (tenant: Tenant, season: number | null = null) =>
  useQuery(publicScheduleQueries(tenant, season).games)
export const usePublicByes = (tenant: Tenant, season: number | null = null) =>
  useQuery(publicScheduleQueries(tenant, season).byes)
export const usePublicWeekOffs = (tenant: Tenant, season: number | null = null) =>
  useQuery(publicScheduleQueries(tenant, season).weekOffs)
export const usePublicLeagues = (tenant: Tenant, season: number | null = null) =>
  useQuery(publicScheduleQueries(tenant, season).leagues)
export const usePublicSeasonOptions = (tenant: Tenant) =>
  useQuery({ queryKey: scheduleKeys.publicSeasons(tenant), queryFn: () => fetchPublicSeasonOptions(tenant), staleTime: 60_000 })

/** The public schedule's four reads at once, before the page has rendered. */
export function prefetchPublicSchedule(client: QueryClient, tenant: Tenant) {
  const queries = publicScheduleQueries(tenant)
  void client.prefetchQuery(queries.games)
  void client.prefetchQuery(queries.byes)
  void client.prefetchQuery(queries.weekOffs)
  void client.prefetchQuery(queries.leagues)
}

// ---- Admin (the signed-in user's organization) ----

export type AdminSeason = Season
export type AdminLeague = SeasonLeague
export type AdminTeam = SeasonTeam

/**
 * POST /api/games. The route reads ids from text too (so their input type is unknown); the screens
 * send and carry them as numbers.
 */
export type NewGameInput = z.input<typeof newGame> & Pick<z.output<typeof newGame>, 'season_id' | 'leagueId'>
/** PUT /api/games/{id}. */
export type GameChangesInput = z.input<typeof gameChanges>

export const fetchSeasons = () => api.get<{ seasons: AdminSeason[] }>('/api/seasonsv2').then((body) => body.seasons)

export const fetchSeasonLeagues = (seasonId: number) =>
  api.get<{ leagues: AdminLeague[] }>(`/api/seasonsv2/${seasonId}/leagues`).then((body) => body.leagues)

export const fetchLeagueTeams = (seasonId: number, leagueId: number) =>
  api.get<{ teams: AdminTeam[] }>(`/api/seasonsv2/${seasonId}/leagues/${leagueId}/teams`).then((body) => body.teams)

export const adminSeasonsQuery = queryOptions({ queryKey: scheduleKeys.seasons, queryFn: fetchSeasons, staleTime: 60_000 })
export const useSeasons = () => useQuery(adminSeasonsQuery)

export const useSeasonLeagues = (seasonId: number | null) =>
  useQuery({
    queryKey: scheduleKeys.seasonLeagues(seasonId ?? 0),
    queryFn: () => fetchSeasonLeagues(seasonId ?? 0),
    enabled: seasonId !== null,
    staleTime: 60_000,
  })

export const useLeagueTeams = (seasonId: number | null, leagueId: number | null) =>
  useQuery({
    queryKey: scheduleKeys.leagueTeams(seasonId ?? 0, leagueId ?? 0),
    queryFn: () => fetchLeagueTeams(seasonId ?? 0, leagueId ?? 0),
    enabled: seasonId !== null && leagueId !== null,
    staleTime: 60_000,
  })
