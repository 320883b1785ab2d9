// The league page's schedule, a page of one season at a time (GET /api/games with leagueId,
// seasonId or scope=all, q, limit, offset: docs/decisions/2026-11-25-admin-paging.md).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { gamePage } from '../../../../worker/contract/games'
import { PAGE_SIZE, type SeasonChoice, seasonIdParam } from '../../components/pager'
import { api } from '../../lib/api-client'

/** A game of the simple league schedule. */
export type { Game as LeagueGame } from '../../../../worker/contract/games'
export type LeagueGamePage = z.output<typeof gamePage>

export interface LeagueGameQuery {
  leagueId: number
  season: SeasonChoice
  q: string
  offset: number
}

/** One page of the league's games by date; the last page stays on screen while the next loads. */
export const leagueGamePageQuery = ({ leagueId, season, q, offset }: LeagueGameQuery) =>
  queryOptions({
    queryKey: ['games', 'league', leagueId, 'page', { season, q, offset }],
    queryFn: ({ signal }) =>
      api.get<LeagueGamePage>(
        '/api/games',
        {
          leagueId,
          seasonId: seasonIdParam(season),
          ...(season === 'all' && { scope: 'all' }),
          q,
          limit: PAGE_SIZE,
          offset,
        },
        signal,
      ),
  })

export const useLeagueGamePage = (query: LeagueGameQuery, enabled = true) =>
  useQuery({
    ...leagueGamePageQuery(query),
    placeholderData: keepPreviousData,
    enabled: enabled && Number.isInteger(query.leagueId) && query.leagueId > 0,
  })
