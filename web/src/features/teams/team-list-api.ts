// The global team list's pages (GET /api/teams with seasonId, q, limit, offset:
// docs/decisions/2026-11-25-admin-paging.md). Under teamKeys.all, so every team write refreshes it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { teamPage } from '../../../../worker/contract/teams'
import { PAGE_SIZE, type SeasonChoice, seasonIdParam } from '../../components/pager'
import { api } from '../../lib/api-client'
import { teamKeys } from './api'

/** A page of the list; `seasonId` is what `active` turned out to be, null for every season. */
export type TeamPage = z.output<typeof teamPage>

export interface TeamPageQuery {
  season: SeasonChoice
  q: string
  offset: number
  limit?: number
}

export const fetchTeamPage = ({ season, q, offset, limit = PAGE_SIZE }: TeamPageQuery, signal?: AbortSignal) =>
  api.get<TeamPage>('/api/teams', { seasonId: seasonIdParam(season), q, limit, offset }, signal)

/** One page of teams; the last page stays on screen while the next loads. */
export const teamPageQuery = (query: TeamPageQuery) =>
  queryOptions({ queryKey: [...teamKeys.all, 'page', query], queryFn: ({ signal }) => fetchTeamPage(query, signal) })

export const useTeamPage = (query: TeamPageQuery, enabled = true) =>
  useQuery({ ...teamPageQuery(query), placeholderData: keepPreviousData, enabled })
