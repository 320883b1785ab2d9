import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  Division,
  DivisionsData,
  LeaguesWithTeams,
  newLeague,
  Season,
  SeasonLeague,
  SeasonsLeague,
  seasonBody,
  seasonChanges,
} from '../../../worker/contract/seasons'
import type { StandingRow } from '../../../worker/contract/standings'
import { api } from './api-client'
import { areaWrites } from './area-writes'

export type {
  Division,
  DivisionsData,
  LeaguesWithTeams,
  Season,
  SeasonLeague,
  SeasonsLeague,
} from '../../../worker/contract/seasons'
export type { StandingRow } from '../../../worker/contract/standings'

export type SeasonInput = z.input<typeof seasonBody>
export type SeasonChanges = z.input<typeof seasonChanges>
export type NewLeagueInput = z.input<typeof newLeague>

export const seasonKeys = {
  all: ['seasons'] as const,
  list: ['seasons', 'list'] as const,
  detail: (id: number) => ['seasons', 'detail', id] as const,
  leagues: (id: number) => ['seasons', 'leagues', id] as const,
  divisions: (id: number) => ['seasons', 'divisions', id] as const,
  leaguesWithTeams: (id: number) => ['seasons', 'leagues-with-teams', id] as const,
  seasonsLeagues: ['seasons', 'seasons-leagues'] as const,
}

export const fetchSeasons = () => api.get<{ seasons: Season[] }>('/api/seasonsv2').then((b) => b.seasons)
export const fetchSeason = (id: number) => api.get<{ season: Season }>(`/api/seasonsv2/${id}`).then((b) => b.season)
export const fetchSeasonLeagues = (id: number) =>
  api.get<{ leagues: SeasonLeague[] }>(`/api/seasonsv2/${id}/leagues`).then((b) => b.leagues)
export const fetchDivisions = (id: number) => api.get<DivisionsData>(`/api/seasonsv2/${id}/divisions`)
export const fetchLeaguesWithTeams = (id: number) => api.get<LeaguesWithTeams>(`/api/seasonsv2/${id}/leagues-with-teams-public`)
export const fetchSeasonsLeagues = () =>
  api.get<{ seasonsLeagues: SeasonsLeague[] }>('/api/seasonsleagues').then((b) => b.seasonsLeagues)

export const seasonsQuery = queryOptions({ queryKey: seasonKeys.list, queryFn: fetchSeasons })
export const useSeasons = () => useQuery(seasonsQuery)
export const useSeason = (id: number) => useQuery({ queryKey: seasonKeys.detail(id), queryFn: () => fetchSeason(id) })
export const useSeasonLeagues = (id: number | null) =>
  useQuery({
    queryKey: seasonKeys.leagues(id ?? 0),
    queryFn: () => fetchSeasonLeagues(id as number),
    enabled: id !== null && id > 0,
  })
export const useDivisions = (id: number | null) =>
  useQuery({
    queryKey: seasonKeys.divisions(id ?? 0),
    queryFn: () => fetchDivisions(id as number),
    enabled: id !== null && id > 0,
  })
export const useLeaguesWithTeams = (id: number | null) =>
  useQuery({
    queryKey: seasonKeys.leaguesWithTeams(id ?? 0),
    queryFn: () => fetchLeaguesWithTeams(id as number),
    enabled: id !== null && id > 0,
  })
export const seasonsLeaguesQuery = queryOptions({ queryKey: seasonKeys.seasonsLeagues, queryFn: fetchSeasonsLeagues })
export const useSeasonsLeagues = () => useQuery(seasonsLeaguesQuery)

/** Season, league and division writes change lists, counts and standings: refresh the area. */
const useSeasonsWrite = areaWrites((queryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
    // The teams screens read the same standings.
    queryClient.invalidateQueries({ queryKey: ['teams'] }),
  ]),
)

export const useCreateSeason = () =>
  useSeasonsWrite((input: SeasonInput) => api.post<{ season: Season }>('/api/seasonsv2', input).then((b) => b.season))

export const useUpdateSeason = () =>
  useSeasonsWrite(
    ({ id, input }: { id: number; input: SeasonChanges }) =>
      api.put<{ season: Season }>(`/api/seasonsv2/${id}`, input).then((b) => b.season),
    { refreshOnConflict: true },
  )

