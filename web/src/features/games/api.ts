import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  boxScoreBody,
  gameDetailsFields,
  scoresBody,
  GameDetail as WireGameDetail,
  StatDefinition as WireStat,
  PlayerStatRow as WireStatRow,
} from '../../../../worker/contract/games'
import type { GamePeriod as WirePeriod } from '../../../../worker/contract/settings'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

// The wire types are the worker's answer and request schemas (worker/contract/games.ts).
export type { Game, GameRosterPlayer as RosterPlayer, PeriodScore } from '../../../../worker/contract/games'

/** A period of the game's sport; the screens never read its sport. */
export type GamePeriod = Omit<WirePeriod, 'sportId'>
/** A stat of the game's sport; every one sent is visible, so the screens never read is_visible. */
export type StatDefinition = Omit<WireStat, 'is_visible'>
/** A recorded stat row; the screens know its game. */
export type PlayerStatRow = Omit<WireStatRow, 'game_id'>
/** GET /api/gamesv2/{id}, as the screens read it. */
export type GameDetail = Omit<WireGameDetail, 'gamePeriods' | 'allStats' | 'playerStats'> & {
  gamePeriods: GamePeriod[]
  allStats: StatDefinition[]
  playerStats: PlayerStatRow[]
}

/** PUT /api/player-game-stats: a whole box score, or only the lines of `lineVersions`. */
export type BoxScoreInput = z.input<typeof boxScoreBody>
/** PUT /api/gamesv2/{id}/scores. */
export type ScoresInput = z.input<typeof scoresBody>
/** PUT /api/gamesv2/{id}/details. */
export type GameDetailsInput = z.input<typeof gameDetailsFields>

/** Public reads name the tenant; the dashboard's reads act for the signed-in user's organization. */
const scopeKey = (tenant: Tenant | null) => (tenant ? tenantKey(tenant) : 'dashboard')

export const gameKeys = {
  all: ['games'] as const,
  detail: (tenant: Tenant | null, id: number) => ['games', 'detail', scopeKey(tenant), id] as const,
}

const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2

export const fetchGameDetail = (id: number, tenant: Tenant | null) =>
  api.get<GameDetail>(`/api/gamesv2/${id}`, tenant ? tenantQuery(tenant) : undefined)

export const gameDetailQuery = (id: number, tenant: Tenant | null) =>
  queryOptions({
    queryKey: gameKeys.detail(tenant, id),
    queryFn: () => fetchGameDetail(id, tenant),
    enabled: Number.isInteger(id) && id > 0,
    retry: noRetryOnClientError,
  })

export const useGameDetail = (id: number, tenant: Tenant | null) => useQuery(gameDetailQuery(id, tenant))
