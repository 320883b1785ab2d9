import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerBasic, PlayerSeasonStats } from '../../../../worker/contract/players'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type { PlayerBasic, PlayerSeasonStats } from '../../../../worker/contract/players'
export type { GameLogEntry, SeasonStats, StatDefinition, StatsSummary } from '../../components/player-stats/types'

/** A team, league and season the player has played in. */
export type TeamPlace = PlayerBasic['teamHistory'][number]

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
export const validId = (id: number) => Number.isInteger(id) && id > 0

export const fetchPlayerBasic = (id: number, tenant: Tenant | null, scope: StatsScope) =>
  api.get<PlayerBasic>(`/api/playersv2/${id}/basic`, { ...(tenant ? tenantQuery(tenant) : {}), scope })

export const fetchPlayerSeasonStats = (id: number, tenant: Tenant | null) =>
  api.get<PlayerSeasonStats>(`/api/playersv2/${id}/stats`, tenant ? tenantQuery(tenant) : undefined)

/**
 * The profile's data: header, PPG / FT% / 3PM boxes and the game log. `scope` 'active' keeps to the
 * active season (the public profile), 'all' covers every season (the stats page).
 */
export const playerBasicQuery = (id: number, tenant: Tenant | null, scope: StatsScope = 'active') =>
  queryOptions({
    queryKey: playerStatsKeys.basic(tenant, id, scope),
    queryFn: () => fetchPlayerBasic(id, tenant, scope),
    enabled: validId(id),
    retry: noRetryOnClientError,
  })

export const usePlayerBasic = (id: number, tenant: Tenant | null, scope: StatsScope = 'active') =>
  useQuery(playerBasicQuery(id, tenant, scope))

/** The Season Breakdown: per season GP, averages and its games. */
export const playerSeasonStatsQuery = (id: number, tenant: Tenant | null) =>
  queryOptions({
    queryKey: playerStatsKeys.seasons(tenant, id),
    queryFn: () => fetchPlayerSeasonStats(id, tenant),
    enabled: validId(id),
    retry: noRetryOnClientError,
  })

export const usePlayerSeasonStats = (id: number, tenant: Tenant | null) => useQuery(playerSeasonStatsQuery(id, tenant))
