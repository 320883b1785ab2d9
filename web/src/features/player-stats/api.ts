import { useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export interface StatDefinition {
  id: number
  name: string
  abbreviation: string
  order: number
}

/** One game of a player's log (GET /api/playersv2/{id}/basic and /stats), derived values filled in. */
export interface GameLogEntry {
  game_id: number
  date: string | null
  time: string | null
  game_dateTime: string | null
  season: { id: number; name: string | null } | null
  team: { id: number; name: string }
  opponent: { id: number; name: string }
  home: boolean
  matchup: string
  /** "W 52-48" from the player's side; null before the game has a score. */
  result: string | null
  stats: Record<string, number>
}

export interface StatsSummary {
  gamesPlayed: number
  ppg: number
  ftPercentage: number
  threesPerGame: number
  total3PM: number
  efgPercentage: number
  tsPercentage: number
  averages: Record<string, number>
  totals: Record<string, number>
}

export interface TeamPlace {
  team: { id: number; name: string }
  league: { id: number; name: string }
  season: { id: number; name: string; active: boolean }
}

export interface PlayerBasic {
  player: { id: number; firstName: string; lastName: string; image: string | null; team: { id: number; name: string } | null }
  teamHistory: TeamPlace[]
  allStats: StatDefinition[]
  gameStats: GameLogEntry[]
  activeSeasonId: number | null
  summary: StatsSummary
}

export interface SeasonStats extends StatsSummary {
  season: { id: number; name: string | null } | null
  games: GameLogEntry[]
}

export interface PlayerSeasonStats {
  gameStats: GameLogEntry[]
  allStats: StatDefinition[]
  seasons: SeasonStats[]
  summary: StatsSummary
}

export type StatsScope = 'active' | 'all'

/** Public reads name the tenant; signed-in pages without one read the user's own organization. */
const scopeKey = (tenant: Tenant | null) => (tenant ? tenantKey(tenant) : 'dashboard')

export const playerStatsKeys = {
  all: ['player-stats'] as const,
  basic: (tenant: Tenant | null, id: number, scope: StatsScope) =>
    ['player-stats', scopeKey(tenant), id, 'basic', scope] as const,
  seasons: (tenant: Tenant | null, id: number) => ['player-stats', scopeKey(tenant), id, 'seasons'] as const,
}

const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2
const validId = (id: number) => Number.isInteger(id) && id > 0

export const fetchPlayerBasic = (id: number, tenant: Tenant | null, scope: StatsScope) =>
  api.get<PlayerBasic>(`/api/playersv2/${id}/basic`, { ...(tenant ? tenantQuery(tenant) : {}), scope })

export const fetchPlayerSeasonStats = (id: number, tenant: Tenant | null) =>
  api.get<PlayerSeasonStats>(`/api/playersv2/${id}/stats`, tenant ? tenantQuery(tenant) : undefined)

/**
 * The profile's data: header, PPG / FT% / 3PM boxes and the game log. `scope` 'active' keeps to the
 * active season (the public profile), 'all' covers every season (the stats page).
 */
export const usePlayerBasic = (id: number, tenant: Tenant | null, scope: StatsScope = 'active') =>
  useQuery({
    queryKey: playerStatsKeys.basic(tenant, id, scope),
    queryFn: () => fetchPlayerBasic(id, tenant, scope),
    enabled: validId(id),
    retry: noRetryOnClientError,
  })

/** The Season Breakdown: per season GP, averages and its games. */
export const usePlayerSeasonStats = (id: number, tenant: Tenant | null) =>
  useQuery({
    queryKey: playerStatsKeys.seasons(tenant, id),
    queryFn: () => fetchPlayerSeasonStats(id, tenant),
    enabled: validId(id),
    retry: noRetryOnClientError,
  })
