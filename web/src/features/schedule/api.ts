import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { GameStatus } from '../../../../worker/domain/games'
import { api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'
import type { ScheduleBye, ScheduleGame, ScheduleWeekOff } from './schedule-rows'

export const scheduleKeys = {
  all: ['schedule'] as const,
  publicGames: (tenant: Tenant) => ['schedule', 'public', tenantKey(tenant), 'games'] as const,
  byes: (tenant: Tenant) => ['schedule', 'public', tenantKey(tenant), 'byes'] as const,
  weekOffs: (tenant: Tenant) => ['schedule', 'public', tenantKey(tenant), 'week-offs'] as const,
  leagues: (tenant: Tenant) => ['schedule', 'public', tenantKey(tenant), 'leagues'] as const,
  seasons: ['schedule', 'admin', 'seasons'] as const,
  seasonLeagues: (seasonId: number) => ['schedule', 'admin', 'leagues', seasonId] as const,
  leagueTeams: (seasonId: number, leagueId: number) => ['schedule', 'admin', 'teams', seasonId, leagueId] as const,
}

// ---- Public reads (the active season; the tenant named by ?slug= or ?domain=) ----

export const fetchPublicGames = (tenant: Tenant) =>
  api.get<{ games: ScheduleGame[] }>('/api/gamesv2', tenantQuery(tenant)).then((body) => body.games)

export const fetchPublicByes = (tenant: Tenant) =>
  api.get<{ byes: ScheduleBye[] }>('/api/bye-dates/public', tenantQuery(tenant)).then((body) => body.byes)

export const fetchPublicWeekOffs = (tenant: Tenant) =>
  api.get<{ weekOffs: ScheduleWeekOff[] }>('/api/week-offs/public', tenantQuery(tenant)).then((body) => body.weekOffs)

export const fetchPublicLeagues = (tenant: Tenant) =>
  api.get<{ leagues: { id: number; name: string }[] }>('/api/leaguesv2', tenantQuery(tenant)).then((body) => body.leagues)

const publicScheduleQueries = (tenant: Tenant) => ({
  games: queryOptions({ queryKey: scheduleKeys.publicGames(tenant), queryFn: () => fetchPublicGames(tenant) }),
  byes: queryOptions({ queryKey: scheduleKeys.byes(tenant), queryFn: () => fetchPublicByes(tenant), staleTime: 5 * 60_000 }),
  weekOffs: queryOptions({
    queryKey: scheduleKeys.weekOffs(tenant),
    queryFn: () => fetchPublicWeekOffs(tenant),
    staleTime: 5 * 60_000,
  }),
  leagues: queryOptions({
    queryKey: scheduleKeys.leagues(tenant),
    queryFn: () => fetchPublicLeagues(tenant),
    staleTime: 5 * 60_000,
  }),
})

export const usePublicGames = (tenant: Tenant) => useQuery(publicScheduleQueries(tenant).games)
export const usePublicByes = (tenant: Tenant) => useQuery(publicScheduleQueries(tenant).byes)
export const usePublicWeekOffs = (tenant: Tenant) => useQuery(publicScheduleQueries(tenant).weekOffs)
export const usePublicLeagues = (tenant: Tenant) => useQuery(publicScheduleQueries(tenant).leagues)

/** The public schedule's four reads at once, before the page has rendered. */
export function prefetchPublicSchedule(client: QueryClient, tenant: Tenant) {
  const queries = publicScheduleQueries(tenant)
  void client.prefetchQuery(queries.games)
  void client.prefetchQuery(queries.byes)
  void client.prefetchQuery(queries.weekOffs)
  void client.prefetchQuery(queries.leagues)
}

// ---- Admin (the signed-in user's organization) ----

export interface AdminSeason {
  id: number
  name: string
  active: boolean
  organization_id?: number
}

export interface AdminLeague {
  id: number
  name: string
}

export interface AdminTeam {
  id: number
  name: string
}

export interface NewGameInput {
  season_id: number
  leagueId: number
  team1_id: number
  team2_id: number
  date: string | null
  time: string | null
  location: string | null
}

export interface GameChangesInput {
  team1_id: number
  team2_id: number
  date: string | null
  time: string | null
  location: string | null
  status: GameStatus
}

export const fetchSeasons = () => api.get<{ seasons: AdminSeason[] }>('/api/seasonsv2').then((body) => body.seasons)

export const fetchSeasonLeagues = (seasonId: number) =>
  api.get<{ leagues: AdminLeague[] }>(`/api/seasonsv2/${seasonId}/leagues`).then((body) => body.leagues)

export const fetchLeagueTeams = (seasonId: number, leagueId: number) =>
  api.get<{ teams: AdminTeam[] }>(`/api/seasonsv2/${seasonId}/leagues/${leagueId}/teams`).then((body) => body.teams)

export const useSeasons = () => useQuery({ queryKey: scheduleKeys.seasons, queryFn: fetchSeasons, staleTime: 60_000 })

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
