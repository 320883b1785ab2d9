// The admin schedule's pages (GET /api/games with seasonId, q, limit, offset:
// docs/decisions/2026-11-25-admin-paging.md). Keyed under ['schedule', 'admin', 'games'], which
// every game write refreshes (./admin-api).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { gamePage } from '../../../../worker/contract/games'
import { PAGE_SIZE, type SeasonChoice, seasonIdParam } from '../../components/pager'
import { api } from '../../lib/api-client'

/** A page of games; `seasonId` is what `active` turned out to be, null for every season. */
export type GamePage = z.output<typeof gamePage>

export interface GamePageQuery {
  season: SeasonChoice
  /** Either team's name contains it. */
  q: string
  offset: number
  leagueId?: number
}

export const fetchGamePage = ({ season, q, offset, leagueId }: GamePageQuery, signal?: AbortSignal) =>
  api.get<GamePage>(
    '/api/games',
    {
      seasonId: seasonIdParam(season),
      ...(season === 'all' && { scope: 'all' }),
      leagueId,
      q,
      limit: PAGE_SIZE,
      offset,
    },
    signal,
  )

/** One page of games by date and time; the last page stays on screen while the next loads. */
export const gamePageQuery = (query: GamePageQuery) =>
  queryOptions({ queryKey: ['schedule', 'admin', 'games', 'page', query], queryFn: ({ signal }) => fetchGamePage(query, signal) })

export const useGamePage = (query: GamePageQuery, enabled = true) =>
  useQuery({ ...gamePageQuery(query), placeholderData: keepPreviousData, enabled })
