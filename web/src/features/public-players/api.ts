import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Player, PlayerBasic, PlayerChoices, PlayerDetail } from '../../../../worker/contract/players'
import type { SeasonChoice } from '../../components/season-switch'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type {
  AttributeValue,
  Player as PublicPlayer,
  PlayerChoices,
  PlayerDetail as PublicPlayerDetail,
  RosterPlace,
} from '../../../../worker/contract/players'

/** What the public players page asks the server for (docs/reference/public-site.md §2.8); empty strings mean no filter. */
export interface PlayerQuery {
  search: string
  leagueId: string
  teamId: string
  /** A season published ahead (docs/published-seasons.md); null for the active season. */
  seasonId: number | null
}

export const publicPlayerKeys = {
  list: (tenant: Tenant, query: PlayerQuery) => ['public-players', tenantKey(tenant), 'list', query] as const,
  choices: (tenant: Tenant, seasonId: number | null) => ['public-players', tenantKey(tenant), 'choices', seasonId] as const,
  seasons: (tenant: Tenant) => ['public-players', tenantKey(tenant), 'seasons'] as const,
  detail: (tenant: Tenant, id: number) => ['public-players', tenantKey(tenant), id] as const,
}

export const validPlayerId = (id: number) => Number.isInteger(id) && id > 0

const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2

/** One page of players: the server searches and filters (docs/reference/performance.md: never the whole history). */
export const PUBLIC_PLAYERS_PAGE = 100
/** The server searches names from this many characters. */
export const MIN_SEARCH = 2

export const fetchPublicPlayers = (tenant: Tenant, query: PlayerQuery) =>
  api
    .get<{ players: Player[]; truncated?: boolean; total?: number }>('/api/playersv2', {
      ...tenantQuery(tenant),
      ...(query.search && { search: query.search }),
      ...(query.leagueId && { leagueId: query.leagueId }),
      ...(query.teamId && { teamId: query.teamId }),
      // A season asked for makes the answer a counted page (docs/decisions/2026-11-25-admin-paging.md).
      ...(query.seasonId && { seasonId: String(query.seasonId) }),
      limit: PUBLIC_PLAYERS_PAGE,
    })
    .then(({ players, truncated, total }) => ({ players, truncated: truncated ?? (total ?? 0) > players.length }))

export const fetchPublicPlayer = (tenant: Tenant, id: number) =>
  api.get<{ player: PlayerDetail }>(`/api/playersv2/${id}`, tenantQuery(tenant)).then((body) => body.player)

export const usePublicPlayers = (tenant: Tenant, query: PlayerQuery, enabled: boolean) =>
  useQuery({
    queryKey: publicPlayerKeys.list(tenant, query),
    queryFn: () => fetchPublicPlayers(tenant, query),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

/** The active (or the chosen) season's leagues and teams, sorted by name (GET /api/playersv2/filters). */
export const usePlayerChoices = (tenant: Tenant, seasonId: number | null) =>
  useQuery({
    queryKey: publicPlayerKeys.choices(tenant, seasonId),
    queryFn: () =>
      api.get<PlayerChoices>('/api/playersv2/filters', {
        ...tenantQuery(tenant),
        ...(seasonId && { seasonId: String(seasonId) }),
      }),
    staleTime: 60_000,
  })

/** The seasons the public site may offer (the active one and those published ahead). */
export const usePublicSeasonChoices = (tenant: Tenant) =>
  useQuery({
    queryKey: publicPlayerKeys.seasons(tenant),
    queryFn: () => api.get<{ seasons: SeasonChoice[] }>('/api/seasonsv2', tenantQuery(tenant)).then((b) => b.seasons),
    staleTime: 60_000,
  })

export const publicPlayerQuery = (tenant: Tenant, id: number) =>
  queryOptions({
    queryKey: publicPlayerKeys.detail(tenant, id),
    queryFn: () => fetchPublicPlayer(tenant, id),
    enabled: validPlayerId(id),
    staleTime: 30_000,
    retry: noRetryOnClientError,
  })

export const usePublicPlayer = (tenant: Tenant, id: number) => useQuery(publicPlayerQuery(tenant, id))

/** The profile's stat boxes and this season's game log (GET /api/playersv2/{id}/basic). */
export type PlayerBasicStats = Pick<PlayerBasic, 'allStats' | 'gameStats' | 'summary'>

export const publicPlayerStatsQuery = (tenant: Tenant, id: number) =>
  queryOptions({
    queryKey: [...publicPlayerKeys.detail(tenant, id), 'basic'],
    queryFn: () => api.get<PlayerBasicStats>(`/api/playersv2/${id}/basic`, { ...tenantQuery(tenant), scope: 'active' }),
    enabled: validPlayerId(id),
    staleTime: 30_000,
    retry: noRetryOnClientError,
  })

export const usePublicPlayerStats = (tenant: Tenant, id: number) => useQuery(publicPlayerStatsQuery(tenant, id))

export const fullName = (player: Pick<Player, 'firstName' | 'lastName'>) => `${player.firstName} ${player.lastName}`.trim()