/** Atomic on the server: all go, or none (409 when a season holds played games). */
export const useDeleteSeasons = () => useSeasonsWrite((ids: number[]) => api.post<void>('/api/seasonsv2/delete', { ids }))

export const useAddLeague = (seasonId: number) =>
  useSeasonsWrite((input: NewLeagueInput) =>
    api
      .post<{ league: SeasonLeague }>(`/api/seasonsv2/${seasonId}/leagues`, { ...input, season_id: seasonId })
      .then((b) => b.league),
  )

export const useDeleteLeagues = (seasonId: number) =>
  useSeasonsWrite((ids: number[]) => api.post<void>(`/api/seasonsv2/${seasonId}/leagues/delete`, { ids }))

/** Drag-to-reorder: the new order shows at once and rolls back if the server refuses it. */
export function useReorderLeagues(seasonId: number) {
  const queryClient = useQueryClient()
  const key = seasonKeys.leagues(seasonId)
  return useMutation({
    mutationFn: (ordered: SeasonLeague[]) =>
      api.put(`/api/seasonsv2/${seasonId}/leagues/order`, {
        orderedLeagues: ordered.map((league, index) => ({ id: league.id, position: index + 1 })),
      }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<SeasonLeague[]>(key)
      queryClient.setQueryData<SeasonLeague[]>(
        key,
        ordered.map((league, index) => ({ ...league, position: index + 1 })),
      )
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useCreateDivision(seasonId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => api.post(`/api/seasonsv2/${seasonId}/divisions`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonKeys.divisions(seasonId) }),
  })
}

export function useDeleteDivision(seasonId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (divisionId: number) => api.delete(`/api/divisions/${divisionId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonKeys.divisions(seasonId) }),
  })
}

/** Optimistic edits of the divisions panel: apply `change` now, undo it if the call fails. */
function useDivisionsMutation<Input>(
  seasonId: number,
  call: (input: Input) => Promise<unknown>,
  change: (data: DivisionsData, input: Input) => DivisionsData,
) {
  const queryClient = useQueryClient()
  const key = seasonKeys.divisions(seasonId)
  return useMutation({
    mutationFn: call,
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<DivisionsData>(key)
      if (previous) queryClient.setQueryData<DivisionsData>(key, change(previous, input))
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useReorderDivisions(seasonId: number) {
  return useDivisionsMutation(
    seasonId,
    (ordered: Division[]) =>
      api.put(`/api/seasonsv2/${seasonId}/divisions/order`, {
        orderedDivisions: ordered.map((division, index) => ({ id: division.id, position: index + 1 })),
      }),
    (data, ordered) => ({ ...data, divisions: ordered.map((division, index) => ({ ...division, position: index + 1 })) }),
  )
}

/** docs/reference/league-admin.md §4: dropping a team in a division assigns it (from the standings or another division). */
export function useAssignToDivision(seasonId: number) {
  return useDivisionsMutation(
    seasonId,
    ({ divisionId, team }: { divisionId: number; team: StandingRow }) =>
      api.post(`/api/divisions/${divisionId}/teams`, { seasons_leagues_teams_id: team.slt_id }),
    (data, { divisionId, team }) => {
      const moved = { ...team, division_id: divisionId }
      return {
        unassigned: data.unassigned.filter((row) => row.slt_id !== team.slt_id),
        divisions: data.divisions.map((division) => {
          const teams = division.teams.filter((row) => row.slt_id !== team.slt_id)
          return division.id === divisionId ? { ...division, teams: [...teams, moved] } : { ...division, teams }
        }),
      }
    },
  )
}

/** docs/reference/league-admin.md §4: removing a team returns it to the unassigned standings. */
export function useRemoveFromDivision(seasonId: number) {
  return useDivisionsMutation(
    seasonId,
    ({ divisionId, team }: { divisionId: number; team: StandingRow }) =>
      api.delete(`/api/divisions/${divisionId}/teams/${team.slt_id}`),
    (data, { divisionId, team }) => ({
      unassigned: [...data.unassigned, { ...team, division_id: null }],
      divisions: data.divisions.map((division) =>
        division.id === divisionId
          ? { ...division, teams: division.teams.filter((row) => row.slt_id !== team.slt_id) }
          : division,
      ),
    }),
  )
}
