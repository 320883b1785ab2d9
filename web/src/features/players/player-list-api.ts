// The admin player list's pages (GET /api/playersv2 with seasonId and offset, and the season's
// teams for its team filter: docs/decisions/2026-11-25-admin-paging.md). Under playerKeys.list, so
// the player writes that refresh the list refresh these too.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerPage } from '../../../../worker/contract/players'
import { PAGE_SIZE, type SeasonChoice, seasonIdParam } from '../../components/pager'
import { api } from '../../lib/api-client'
import { playerKeys, type TeamOption } from './api'

export type { PlayerPage }

export interface PlayerPageQuery {
  season: SeasonChoice
  /** At least 2 characters (the start of a first, last or full name), else none. */
  search: string
  teamId: string
  offset: number
}

export const fetchPlayerPage = ({ season, search, teamId, offset }: PlayerPageQuery, signal?: AbortSignal) =>
  api.get<PlayerPage>('/api/playersv2', { seasonId: seasonIdParam(season), search, teamId, limit: PAGE_SIZE, offset }, signal)

/** One page of players; the last page stays on screen while the next loads. */
export const playerPageQuery = (query: PlayerPageQuery) =>
  queryOptions({ queryKey: [...playerKeys.list, 'page', query], queryFn: ({ signal }) => fetchPlayerPage(query, signal) })

export const usePlayerPage = (query: PlayerPageQuery) =>
  useQuery({ ...playerPageQuery(query), placeholderData: keepPreviousData })

/** The team filter's choices: the season's teams (every season has too many to list). */
export const seasonTeamOptionsQuery = (season: SeasonChoice) =>
  queryOptions({
    queryKey: [...playerKeys.teams, season],
    queryFn: ({ signal }) =>
      api
        .get<{ teams: TeamOption[]; seasonId: number | null }>('/api/teams', { seasonId: season, limit: 500 }, signal)
        .then((body) => body.teams),
    enabled: season !== 'all',
    staleTime: 60_000,
  })

export const useSeasonTeamOptions = (season: SeasonChoice) => useQuery(seasonTeamOptionsQuery(season))
