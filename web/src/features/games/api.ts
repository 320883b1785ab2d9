import { queryOptions, useQuery } from '@tanstack/react-query'
import type { GameStatus } from '../../../../worker/domain/games'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

/** A game as GET /api/gamesv2 and /api/gamesv2/{id} send it (docs/reference/public-site.md §3, docs/reference/league-admin.md §3); team1 is home. */
export interface Game {
  id: number
  season_id: number | null
  leagueId: number | null
  league: { id: number; name: string | null } | null
  homeTeam: { id: number; name: string }
  awayTeam: { id: number; name: string }
  team1_id: number
  team2_id: number
  date: string | null
  time: string | null
  game_dateTime: string | null
  location: string | null
  video_url: string | null
  status: GameStatus
  score_team1: number
  score_team2: number
  score_home: number
  score_away: number
  /** Send back with an edit (docs/api-concurrency.md). */
  version: number
}

export interface RosterPlayer {
  id: number
  firstName: string
  lastName: string
  image: string | null
}

export interface PeriodScore {
  id: number
  team_id: number
  score: number
  gamePeriod: { id: number; name: string; hidden: boolean }
}

export interface GamePeriod {
  id: number
  name: string
  order: number
  hidden: boolean
}

export interface StatDefinition {
  id: number
  name: string
  abbreviation: string
  order: number
}

export interface PlayerStatRow {
  player_id: number
  team_id: number
  stat_id: number
  value: number
}

export interface GameDetail {
  game: Game
  homeRoster: RosterPlayer[]
  awayRoster: RosterPlayer[]
  periodScores: PeriodScore[]
  gamePeriods: GamePeriod[]
  allStats: StatDefinition[]
  playerStats: PlayerStatRow[]
  /** Each player's box-score line version (docs/api-concurrency.md); 0 when absent. */
  lineVersions: Record<string, number>
}

export interface BoxScoreInput {
  game_id: number
  stats: { player_id: number; game_id: number; stat_id: number; value: number }[]
  /** Only these players' lines are saved, each while it still has the version read. */
  lineVersions?: Record<string, number>
}

export interface ScoresInput {
  version?: number
  score_home: number
  score_away: number
  periodScores: { game_period_id: number; team_id: number; score: number }[]
}

export interface GameDetailsInput {
  version?: number
  video_url: string | null
  location: string | null
  date: string | null
  time: string | null
  status: GameStatus
}

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
